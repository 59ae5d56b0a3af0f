import path from 'node:path';
import { REVLOG_SKIPS } from './convert';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiImportSummary } from '../../../core/anki/import-schemas';
import type { Deck } from '../../../core/deck-schemas';
import type { Flashcard, FlashcardPage } from '../../../core/flashcard-schemas';
import { createDb, type Db } from '../../db/database';
import { json, newUser } from '../../../../test/support/fixtures';
import { importAnkiAndWait } from '../../../../test/support/anki-import';
import type { HttpClient } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { buildPackage } from '../../../../test/support/anki/test-packages';
import { CRT, DAY, fullSpec } from '../../../../test/support/anki/full-spec';

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

/** The start of day N of the collection (crt 14 November 2023, UTC): its date + N, 4 am. */
const dayStart = (day: number) => new Date(Date.UTC(2023, 10, 14 + day, 4)).toISOString();

const upload = (user: HttpClient, bytes: Uint8Array, fields: Record<string, string>) =>
  importAnkiAndWait(user, bytes, fields);

async function cardsOf(user: HttpClient, deckId?: string): Promise<Flashcard[]> {
  const query = deckId ? `deck_id=${deckId}&` : '';
  return (await json<FlashcardPage>(await user.get(`/api/flashcards?${query}limit=1000`), 200))
    .flashcards;
}

const decksOf = async (user: HttpClient) =>
  (await json<{ decks: Deck[] }>(await user.get('/api/decks'), 200)).decks;

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
      media: 0,
      // fullSpec's manual reschedule (type 4) is not an answer: named, not dropped silently.
      skipped: [{ reason: REVLOG_SKIPS.manual, count: 1, notes: ['“manger”'], more_notes: 0 }],
      changed: [],
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
      // Day 400 of a collection made 14 November 2023 (UTC): 18 December 2024, from 4 am.
      due_date: dayStart(400),
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
      due_date: new Date((CRT + 500 * DAY) * 1000).toISOString(), // a timestamp
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
