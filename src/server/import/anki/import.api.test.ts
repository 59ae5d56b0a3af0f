import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiImportSummary } from '../../../core/anki/import-schemas';
import type { Deck } from '../../../core/deck-schemas';
import type { Flashcard, FlashcardPage } from '../../../core/flashcard-schemas';
import { createDb, type Db } from '../../db/database';
import { createDeck, json, newUser } from '../../testing/fixtures';
import type { HttpClient } from '../../testing/http-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { buildPackage, type FixtureSpec, packageEntries, STOCK } from './test-packages';
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

function upload(user: HttpClient, bytes: Uint8Array, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', new File([new Uint8Array(bytes)], 'deck.apkg'));
  return user.request('/api/import/anki', { method: 'POST', body: form });
}

async function cardsOf(user: HttpClient, deckId?: string): Promise<Flashcard[]> {
  const query = deckId ? `deck_id=${deckId}&` : '';
  return (await json<FlashcardPage>(await user.get(`/api/flashcards?${query}limit=1000`), 200))
    .flashcards;
}

const decksOf = async (user: HttpClient) =>
  (await json<{ decks: Deck[] }>(await user.get('/api/decks'), 200)).decks;

const DAY = 86_400;
const CRT = 1_700_000_000;

/** Every note type, nested decks, tags, scheduling and a revlog. */
function fullSpec(generation: FixtureSpec['generation']): FixtureSpec {
  return {
    generation,
    crt: CRT,
    noteTypes: [STOCK.basic, STOCK.reversed, STOCK.optional, STOCK.cloze],
    decks: [
      { id: 1, name: 'Default' },
      { id: 20, name: 'Languages::French' },
      { id: 30, name: 'Science' },
    ],
    notes: [
      {
        guid: 'g-basic',
        mid: STOCK.basic.id,
        tags: ' verbs ch1 ',
        fields: ['<b>manger</b>', 'to eat'],
        cards: [
          {
            id: 501,
            ord: 0,
            did: 20,
            type: 2,
            queue: 2,
            due: 400,
            ivl: 12,
            factor: 2300,
            reps: 5,
            lapses: 1,
            data: '{"s":14.5,"d":5.2}',
          },
        ],
      },
      {
        guid: 'g-rev',
        mid: STOCK.reversed.id,
        fields: ['chien', 'dog'],
        cards: [
          { id: 502, ord: 0, did: 20 },
          {
            id: 503,
            ord: 1,
            did: 20,
            type: 2,
            queue: -1,
            due: 410,
            ivl: 30,
            factor: 2500,
            reps: 3,
          },
        ],
      },
      {
        guid: 'g-opt',
        mid: STOCK.optional.id,
        fields: ['chat', 'cat', ''],
        cards: [{ id: 504, ord: 0, did: 20, type: 1, queue: 1, due: CRT + 500 * DAY, reps: 1 }],
      },
      {
        guid: 'g-cloze',
        mid: STOCK.cloze.id,
        tags: 'biology',
        fields: ['The {{c1::mitochondria}} is the {{c2::powerhouse}} of the cell', 'Extra'],
        cards: [
          { id: 505, ord: 0, did: 30 },
          { id: 506, ord: 1, did: 30 },
        ],
      },
    ],
    revlog: [
      { id: (CRT + 380 * DAY) * 1000, cid: 501, ease: 3, ivl: -600, lastIvl: 0, type: 0 },
      { id: (CRT + 385 * DAY) * 1000, cid: 501, ease: 3, ivl: 5, lastIvl: -600, type: 0 },
      { id: (CRT + 388 * DAY) * 1000, cid: 501, ease: 1, ivl: 1, lastIvl: 5, type: 1 },
      { id: (CRT + 388 * DAY) * 1000 + 7, cid: 501, ease: 0, ivl: 12, lastIvl: 1, type: 4 },
    ],
  };
}

describe.each(['anki2', 'anki21', 'anki21b'] as const)('importing a %s package', (generation) => {
  it('renders every note type, keeps nested decks, tags, schedules and the review log', async () => {
    const user = await newUser(server.url);
    const summary = await json<AnkiImportSummary>(
      await upload(user, buildPackage(fullSpec(generation)), { keep_decks: 'true' }),
      200,
    );
    expect(summary).toEqual({
      notes: 4,
      notes_updated: 0,
      cards: 6,
      cards_updated: 0,
      decks_created: ['Languages::French', 'Science'],
      reviews: 3,
      skipped: [],
    });
    const decks = await decksOf(user);
    const french = decks.find((deck) => deck.name === 'Languages::French')!;
    const science = decks.find((deck) => deck.name === 'Science')!;
    expect(french.card_count).toBe(4);
    expect(science.card_count).toBe(2);

    const cards = await cardsOf(user, french.id);
    const byFront = new Map(cards.map((card) => [card.front_content, card]));
    const manger = byFront.get('**manger**')!;
    expect(manger).toMatchObject({
      card_type: 'qa',
      back_content: 'to eat',
      card_state: 'review',
      interval_days: 12,
      ease_factor: 2.3,
      review_count: 5,
      due_date: new Date((CRT + 400 * DAY) * 1000).toISOString(),
      last_reviewed_at: new Date((CRT + 388 * DAY) * 1000 + 7).toISOString(),
    });
    expect(byFront.get('chien')).toMatchObject({ back_content: 'dog', card_state: 'new' });
    expect(byFront.get('dog')).toMatchObject({
      back_content: 'chien',
      card_state: 'suspended',
      suspended_from: 'review',
    });
    expect(byFront.get('chat')).toMatchObject({
      card_state: 'learning',
      due_date: new Date((CRT + 500 * DAY) * 1000).toISOString(),
    });
    expect(byFront.has('cat')).toBe(false);

    const clozes = (await cardsOf(user, science.id)).sort(
      (a, b) => a.cloze_number! - b.cloze_number!,
    );
    expect(clozes.map((card) => [card.card_type, card.cloze_number, card.back_content])).toEqual([
      ['cloze', 1, 'Extra'],
      ['cloze', 2, 'Extra'],
    ]);
    expect(clozes[0]!.note_id).not.toBeNull();
    expect(clozes[1]!.note_id).toBe(clozes[0]!.note_id);

    const rows = await db.kysely
      .selectFrom('flashcards')
      .select(['id', 'tags', 'stability', 'difficulty', 'lapses', 'anki_guid'])
      .where('deck_id', 'in', [french.id, science.id])
      .execute();
    const row = rows.find((item) => item.id === manger.id)!;
    expect(row).toMatchObject({ tags: 'verbs ch1', lapses: 1, anki_guid: 'g-basic' });
    expect(Number(row.stability)).toBeCloseTo(14.5);
    expect(Number(row.difficulty)).toBeCloseTo(5.2);
    expect(rows.filter((item) => item.tags === 'biology')).toHaveLength(2);

    const reviews = await db.kysely
      .selectFrom('card_reviews')
      .innerJoin('learning_sessions', 'learning_sessions.id', 'card_reviews.session_id')
      .select(['user_response', 'new_card_state', 'is_completed', 'cards_studied', 'card_id'])
      .where('card_reviews.card_id', '=', manger.id)
      .orderBy('reviewed_at')
      .execute();
    expect(reviews.map((review) => review.user_response)).toEqual(['good', 'good', 'again']);
    expect(reviews.map((review) => review.new_card_state)).toEqual([
      'learning',
      'review',
      'review',
    ]);
    expect(reviews.every((review) => Number(review.is_completed) === 1)).toBe(true);
    expect(Number(reviews[0]!.cards_studied)).toBe(3);
    // Statistics see the past (asked a few days after the last review: they cover a year).
    const stats = await json<{ total_reviews: number; total_again: number; total_good: number }>(
      await user.request('/api/stats?time_zone=UTC', {
        headers: { 'X-Test-Now': new Date((CRT + 390 * DAY) * 1000).toISOString() },
      }),
      200,
    );
    expect(stats).toMatchObject({ total_reviews: 3, total_again: 1, total_good: 2 });
  });
});

describe('importing into a chosen deck, and again', () => {
  it('puts every card in the deck and updates notes by GUID instead of duplicating', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Imported');
    const spec = fullSpec('anki21b');
    const first = await json<AnkiImportSummary>(
      await upload(user, buildPackage(spec), { deck_id: deck.id }),
      200,
    );
    expect(first).toMatchObject({ notes: 4, cards: 6, decks_created: [], reviews: 3 });
    expect((await decksOf(user)).map((item) => item.name)).toEqual(['Imported']);

    // The note changed in Anki, and a reverse card was added to the optional note.
    spec.notes[0]!.fields = ['<b>manger</b>', 'to eat (a meal)'];
    spec.notes[2]!.fields = ['chat', 'cat', 'y'];
    spec.notes[2]!.cards.push({ id: 507, ord: 1 });
    const again = await json<AnkiImportSummary>(
      await upload(user, buildPackage(spec), { deck_id: deck.id }),
      200,
    );
    expect(again).toEqual({
      notes: 0,
      notes_updated: 4,
      cards: 1,
      cards_updated: 1,
      decks_created: [],
      reviews: 0,
      skipped: [],
    });
    const cards = await cardsOf(user, deck.id);
    expect(cards).toHaveLength(7);
    const manger = cards.find((card) => card.front_content === '**manger**')!;
    expect(manger).toMatchObject({ back_content: 'to eat (a meal)', card_state: 'review' });
    expect((await decksOf(user))[0]!.card_count).toBe(7);
    const clozes = cards.filter((card) => card.card_type === 'cloze');
    expect(new Set(clozes.map((card) => card.note_id)).size).toBe(1);
  });

  it('says the package’s media files are not imported yet', async () => {
    const user = await newUser(server.url);
    const entries = packageEntries(fullSpec('anki21'));
    entries.push(
      { name: '0', data: Buffer.from('fake png') },
      { name: '1', data: Buffer.from('x') },
    );
    entries[1] = { name: 'media', data: Buffer.from('{"0":"cat.png","1":"dog.mp3"}') };
    const summary = await json<AnkiImportSummary>(
      await upload(user, writeZip(entries), { keep_decks: 'true' }),
      200,
    );
    expect(summary.cards).toBe(6);
    expect(summary.skipped).toEqual([
      { reason: 'Media files (images, audio) are not imported yet', count: 2 },
    ]);
  });

  it('keeps Anki’s new-card order and puts a card of a filtered deck in its home deck', async () => {
    const user = await newUser(server.url);
    const summary = await json<AnkiImportSummary>(
      await upload(
        user,
        buildPackage({
          generation: 'anki21b',
          crt: CRT,
          noteTypes: [STOCK.basic],
          decks: [
            { id: 1, name: 'Home' },
            { id: 9, name: 'Filtered' },
          ],
          notes: [
            {
              guid: 'n1',
              mid: STOCK.basic.id,
              fields: ['second', 'b'],
              cards: [{ ord: 0, due: 2 }],
            },
            {
              guid: 'n2',
              mid: STOCK.basic.id,
              fields: ['first', 'a'],
              cards: [{ ord: 0, due: 1 }],
            },
            {
              guid: 'n3',
              mid: STOCK.basic.id,
              fields: ['borrowed', 'c'],
              cards: [
                { ord: 0, did: 9, odid: 1, type: 2, queue: 2, due: -100000, odue: 450, ivl: 3 },
              ],
            },
          ],
        }),
        { keep_decks: 'true' },
      ),
      200,
    );
    expect(summary.decks_created).toEqual(['Home']);
    const cards = await cardsOf(user);
    const created = (front: string) =>
      cards.find((card) => card.front_content === front)!.created_at;
    expect(created('first') < created('second')).toBe(true);
    expect(cards.find((card) => card.front_content === 'borrowed')).toMatchObject({
      due_date: new Date((CRT + 450 * DAY) * 1000).toISOString(),
    });
  });

  it('reports the cards it skips, with the reason', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Skips');
    const summary = await json<AnkiImportSummary>(
      await upload(
        user,
        buildPackage({
          generation: 'anki2',
          noteTypes: [STOCK.basic, STOCK.cloze],
          decks: [{ id: 1, name: 'Default' }],
          notes: [
            { guid: 'a', mid: STOCK.basic.id, fields: ['', 'no front'], cards: [{ ord: 0 }] },
            {
              guid: 'b',
              mid: STOCK.cloze.id,
              fields: ['{{c1::only one}}', ''],
              cards: [{ ord: 3 }],
            },
            { guid: 'c', mid: STOCK.basic.id, fields: ['ok', 'fine'], cards: [{ ord: 0 }] },
          ],
        }),
        { deck_id: deck.id },
      ),
      200,
    );
    expect(summary.cards).toBe(1);
    expect(summary.skipped).toEqual([
      { reason: 'The card’s question is empty', count: 1 },
      { reason: 'The cloze card’s deletion is missing from its text', count: 1 },
    ]);
  });
});
