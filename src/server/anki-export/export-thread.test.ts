import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutUnicase } from '../import/anki/collection';
import { buildAnkiCollection, type ExportCard, type ExportReview } from './collection';
import { startExportThread } from './export-thread';
import { writeApkg } from './package';

/**
 * Issue 21 item 8: the .apkg export is built in a thread of its own, from pages of cards and
 * answers, into a file; the package holds the same rows and media as the one built whole in
 * memory (package.ts), whatever the pages (a note's cards in different pages).
 */
const NOW = '2026-03-01T10:00:00.000Z';
const deck = {
  id: 'd1',
  name: 'Deck',
  description: null,
  new_cards_per_day: 20,
  max_reviews_per_day: 200,
  desired_retention: 0.9,
  maximum_interval_days: 36500,
};
const media = 'a'.repeat(64) + '.png';

function card(i: number, note: string | null): ExportCard {
  const cloze = note !== null;
  return {
    id: `c${i}`,
    deck_id: 'd1',
    card_type: cloze ? 'cloze' : 'qa',
    front_content: cloze ? `{{c1::one}} {{c2::two}} ${note}` : `Q ${i} ![x](mnemo-media:${media})`,
    back_content: cloze ? '' : `A ${i}`,
    tags: i % 2 ? 'even' : '',
    note_id: note,
    cloze_number: cloze ? (i % 2) + 1 : null,
    card_state: i % 3 === 0 ? 'new' : 'review',
    suspended_from: null,
    buried_until: null,
    due_date: new Date(Date.parse(NOW) + (i - 5) * 86_400_000).toISOString(),
    interval_days: 3,
    ease_factor: 2.5,
    lapses: 0,
    reps: 2,
    review_count: 2,
    stability: 3,
    difficulty: 5,
    fsrs_state: 2,
    learning_step: 0,
    is_leech: 0,
    created_at: NOW,
    updated_at: NOW,
  };
}

// Cloze siblings far apart (c0 with c7, c1 with c8), so they come in different pages.
const cards = Array.from({ length: 10 }, (_, i) => card(i, i < 2 || i > 6 ? `n${i % 7}` : null));
const reviews: ExportReview[] = cards.flatMap((c, i) =>
  [0, 1].map((k) => ({
    card_id: c.id,
    user_response: 'good',
    response_time_seconds: 4,
    previous_interval_days: 1,
    previous_card_state: 'review',
    new_interval_days: 3,
    new_ease_factor: 2.5,
    new_due_date: NOW,
    reviewed_at: new Date(Date.parse(NOW) - 86_400_000 + (i % 3) * 1000 + k).toISOString(),
  })),
);
reviews.sort((a, b) => Date.parse(a.reviewed_at) - Date.parse(b.reviewed_at));
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-thread-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** The package built in the thread, 3 cards and 4 answers a page. */
async function inThread(format: 'current' | 'legacy', signal = new AbortController().signal) {
  const thread = startExportThread(signal);
  try {
    const work = await fs.mkdtemp(path.join(dir, 'work-'));
    await thread.ask({
      type: 'start',
      start: { dir: work, format, now: NOW, timeZone: 'Europe/Paris', decks: [deck] },
    });
    for (let at = 0; at < cards.length; at += 3) {
      await thread.ask({ type: 'cards', cards: cards.slice(at, at + 3) });
    }
    await thread.ask({ type: 'notes' });
    for (let at = 0; at < reviews.length; at += 4) {
      await thread.ask({ type: 'reviews', reviews: reviews.slice(at, at + 4) });
    }
    const names = await thread.ask({ type: 'collection' });
    expect(names).toEqual([media]);
    await thread.ask({ type: 'media', name: media, data: png });
    await thread.ask({ type: 'media', name: 'gone.png', data: null });
    const built = await thread.ask({ type: 'close' });
    const bytes = await fs.readFile(built.file);
    expect(bytes.length).toBe(built.size);
    return { bytes, threadId: thread.threadId };
  } finally {
    await thread.stop();
  }
}

async function rowsOf(zip: JSZip, entry: string, zstd: boolean) {
  const raw = (await zip.file(entry)?.async('nodebuffer')) ?? Buffer.alloc(0);
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.db`);
  await fs.writeFile(file, zstd ? zlib.zstdDecompressSync(raw) : raw);
  if (zstd) {
    // Anki's `unicase` collation exists only in Anki: the copy says `nocase` to be opened.
    const writable = new SQLite(file);
    writable.unsafeMode(true);
    writable.pragma('writable_schema = ON');
    const update = writable.prepare('update sqlite_master set sql = ? where name = ?');
    const schema = writable.prepare('select name, sql from sqlite_master where sql is not null');
    for (const row of schema.all() as { name: string; sql: string }[]) {
      update.run(withoutUnicase(row.sql), row.name);
    }
    writable.pragma('writable_schema = OFF');
    writable.close();
  }
  const db = new SQLite(file, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).raw().all();
    return {
      col: all('select crt, mod from col'),
      notes: all('select * from notes order by id'),
      cards: all('select * from cards order by id'),
      revlog: all('select * from revlog order by id'),
    };
  } finally {
    db.close();
  }
}

describe('the .apkg export thread', () => {
  it.each([
    ['current', 'collection.anki21b', true],
    ['legacy', 'collection.anki21', false],
  ] as const)(
    'builds off the main thread the same %s package as the one made in memory',
    async (format, entry, zstd) => {
      const built = await inThread(format);
      expect(built.threadId).not.toBe(threadId);
      const whole = buildAnkiCollection({
        decks: [deck],
        cards,
        reviews,
        now: new Date(NOW),
        timeZone: 'Europe/Paris',
      });
      const expected = await JSZip.loadAsync(
        await writeApkg(whole, [{ name: media, data: png }], format),
      );
      const zip = await JSZip.loadAsync(built.bytes);
      expect(Object.keys(zip.files)).toEqual(Object.keys(expected.files));
      for (const name of ['0', 'media']) {
        expect(await zip.file(name)?.async('nodebuffer')).toEqual(
          await expected.file(name)?.async('nodebuffer'),
        );
      }
      const rows = await rowsOf(zip, entry, zstd);
      expect(rows).toEqual(await rowsOf(expected, entry, zstd));
      expect(rows.notes).toHaveLength(8);
      expect(rows.cards).toHaveLength(10);
      expect(rows.revlog).toHaveLength(20);
    },
  );

  it('is stopped at once by its signal', async () => {
    const stop = new AbortController();
    stop.abort(new Error('deadline'));
    await expect(inThread('current', stop.signal)).rejects.toThrow('deadline');
  });
});
