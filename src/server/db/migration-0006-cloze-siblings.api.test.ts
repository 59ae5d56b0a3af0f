import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../core/deck-schemas';
import type { Flashcard, FlashcardPage } from '../../core/flashcard-schemas';
import { createCard, createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { createDb, type Db } from './database';
import { splitClozeCards } from './migration-0006-cloze-siblings';

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

async function deckCards(user: HttpClient, deckId: string) {
  const page = await json<FlashcardPage>(
    await user.get(`/api/flashcards?deck_id=${deckId}&limit=100`),
    200,
  );
  return page.flashcards.sort(
    (a, b) => (a.cloze_number ?? 0) - (b.cloze_number ?? 0) || a.id.localeCompare(b.id),
  );
}

/** A card as written before siblings existed: one cloze card for every number, no note. */
async function oldClozeCard(user: HttpClient, deckId: string, front: string, review = false) {
  const card = await createCard(user, deckId, 'Q', 'A');
  await db.kysely
    .updateTable('flashcards')
    .set({
      card_type: 'cloze',
      front_content: front,
      back_content: 'full text',
      source_quote: 'the quote',
      ...(review
        ? {
            card_state: 'review',
            interval_days: 12,
            review_count: 4,
            due_date: '2026-12-01T04:00:00.000Z',
            created_at: '2026-01-02T03:04:05.000Z',
          }
        : {}),
    })
    .where('id', '=', card.id)
    .execute();
  return card.id;
}

describe('migration 0006: existing cloze cards become siblings', () => {
  it('keeps the first number on the old card and adds the others as new cards', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Old clozes');
    const other = await createDeck(user, 'Other');
    const reviewed = await oldClozeCard(
      user,
      deck.id,
      '{{c3::c}} then {{c2::b}} and {{c5::e}}',
      true,
    );
    const single = await oldClozeCard(user, deck.id, 'only {{c1::one}}');
    const elsewhere = await oldClozeCard(user, other.id, '{{c1::x}} {{c2::y}}');
    const qa = await createCard(user, deck.id, 'plain', 'card');
    const before = (await deckCards(user, deck.id)).find((card) => card.id === reviewed);

    // Batches of two: the cards span several batches.
    expect(await splitClozeCards(db.kysely, 2)).toBe(3);
    // Run again: nothing left to split.
    expect(await splitClozeCards(db.kysely, 2)).toBe(0);

    const cards = await deckCards(user, deck.id);
    expect(cards).toHaveLength(5);
    const note = cards.filter((card) => card.note_id === reviewed);
    expect(note.map((card) => [card.id === reviewed, card.cloze_number])).toEqual([
      [true, 2],
      [false, 3],
      [false, 5],
    ]);
    const kept = note.find((card) => card.id === reviewed) as Flashcard;
    expect(kept).toMatchObject({
      card_state: 'review',
      interval_days: 12,
      review_count: 4,
      due_date: before?.due_date,
      created_at: '2026-01-02T03:04:05.000Z',
    });
    for (const sibling of note.filter((card) => card.id !== reviewed)) {
      expect(sibling).toMatchObject({
        deck_id: deck.id,
        card_type: 'cloze',
        card_state: 'new',
        review_count: 0,
        front_content: kept.front_content,
        back_content: 'full text',
        source_quote: 'the quote',
        created_at: '2026-01-02T03:04:05.000Z',
      });
      expect(Date.parse(sibling.due_date)).toBeLessThanOrEqual(Date.now());
    }
    expect(cards.find((card) => card.id === single)).toMatchObject({
      note_id: single,
      cloze_number: 1,
    });
    expect(cards.find((card) => card.id === qa.id)).toMatchObject({
      note_id: null,
      cloze_number: null,
    });
    expect((await deckCards(user, other.id)).map((card) => card.note_id)).toEqual([
      elsewhere,
      elsewhere,
    ]);
    const count = async (id: string) =>
      (await json<Deck>(await user.get(`/api/decks/${id}`), 200)).card_count;
    expect([await count(deck.id), await count(other.id)]).toEqual([5, 2]);
  });
});
