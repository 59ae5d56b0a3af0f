// Adds up the JSON reports of Vitest and Playwright and prints "N passed, N failed" last.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
const files = fs.existsSync(dir)
  ? fs.readdirSync(dir).filter((file) => file.endsWith('.json'))
  : [];
for (const file of files) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    const flaky = report.stats.flaky ? `, ${report.stats.flaky} passed only on retry (flaky)` : '';
    console.log(
      `${file}: ${report.stats.expected} passed, ${report.stats.unexpected} failed${flaky}`,
    );
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
