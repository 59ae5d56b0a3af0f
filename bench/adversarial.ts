/**
 * `/healthz` while the inputs that froze the server before issue 9 are taken in and processed
 * (part of `npm run bench`; alone: `npx tsx bench/adversarial.ts` prints its section).
 */
import { ADVERSARIAL_INPUTS, oneLetterFile } from '../test/support/adversarial-inputs';
import { createDeck, finishedJob, json, newUser } from '../test/support/fixtures';
import type { HttpClient } from '../test/support/http-client';
import { startTestServer } from '../test/support/test-server';

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;

async function healthSample(baseUrl: string) {
  const at = performance.now();
  await (await fetch(`${baseUrl}/healthz`)).arrayBuffer();
  return performance.now() - at;
}

/** /healthz times (ms, sorted) while `work` runs, asked every 20 ms. */
async function healthWhile(baseUrl: string, work: Promise<unknown>) {
  let done = false;
  const finished = work.finally(() => (done = true));
  const samples: number[] = [];
  while (!done) {
    samples.push(await healthSample(baseUrl));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await finished;
  return samples.sort((a, b) => a - b);
}

export async function adversarialBench(user: HttpClient, baseUrl: string): Promise<string> {
  const baseline: number[] = [];
  for (let run = 0; run < 200; run++) baseline.push(await healthSample(baseUrl));
  baseline.sort((a, b) => a - b);
  const deck = await createDeck(user, 'Adversarial');
  const cases: [string, () => Promise<Response>][] = [
    ...Object.entries(ADVERSARIAL_INPUTS).map(
      ([name, make]) =>
        [
          `${name} (text)`,
          () =>
            user.post('/api/generation/text', {
              deckId: deck.id,
              content: make(),
              generationStrategy: 'detailed',
            }),
        ] as [string, () => Promise<Response>],
    ),
    [
      '10 MiB .txt of one letter (upload)',
      () => {
        const body = new FormData();
        body.set('deckId', deck.id);
        body.set('generationStrategy', 'detailed');
        body.set('file', new File([oneLetterFile()], 'a.txt'));
        return user.request('/api/generation/file', { method: 'POST', body });
      },
    ],
  ];
  const rows: string[] = [];
  for (const [name, post] of cases) {
    const started = performance.now();
    let outcome = '';
    const work = (async () => {
      const job = await json<{ id: string }>(await post(), 201);
      const status = await finishedJob(user, job.id, 600_000);
      outcome = status.error_message ? `${status.status}: ${status.error_message}` : status.status;
    })();
    const samples = await healthWhile(baseUrl, work);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    rows.push(
      `| ${name} | ${seconds} | ${outcome} | ${samples.length} | ${percentile(samples, 0.5).toFixed(1)} | ${percentile(samples, 0.99).toFixed(1)} | ${(samples.at(-1) ?? NaN).toFixed(1)} |`,
    );
  }
  return [
    `\`/healthz\` with no job, 200 runs: p50 ${percentile(baseline, 0.5).toFixed(1)} ms, p99 ${percentile(baseline, 0.99).toFixed(1)} ms.`,
    '',
    'While each input that froze the server before issue 9 is posted and processed (one job at a',
    'time, `/healthz` asked every 20 ms from the moment the request is sent until the job ends):',
    '',
    '| Input | job s | outcome | /healthz runs | p50 ms | p99 ms | max ms |',
    '|---|---:|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startTestServer({ env: { LOG_LEVEL: 'warn' } });
  try {
    console.log(await adversarialBench(await newUser(server.url, 'bench'), server.url));
  } finally {
    await server.stop();
  }
}
