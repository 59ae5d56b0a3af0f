// Adds up the JSON reports of Vitest and Playwright and prints "N passed, N failed" last.
// A browser journey that passed only on its retry (flaky) counts as failed unless it is listed,
// with its cause, in .ci/known-flaky.txt (printed here on every run; its goal is to be empty).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = process.argv[2];
const knownFlakyFile =
  process.env.CI_KNOWN_FLAKY ??
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'known-flaky.txt');
let passed = 0;
let failed = 0;

/** `<journey> | <cause>` lines of the known-flaky file; a line without a cause is an error. */
function readKnownFlaky(file) {
  const known = new Map();
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  for (const line of lines.map((item) => item.trim())) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf('|');
    const journey = at < 0 ? line : line.slice(0, at).trim();
    const cause = at < 0 ? '' : line.slice(at + 1).trim();
    if (!cause) {
      console.log(`${path.basename(file)}: "${journey}" has no cause: listed journeys need one`);
      failed += 1;
      continue;
    }
    known.set(journey, cause);
  }
  return known;
}

/** Every test of a Playwright JSON report that passed only on a retry, as `file › titles`. */
function flakyJourneys(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((test) => test.status === 'flaky')) {
        found.push(`${spec.file ?? suite.file} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suites are the spec files: their title is the file, not a describe.
  for (const top of report.suites ?? []) walk(top, []);
  return found;
}

const knownFlaky = readKnownFlaky(knownFlakyFile);
console.log(
  knownFlaky.size === 0
    ? `known flaky journeys (${path.basename(knownFlakyFile)}): none`
    : `known flaky journeys (${path.basename(knownFlakyFile)}), each still to fix:\n${[
        ...knownFlaky,
      ]
        .map(([journey, cause]) => `  ${journey} | ${cause}`)
        .join('\n')}`,
);
const files = fs.existsSync(dir)
  ? fs.readdirSync(dir).filter((file) => file.endsWith('.json'))
  : [];
for (const file of files) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    const flaky = flakyJourneys(report);
    const unlisted = flaky.filter((journey) => !knownFlaky.has(journey));
    passed += report.stats.expected + (flaky.length - unlisted.length);
    failed += report.stats.unexpected + unlisted.length;
    // The report's own count, in case a flaky test was not found in its suites.
    failed += Math.max(0, (report.stats.flaky ?? 0) - flaky.length);
    const retried = flaky.length ? `, ${flaky.length} passed only on retry (flaky)` : '';
    console.log(
      `${file}: ${report.stats.expected} passed, ${report.stats.unexpected} failed${retried}`,
    );
    for (const journey of flaky) {
      console.log(
        knownFlaky.has(journey)
          ? `  flaky, known (${knownFlaky.get(journey)}): ${journey}`
          : `  flaky, NOT in ${path.basename(knownFlakyFile)} (counted as failed): ${journey}`,
      );
    }
  } else {
    // Vitest; a file that failed to load counts as a failure too
    const fileErrors = (report.testResults ?? []).filter(
      (result) => result.status === 'failed' && (result.assertionResults ?? []).length === 0,
    ).length;
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + fileErrors;
    console.log(
      `${file}: ${report.numPassedTests} passed, ${report.numFailedTests + fileErrors} failed`,
    );
  }
}
if (files.length === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
