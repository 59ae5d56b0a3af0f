/** Importing into a chosen deck, again (by GUID), in Anki's order, with skips (issue 12). */
import path from 'node:path';
import { REVLOG_SKIPS } from './convert';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiImportSummary } from '../../../core/anki/import-schemas';
import type { Deck } from '../../../core/deck-schemas';
import type { Flashcard, FlashcardPage } from '../../../core/flashcard-schemas';
import { createDb, type Db } from '../../db/database';
import { createDeck, json, newUser } from '../../../../test/support/fixtures';
import { importAnkiAndWait } from '../../../../test/support/anki-import';
import type { HttpClient } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { buildPackage, packageEntries, STOCK } from '../../../../test/support/anki/test-packages';
import { writeZip } from './zip-writer';
import { CRT, fullSpec } from '../../../../test/support/anki/full-spec';

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

const upload = (user: HttpClient, bytes: Uint8Array, fields: Record<string, string>) =>
  importAnkiAndWait(user, bytes, fields);

async function cardsOf(user: HttpClient, deckId?: string): Promise<Flashcard[]> {
  const query = deckId ? `deck_id=${deckId}&` : '';
  return (await json<FlashcardPage>(await user.get(`/api/flashcards?${query}limit=1000`), 200))
    .flashcards;
}

const decksOf = async (user: HttpClient) =>
  (await json<{ decks: Deck[] }>(await user.get('/api/decks'), 200)).decks;

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
      media: 0,
      skipped: [{ reason: REVLOG_SKIPS.manual, count: 1, notes: ['“manger”'], more_notes: 0 }],
      changed: [],
    });
    const cards = await cardsOf(user, deck.id);
    expect(cards).toHaveLength(7);
    const manger = cards.find((card) => card.front_content === '**manger**')!;
    expect(manger).toMatchObject({ back_content: 'to eat (a meal)', card_state: 'review' });
    expect((await decksOf(user))[0]!.card_count).toBe(7);
    const clozes = cards.filter((card) => card.card_type === 'cloze');
    expect(new Set(clozes.map((card) => card.note_id)).size).toBe(1);
  });

  it('imports no media a note does not refer to, and refuses a damaged media map', async () => {
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
      { reason: REVLOG_SKIPS.manual, count: 1, notes: ['“manger”'], more_notes: 0 },
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
      // Day 450 of a collection made 14 November 2023 (UTC): its date + 450, from 4 am.
      due_date: new Date(Date.UTC(2023, 10, 14 + 450, 4)).toISOString(),
    });
  });

  it('keeps a cloze note’s cards in one deck, and makes no deck for cards it already has', async () => {
    const user = await newUser(server.url);
    const spec: Parameters<typeof buildPackage>[0] = {
      generation: 'anki21b',
      noteTypes: [STOCK.cloze],
      decks: [
        { id: 20, name: 'A' },
        { id: 30, name: 'B' },
      ],
      notes: [
        {
          guid: 'split',
          mid: STOCK.cloze.id,
          fields: ['{{c1::one}} {{c2::two}}', ''],
          cards: [
            { ord: 0, did: 20 },
            { ord: 1, did: 30 },
          ],
        },
      ],
    };
    const first = await json<AnkiImportSummary>(
      await upload(user, buildPackage(spec), { keep_decks: 'true' }),
      200,
    );
    expect(first.decks_created).toEqual(['A']);
    const [deck] = await decksOf(user);
    expect(deck!.card_count).toBe(2);
    await json(
      await user.request(`/api/decks/${deck!.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Renamed' }),
      }),
      200,
    );
    const again = await json<AnkiImportSummary>(
      await upload(user, buildPackage(spec), { keep_decks: 'true' }),
      200,
    );
    expect(again).toMatchObject({ notes_updated: 1, cards: 0, decks_created: [] });
    expect((await decksOf(user)).map((item) => item.name)).toEqual(['Renamed']);
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
      // Each named with its note: the first field with text (issue 20 item 8).
      { reason: 'The card’s question is empty', count: 1, notes: ['“no front”'], more_notes: 0 },
      {
        reason: 'The cloze card’s deletion is missing from its text',
        count: 1,
        notes: ['“only one”'],
        more_notes: 0,
      },
    ]);
  });
});
