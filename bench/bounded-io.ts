/**
 * `npx tsx bench/bounded-io.ts` (issue 21 items 5 and 8): one user's large Anki import, then a
 * CSV export and an .apkg export of everything it made, while /healthz (the event loop), /readyz
 * (the database) and another user's `GET /api/decks` are polled; prints the slowest answer of
 * each and the server's resident memory (RSS sampled every 50 ms, and VmHWM). Sizes:
 * BENCH_CARDS (default 20,000 Basic review cards, 1 kB of text each) and BENCH_REVIEWS_PER_CARD
 * (default 10 revlog rows per card). SQLite, or PostgreSQL with DATABASE_URL.
 */
import fs from 'node:fs';
import type { AnkiImportJob } from '../src/core/anki/import-schemas';
import { buildPackage, STOCK } from '../test/support/anki/test-packages';
import { createDeck, newUser } from '../test/support/fixtures';
import type { HttpClient } from '../test/support/http-client';
import { startTestServer, type TestServer } from '../test/support/test-server';

const rss = (pid: number | undefined, field: 'VmHWM' | 'VmRSS') => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
  } catch {
    return NaN;
  }
};

/** Runs `work` while polling; the slowest answers (ms) and the peak RSS meanwhile. */
async function beside(server: TestServer, other: HttpClient, work: () => Promise<string>) {
  const slowest = { healthz: 0, readyz: 0, decks: 0 };
  let peak = 0;
  let running = true;
  const time = async (key: keyof typeof slowest, ask: () => Promise<Response>) => {
    const started = performance.now();
    await (await ask()).arrayBuffer();
    slowest[key] = Math.max(slowest[key], performance.now() - started);
  };
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rss(server.process.pid, 'VmRSS'));
      await Promise.all([
        time('healthz', () => fetch(`${server.url}/healthz`)),
        time('readyz', () => fetch(`${server.url}/readyz`)),
        time('decks', () => other.get('/api/decks')),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const outcome = await work();
  const ms = Math.round(performance.now() - started);
  running = false;
  await sampler;
  const r = (value: number) => Math.round(value);
  return `${outcome} in ${ms} ms; slowest /healthz ${r(slowest.healthz)} ms, /readyz ${r(slowest.readyz)} ms, another user's /api/decks ${r(slowest.decks)} ms; RSS peak ${peak} MB sampled`;
}

export async function boundedIoBench(): Promise<string> {
  const cards = Number(process.env.BENCH_CARDS ?? 20_000);
  const perCard = Number(process.env.BENCH_REVIEWS_PER_CARD ?? 10);
  const text = 'lorem ipsum '.repeat(40);
  const pkg = buildPackage({
    generation: 'anki21b',
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name: 'Bench' }],
    notes: Array.from({ length: cards }, (_, i) => ({
      guid: `bounded-${i}`,
      mid: STOCK.basic.id,
      fields: [`Question ${i} ${text}`, `Answer ${i} ${text}`],
      cards: [{ ord: 0, id: 1_000_000 + i, type: 2, queue: 2, due: 100, ivl: 5, factor: 2500 }],
    })),
    revlog: Array.from({ length: cards * perCard }, (_, k) => ({
      id: 1_600_000_000_000 + k * 1000,
      cid: 1_000_000 + (k % cards),
      ease: 3,
      ivl: 5,
      lastIvl: 1,
      type: 1,
    })),
  });
  const server = await startTestServer({ env: { LOG_LEVEL: 'warn' } });
  const lines = [
    `${cards.toLocaleString('en-US')} cards (1 kB of text each) with ${(cards * perCard).toLocaleString('en-US')} review rows (${(pkg.length / 1024 / 1024).toFixed(1)} MB package) on ${server.databaseUrl ? 'PostgreSQL' : 'SQLite'}, polled beside (\`bench/bounded-io.ts\`):`,
    '',
  ];
  try {
    const user = await newUser(server.url, 'bench');
    const other = await newUser(server.url, 'other');
    await createDeck(other, 'Mine');
    const imported = await beside(server, other, async () => {
      const form = new FormData();
      form.set('keep_decks', 'true');
      form.set('file', new File([new Uint8Array(pkg)], 'bench.apkg'));
      const response = await user.request('/api/import/anki', { method: 'POST', body: form });
      let job = (await response.json()) as AnkiImportJob;
      while (job.status === 'pending' || job.status === 'processing') {
        job = (await (
          await user.get(`/api/import/jobs/${job.id}?wait=10`)
        ).json()) as AnkiImportJob;
      }
      return `${job.status}${job.error ? ` (${job.error.message})` : ''}`;
    });
    lines.push(`- Anki import: ${imported}`);
    const csv = await beside(server, other, async () => {
      const response = await user.get('/api/export/csv');
      const bytes = (await response.arrayBuffer()).byteLength;
      return `${response.status}, ${(bytes / 1024 / 1024).toFixed(1)} MB`;
    });
    lines.push(`- CSV export of every card: ${csv}`);
    const apkg = await beside(server, other, async () => {
      const response = await user.get('/api/export/anki?time_zone=UTC');
      const bytes = (await response.arrayBuffer()).byteLength;
      return `${response.status}, ${(bytes / 1024 / 1024).toFixed(1)} MB`;
    });
    lines.push(`- .apkg export of every deck: ${apkg}`);
    lines.push(`- server VmHWM at the end: ${rss(server.process.pid, 'VmHWM')} MB`);
  } finally {
    await server.stop();
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await boundedIoBench());
