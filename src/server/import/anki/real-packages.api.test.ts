/**
 * Real packages written by Anki 2.1.50 and later (issue 20), from `shared/data/anki/real/`
 * (README there): each imports completely, with schedules, history and FSRS memory state.
 */
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiImportSummary } from '../../../core/anki/import-schemas';
import { createDb, type Db } from '../../db/database';
import { newUser } from '../../../../test/support/fixtures';
import type { HttpClient } from '../../../../test/support/http-client';
import {
  decksOfUser,
  importRealPackage,
  realAnkiPackage,
  storedCards,
} from '../../../../test/support/real-anki';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { writeZip } from './zip-writer';

let server: TestServer;
let db: Db;

beforeAll(async () => {
  server = await startTestServer();
  db = createDb(
    server.databaseUrl
      ? { kind: 'postgres', url: server.databaseUrl, poolSize: 2 }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'mnemo.db') },
  );
});

afterAll(async () => {
  await db?.close();
  await server?.stop();
});

const importReal = (user: HttpClient, bytes: Uint8Array, name: string) =>
  importRealPackage(user, bytes, name);
const decksOf = (user: HttpClient) => decksOfUser(user);
const cardRows = (user: HttpClient) => storedCards(db, user);

const DAY_MS = 86_400_000;
/** srs-benchmark's collection creation (`col.crt`): review due days count from it. */
const SRS_CRT = 1_681_754_400;

/** What srs-benchmark.apkg holds, as Anki wrote it (README of shared/data/anki). */
async function expectSrsBenchmark(user: HttpClient, summary: AnkiImportSummary) {
  expect(summary).toEqual({
    notes: 570,
    notes_updated: 0,
    cards: 1140,
    cards_updated: 0,
    decks_created: ['Vietnamese'],
    reviews: 13552,
    media: 0,
    skipped: [],
    changed: [],
  });
  expect((await decksOf(user)).map((deck) => [deck.name, deck.card_count])).toEqual([
    ['Vietnamese', 1140],
  ]);
  const rows = await cardRows(user);
  const count = (keep: (row: (typeof rows)[number]) => boolean) => rows.filter(keep).length;
  expect(count((row) => row.card_state === 'review')).toBe(1113);
  expect(count((row) => row.card_state === 'new')).toBe(21);
  expect(count((row) => row.card_state === 'suspended' && row.suspended_from === 'new')).toBe(6);
  // FSRS memory state (`data` {"s", "d"}) of every reviewed card, as stability and difficulty.
  const remembered = rows.filter((row) => row.stability !== null);
  expect(remembered).toHaveLength(1113);
  expect(remembered.every((row) => row.difficulty !== null && Number(row.fsrs_state) === 2)).toBe(
    true,
  );
  const total = remembered.reduce((sum, row) => sum + Number(row.stability), 0);
  expect(total).toBeCloseTo(60560.19, 1);
  // 'xin chào' → 'hello, greetings': ivl 107, due day 180, {"s":95.28,"d":7.141}.
  const hello = rows.find((row) => row.anki_guid === 'P1gCP#B?mv' && row.anki_ord === 0)!;
  expect(hello).toMatchObject({ front_content: 'xin chào', card_state: 'review' });
  expect(hello.back_content).toContain('hello, greetings');
  expect([Number(hello.interval_days), Number(hello.stability), Number(hello.difficulty)]).toEqual([
    107, 95.28, 7.141,
  ]);
  const due = Date.parse(String(hello.due_date));
  expect(Math.abs(due - (SRS_CRT * 1000 + 180 * DAY_MS))).toBeLessThanOrEqual(DAY_MS);
  // The whole history, each answer on its card.
  const reviews = await db.kysely
    .selectFrom('card_reviews')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(
      'card_id',
      'in',
      rows.map((row) => row.id),
    )
    .executeTakeFirstOrThrow();
  expect(Number(reviews.n)).toBe(13552);
  const helloReviews = await db.kysely
    .selectFrom('card_reviews')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('card_id', '=', hello.id)
    .executeTakeFirstOrThrow();
  expect(Number(helloReviews.n)).toBe(11);
}

/**
 * A .colpkg as Anki's rslib/src/import_export/package/colpkg/export.rs writes one: `meta`
 * (version 3), `collection.anki21b` (zstd), the `collection.anki2` stub, the media files by
 * number and the `media` list, every entry stored. Made from a real package's own entries.
 */
async function asColpkg(apkg: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(apkg);
  const names = Object.keys(zip.files);
  const numbered = names.filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(a) - Number(b));
  const order = ['meta', 'collection.anki21b', 'collection.anki2', ...numbered, 'media'];
  expect(order.slice().sort()).toEqual(names.slice().sort());
  return writeZip(
    await Promise.all(
      order.map(async (name) => ({ name, data: await zip.file(name)!.async('uint8array') })),
    ),
  );
}

describe('real packages written by Anki 2.1.50+ (issue 20)', () => {
  it('srs-benchmark.apkg: 570 notes, 1,140 cards (6 suspended), 13,552 reviews, FSRS state', async () => {
    const user = await newUser(server.url);
    const bytes = await realAnkiPackage('real/srs-benchmark.apkg');
    await expectSrsBenchmark(user, await importReal(user, bytes, 'srs-benchmark.apkg'));
  });

  it('the same collection as a .colpkg (Anki’s whole-collection export)', async () => {
    const user = await newUser(server.url);
    const colpkg = await asColpkg(await realAnkiPackage('real/srs-benchmark.apkg'));
    await expectSrsBenchmark(user, await importReal(user, colpkg, 'collection.colpkg'));
  });

  it('zhongwen.apkg: a custom note type of 17 fields, 3 notes, 6 cards', async () => {
    const user = await newUser(server.url);
    const bytes = await realAnkiPackage('real/zhongwen.apkg');
    expect(await importReal(user, bytes, 'zhongwen.apkg')).toMatchObject({
      notes: 3,
      cards: 6,
      decks_created: ['Chinese'],
      reviews: 0,
      skipped: [],
    });
    const rows = await cardRows(user);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.card_state === 'new' && row.card_type === 'qa')).toBe(true);
    const vector = rows.filter((row) => row.front_content.startsWith('向量'));
    expect(vector.map((row) => row.anki_ord).sort()).toEqual([0, 1]);
    expect(vector.every((row) => row.back_content?.includes('vector'))).toBe(true);
  });

  it('latex2anki.apkg: 5 cloze notes with MathJax, 10 cards', async () => {
    const user = await newUser(server.url);
    const bytes = await realAnkiPackage('real/latex2anki.apkg');
    expect(await importReal(user, bytes, 'latex2anki.apkg')).toMatchObject({
      notes: 5,
      cards: 10,
      decks_created: ['Example'],
      reviews: 0,
      skipped: [],
    });
    const rows = await cardRows(user);
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.card_type === 'cloze' && row.card_state === 'new')).toBe(true);
    const first = rows.filter((row) => row.front_content.startsWith('This is a {{c1::cloze}}'));
    expect(first.map((row) => row.cloze_number).sort()).toEqual([1, 2, 3]);
    expect(first[0]!.front_content).toContain('{{c3::cloze with a hint::hint}}');
    expect(rows.some((row) => row.front_content.includes('preimage'))).toBe(true);
  });

  it('multiple-choice.apkg: three custom note types, 4 notes, 4 cards', async () => {
    const user = await newUser(server.url);
    const bytes = await realAnkiPackage('real/multiple-choice.apkg');
    expect(await importReal(user, bytes, 'multiple-choice.apkg')).toMatchObject({
      notes: 4,
      cards: 4,
      decks_created: ['Multiple Choice'],
      reviews: 0,
      skipped: [],
    });
    const rows = await cardRows(user);
    expect(rows).toHaveLength(4);
    // Each note's choices (its second field) are on its card's front.
    expect(rows.filter((row) => row.front_content.includes('Correct Choice'))).toHaveLength(3);
    expect(rows.filter((row) => /Choice 1\nChoice 2/.test(row.front_content))).toHaveLength(1);
    expect(rows.some((row) => row.back_content?.includes('This is the back of the card'))).toBe(
      true,
    );
  });
});
