/**
 * `npx tsx bench/anki-import.ts`: imports a 30,000-note Anki package (20,000 Basic review
 * cards, 10,000 Cloze notes of two deletions, 10,000 revlog entries) into the real server
 * (SQLite, or PostgreSQL with DATABASE_URL), then again (every note known), and prints the
 * times and the server's peak resident memory (VmHWM). No media yet.
 */
import fs from 'node:fs';
import { buildPackage, STOCK } from '../src/server/import/anki/test-packages';
import { newUser } from '../src/server/testing/fixtures';
import { startTestServer } from '../src/server/testing/test-server';

function peakMemoryMb(pid: number | undefined): string {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return `${Math.round(kb / 1024)} MB`;
  } catch {
    return 'unknown';
  }
}

async function main() {
  const notes = Array.from({ length: 30_000 }, (_, i) => {
    const cloze = i % 3 === 0;
    return {
      guid: `bench-${i}`,
      mid: cloze ? STOCK.cloze.id : STOCK.basic.id,
      tags: 'bench chapter::one',
      fields: cloze
        ? [`The {{c1::answer ${i}}} and the {{c2::other}}`, '']
        : [`<b>Question</b> ${i}`, `Answer ${i}`],
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
  const pkg = buildPackage({
    generation: 'anki21b',
    noteTypes: [STOCK.basic, STOCK.cloze],
    decks: [{ id: 1, name: 'Bench' }],
    notes,
    revlog,
  });
  const server = await startTestServer({ env: { LOG_LEVEL: 'warn' } });
  try {
    const user = await newUser(server.url, 'bench');
    console.log(
      `package: ${(pkg.length / 1024).toFixed(0)} KB, ${server.databaseUrl ? 'PostgreSQL' : 'SQLite'}`,
    );
    for (const round of ['first import', 'second import']) {
      const form = new FormData();
      form.set('keep_decks', 'true');
      form.set('file', new File([new Uint8Array(pkg)], 'bench.apkg'));
      const started = performance.now();
      const response = await user.request('/api/import/anki', { method: 'POST', body: form });
      const summary = await response.text();
      const ms = Math.round(performance.now() - started);
      console.log(
        `${round}: ${response.status} in ${ms} ms, server peak RSS ${peakMemoryMb(server.process.pid)}`,
      );
      console.log(`  ${summary}`);
    }
  } finally {
    await server.stop();
  }
}

await main();
