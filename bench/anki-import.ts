/**
 * `npx tsx bench/anki-import.ts`: imports a 30,000-note Anki package (20,000 Basic review
 * cards, 10,000 Cloze notes of two deletions, 10,000 revlog entries) into the real server
 * (SQLite, or PostgreSQL with DATABASE_URL) through the background job (upload → 202 → the job's
 * long poll until completed), then again (every note known), and prints the times, the server's
 * resident memory (its RSS sampled every 50 ms, and VmHWM) and the slowest answers of /healthz
 * (the event loop) and /readyz (the database) polled meanwhile. About 2,000 of the notes show
 * an image of their own (48×48 PNG), stored through the storage adapter by the job.
 */
import fs from 'node:fs';
import os from 'node:os';
import { buildPackage, STOCK } from '../test/support/anki/test-packages';
import { tinyPng } from '../test/support/anki/test-media';
import type { AnkiImportJob } from '../src/core/anki/import-schemas';
import { newUser } from '../test/support/fixtures';
import { startTestServer } from '../test/support/test-server';

function memoryMb(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}

/** Every tenth Basic note shows an image of its own (about 2,000 files). */
const withImage = (i: number) => i % 3 !== 0 && i % 10 === 1;

export async function ankiImportBench(): Promise<string> {
  const lines: string[] = [];
  const notes = Array.from({ length: 30_000 }, (_, i) => {
    const cloze = i % 3 === 0;
    return {
      guid: `bench-${i}`,
      mid: cloze ? STOCK.cloze.id : STOCK.basic.id,
      tags: 'bench chapter::one',
      fields: cloze
        ? [`The {{c1::answer ${i}}} and the {{c2::other}}`, '']
        : [`<b>Question</b> ${i}`, `Answer ${i}${withImage(i) ? ` <img src="img${i}.png">` : ''}`],
      cards: cloze
        ? [
            { ord: 0, id: 10_000_000 + i * 2 },
            { ord: 1, id: 10_000_001 + i * 2 },
          ]
        : [
            {
              ord: 0,
              id: 10_000_000 + i * 2,
              type: 2,
              queue: 2,
              due: 100,
              ivl: 5,
              factor: 2500,
              reps: 3,
            },
          ],
    };
  });
  const revlog = notes.slice(0, 10_000).map((_, i) => ({
    id: 1_700_000_000_000 + i,
    cid: 10_000_000 + i * 2,
    ease: 3,
    ivl: 5,
    lastIvl: 1,
    type: 1,
  }));
  const media = notes.flatMap((_, i) =>
    withImage(i) ? [{ name: `img${i}.png`, data: tinyPng(`bench ${i}`, 48) }] : [],
  );
  const pkg = buildPackage({
    generation: 'anki21b',
    noteTypes: [STOCK.basic, STOCK.cloze],
    decks: [{ id: 1, name: 'Bench' }],
    notes,
    revlog,
    media,
  });
  const server = await startTestServer({ env: { LOG_LEVEL: 'info' } });
  try {
    const user = await newUser(server.url, 'bench');
    lines.push(
      `Import of a package of 30,000 notes (20,000 Basic review cards, 10,000 Cloze notes of two deletions, 10,000 answers, ${media.length.toLocaleString('en-US')} images; ${(pkg.length / 1024).toFixed(0)} KB) on ${server.databaseUrl ? 'PostgreSQL' : 'SQLite'} through \`POST /api/import/anki\` and its background job (\`bench/anki-import.ts\`):`,
      '',
    );
    for (const round of ['first import', 'second import']) {
      const form = new FormData();
      form.set('keep_decks', 'true');
      form.set('file', new File([new Uint8Array(pkg)], 'bench.apkg'));
      const pid = server.process.pid;
      let peakRss = 0;
      let slowestHealth = 0;
      let slowestReady = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peakRss = Math.max(peakRss, memoryMb(pid, 'VmRSS'));
          // /healthz answers from the event loop alone, /readyz asks the database too.
          const asked = performance.now();
          await fetch(`${server.url}/healthz`);
          slowestHealth = Math.max(slowestHealth, performance.now() - asked);
          const askedReady = performance.now();
          await fetch(`${server.url}/readyz`);
          slowestReady = Math.max(slowestReady, performance.now() - askedReady);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const started = performance.now();
      const response = await user.request('/api/import/anki', { method: 'POST', body: form });
      let job = (await response.json()) as AnkiImportJob;
      const accepted = Math.round(performance.now() - started);
      while (job.status === 'pending' || job.status === 'processing') {
        const polled = await user.get(`/api/import/jobs/${job.id}?wait=10`);
        job = (await polled.json()) as AnkiImportJob;
      }
      const ms = Math.round(performance.now() - started);
      sampling = false;
      await sampler;
      lines.push(
        `- ${round}: ${response.status} in ${accepted} ms, ${job.status} in ${ms} ms; server RSS peak ${peakRss} MB sampled (VmHWM ${memoryMb(pid, 'VmHWM')} MB); slowest /healthz meanwhile ${Math.round(slowestHealth)} ms, /readyz ${Math.round(slowestReady)} ms; load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
      if (job.status !== 'completed') lines.push(`  ${JSON.stringify(job.error)}`);
    }
  } finally {
    await server.stop();
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await ankiImportBench());
