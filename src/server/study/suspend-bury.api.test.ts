import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../core/deck-schemas';
import type { Flashcard, FlashcardPage } from '../../core/flashcard-schemas';
import { localParts } from '../../core/scheduling';
import type { ReviewResult, SessionPreview, StartedSession } from '../../core/study-schemas';
import { createDb, type FlashcardTable } from '../db/database';
import { createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Suspend, bury and leeches through the API: suspended and buried cards are in no queue and no
 * due count; a buried card comes back at the next study day (the clock is moved by writing the
 * stored times, as session-counts.api.test.ts does); a leech is suspended and undo restores it.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const TZ = 'America/New_York';

async function withDb<T>(run: (db: ReturnType<typeof createDb>['kysely']) => Promise<T>) {
  const db = createDb(
    server.databaseUrl
      ? { kind: 'postgres', url: server.databaseUrl, poolSize: 1 }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'mnemo.db') },
  );
  try {
    return await run(db.kysely);
  } finally {
    await db.close();
  }
}

async function setCards(ids: string[], changes: Partial<Record<keyof FlashcardTable, unknown>>) {
  await withDb((db) =>
    db
      .updateTable('flashcards')
      .set(changes as never)
      .where('id', 'in', ids)
      .execute(),
  );
}

async function deckWithCards(user: HttpClient, count: number) {
  const deck = await createDeck(user, 'Suspend deck');
  const cards = Array.from({ length: count }, (_, index) => ({
    deck_id: deck.id,
    card_type: 'qa',
    front_content: `Question ${index}?`,
    back_content: `Answer ${index}`,
  }));
  const created = await json<{ flashcards: Flashcard[] }>(
    await user.post('/api/flashcards/bulk', { cards }),
    201,
  );
  return { deckId: deck.id, ids: created.flashcards.map((card) => card.id) };
}

async function dueTotal(user: HttpClient, deckId: string) {
  const deck = await json<Deck>(await user.get(`/api/decks/${deckId}?time_zone=${TZ}`), 200);
  const preview = await json<SessionPreview>(
    await user.get(`/api/decks/${deckId}/study/preview?time_zone=${TZ}`),
    200,
  );
  expect(preview.newCards + preview.dueCards).toBe(deck.due_count);
  return deck.due_count;
}

async function queueIds(user: HttpClient, deckId: string) {
  const response = await user.post(`/api/decks/${deckId}/study/sessions`, { time_zone: TZ });
  if (response.status === 409) return { ids: [] as string[], sessionId: null };
  const started = await json<StartedSession>(response, 201);
  return { ids: started.queue.map((card) => card.id).sort(), sessionId: started.session.id };
}

async function listed(user: HttpClient, deckId: string, status: string) {
  const page = await json<FlashcardPage>(
    await user.get(`/api/flashcards?deck_id=${deckId}&status=${status}`),
    200,
  );
  return page.flashcards.map((card) => card.id).sort();
}

async function answer(user: HttpClient, sessionId: string, cardId: string, response: string) {
  return json<ReviewResult>(
    await user.post(`/api/study/sessions/${sessionId}/reviews`, {
      id: `r-${cardId}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      card_id: cardId,
      response,
      response_time_seconds: 3,
    }),
    200,
  );
}

describe('suspend', () => {
  it('takes a card out of every queue and count; unsuspend restores its state and due date', async () => {
    const user = await newUser(server.url);
    const { deckId, ids } = await deckWithCards(user, 3);
    const [a, b, c] = ids as [string, string, string];
    const due = new Date(Date.now() - 3_600_000).toISOString();
    await setCards([a], { card_state: 'review', due_date: due, interval_days: 3, review_count: 2 });
    expect(await dueTotal(user, deckId)).toBe(3);

    const suspended = await json<Flashcard>(await user.post(`/api/flashcards/${a}/suspend`), 200);
    expect(suspended).toMatchObject({ card_state: 'suspended', suspended_from: 'review' });
    await json(await user.post('/api/flashcards/bulk-suspend', { ids: [b], suspended: true }), 200);
    expect(await dueTotal(user, deckId)).toBe(1);
    expect(await listed(user, deckId, 'suspended')).toEqual([a, b].sort());
    const session = await queueIds(user, deckId);
    expect(session.ids).toEqual([c]);

    // A suspended card cannot be answered, even by a session that held it.
    const refused = await user.post(`/api/study/sessions/${session.sessionId}/reviews`, {
      id: `suspended-${Date.now()}`,
      card_id: a,
      response: 'good',
      response_time_seconds: 1,
    });
    expect(refused.status).toBe(409);

    const back = await json<Flashcard>(await user.post(`/api/flashcards/${a}/unsuspend`), 200);
    expect(back).toMatchObject({ card_state: 'review', suspended_from: null, due_date: due });
    await json(
      await user.post('/api/flashcards/bulk-suspend', { ids: [b], suspended: false }),
      200,
    );
    const restored = await json<Flashcard>(await user.get(`/api/flashcards/${b}`), 200);
    expect(restored.card_state).toBe('new');
    expect(await dueTotal(user, deckId)).toBe(3);
  });

  it("bulk suspend is all or nothing: another user's id is 404 and nothing changes", async () => {
    const owner = await newUser(server.url);
    const other = await newUser(server.url);
    const mine = await deckWithCards(owner, 2);
    const theirs = await deckWithCards(other, 1);
    const response = await owner.post('/api/flashcards/bulk-suspend', {
      ids: [...mine.ids, ...theirs.ids],
      suspended: true,
    });
    expect(response.status).toBe(404);
    expect(await listed(owner, mine.deckId, 'suspended')).toEqual([]);
    expect(await listed(other, theirs.deckId, 'suspended')).toEqual([]);
    expect((await owner.post(`/api/flashcards/${theirs.ids[0]}/suspend`)).status).toBe(404);
    const bad = await owner.post('/api/flashcards/bulk-suspend', { ids: mine.ids, suspended: 1 });
    expect(bad.status).toBe(400);
  });
});

describe('bury', () => {
  it('hides a card until 4 am of the next study day in the user zone, then it is back', async () => {
    const user = await newUser(server.url);
    const { deckId, ids } = await deckWithCards(user, 2);
    const [a, b] = ids as [string, string];
    const buried = await json<Flashcard>(
      await user.post(`/api/flashcards/${a}/bury`, { time_zone: TZ }),
      200,
    );
    const until = new Date(buried.buried_until ?? '');
    expect(until.getTime()).toBeGreaterThan(Date.now());
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);
    expect(localParts(until, TZ)).toMatchObject({ hour: 4, minute: 0, second: 0 });
    expect(await dueTotal(user, deckId)).toBe(1);
    expect(await listed(user, deckId, 'buried')).toEqual([a]);
    expect((await queueIds(user, deckId)).ids).toEqual([b]);

    // The next study day: the bury time has passed, the card is back with no job run.
    await setCards([a], { buried_until: new Date(Date.now() - 1000).toISOString() });
    expect(await dueTotal(user, deckId)).toBe(2);
    expect(await listed(user, deckId, 'buried')).toEqual([]);

    await json(await user.post(`/api/flashcards/${b}/bury`, { time_zone: TZ }), 200);
    expect(await dueTotal(user, deckId)).toBe(1);
    const unburied = await json<Flashcard>(await user.post(`/api/flashcards/${b}/unbury`), 200);
    expect(unburied.buried_until).toBeNull();
    expect(await dueTotal(user, deckId)).toBe(2);
    const badZone = await user.post(`/api/flashcards/${b}/bury`, { time_zone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
  });

  it("buries an answered card's siblings per the deck's options, and undo unburies them", async () => {
    const user = await newUser(server.url);
    const { deckId, ids } = await deckWithCards(user, 4);
    const [first, newSibling, reviewSibling, stranger] = ids as [string, string, string, string];
    await setCards([first, newSibling, reviewSibling], { note_id: 'note-1' });
    await setCards([reviewSibling], {
      card_state: 'review',
      interval_days: 4,
      due_date: new Date(Date.now() + 86_400_000 * 3).toISOString(),
    });
    const deck = await json<Deck>(await user.get(`/api/decks/${deckId}`), 200);
    expect(deck).toMatchObject({
      bury_new_siblings: false,
      bury_review_siblings: false,
      bury_interday_learning_siblings: false,
      leech_threshold: 8,
      leech_action: 'suspend',
    });
    // Off by default (Anki): answering buries nothing.
    let session = await queueIds(user, deckId);
    let result = await answer(user, session.sessionId ?? '', first, 'good');
    expect(result.buried).toEqual([]);
    await json(await user.post(`/api/study/sessions/${session.sessionId}/undo`), 200);

    await json(
      await user.request(`/api/decks/${deckId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bury_new_siblings: true, bury_review_siblings: true }),
      }),
      200,
    );
    session = await queueIds(user, deckId);
    result = await answer(user, session.sessionId ?? '', first, 'good');
    expect(result.buried.sort()).toEqual([newSibling, reviewSibling].sort());
    expect(await listed(user, deckId, 'buried')).toEqual([newSibling, reviewSibling].sort());
    expect(await dueTotal(user, deckId)).toBe(1); // only the stranger is left
    // Undo: the siblings are back.
    await json(await user.post(`/api/study/sessions/${session.sessionId}/undo`), 200);
    expect(await listed(user, deckId, 'buried')).toEqual([]);
    expect(await dueTotal(user, deckId)).toBe(3); // the review sibling is not due yet
    // Answered again, then a new session holds only the card of another note.
    result = await answer(user, session.sessionId ?? '', first, 'good');
    expect(result.buried).toHaveLength(2);
    const next = await queueIds(user, deckId);
    expect(next.ids).toEqual([stranger]);
  });
});

describe('burying real cloze siblings', () => {
  it('a three-deletion cloze note: answering c1 buries c2 and c3 until the next study day', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Cloze siblings');
    await json(
      await user.request(`/api/decks/${deck.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bury_new_siblings: true }),
      }),
      200,
    );
    const front = '{{c1::Paris}} is the capital of {{c2::France}}, on the {{c3::Seine}}.';
    const body = { deck_id: deck.id, card_type: 'cloze', front_content: front, back_content: 'x' };
    await json(await user.post('/api/flashcards', body), 201);
    const cards = await json<FlashcardPage>(
      await user.get(`/api/flashcards?deck_id=${deck.id}`),
      200,
    );
    expect(cards.flashcards.map((card) => card.cloze_number).sort()).toEqual([1, 2, 3]);
    const session = await queueIds(user, deck.id);
    expect(session.ids).toHaveLength(3);
    const c1 = cards.flashcards.find((card) => card.cloze_number === 1)?.id ?? '';
    const result = await answer(user, session.sessionId ?? '', c1, 'good');
    const others = cards.flashcards.filter((card) => card.id !== c1).map((card) => card.id);
    expect(result.buried.sort()).toEqual(others.sort());
    expect(await listed(user, deck.id, 'buried')).toEqual(others.sort());
    expect(await dueTotal(user, deck.id)).toBe(0);
  });
});

describe('leeches', () => {
  it('the 8th lapse marks and suspends the card in the answer; undo restores it fully', async () => {
    const user = await newUser(server.url);
    const { deckId, ids } = await deckWithCards(user, 2);
    const [leech] = ids as [string];
    const due = new Date(Date.now() - 60_000).toISOString();
    await setCards([leech], {
      card_state: 'review',
      due_date: due,
      interval_days: 5,
      lapses: 7,
      reps: 20,
      review_count: 20,
      stability: 4,
      difficulty: 8,
      fsrs_state: 2,
      last_reviewed_at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    });
    const session = await queueIds(user, deckId);
    expect(session.ids).toContain(leech);
    const result = await answer(user, session.sessionId ?? '', leech, 'again');
    expect(result.leech).toBe(true);
    expect(result.updatedCard).toMatchObject({
      card_state: 'suspended',
      is_leech: true,
      lapses: 8,
    });
    expect(await listed(user, deckId, 'leech')).toEqual([leech]);
    expect(await listed(user, deckId, 'suspended')).toEqual([leech]);
    expect(await dueTotal(user, deckId)).toBe(1);

    await json(await user.post(`/api/study/sessions/${session.sessionId}/undo`), 200);
    const restored = await json<Flashcard & { lapses?: number }>(
      await user.get(`/api/flashcards/${leech}`),
      200,
    );
    expect(restored).toMatchObject({
      card_state: 'review',
      is_leech: false,
      suspended_from: null,
      due_date: due,
    });
    expect(await listed(user, deckId, 'leech')).toEqual([]);
    expect(await dueTotal(user, deckId)).toBe(2);
  });

  it("with the 'tag' action the leech is marked and stays in the session", async () => {
    const user = await newUser(server.url);
    const { deckId, ids } = await deckWithCards(user, 1);
    const [leech] = ids as [string];
    await json(
      await user.request(`/api/decks/${deckId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ leech_action: 'tag', leech_threshold: 3 }),
      }),
      200,
    );
    await setCards([leech], {
      card_state: 'review',
      due_date: new Date(Date.now() - 60_000).toISOString(),
      interval_days: 5,
      lapses: 2,
      stability: 4,
      difficulty: 8,
      fsrs_state: 2,
      last_reviewed_at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    });
    const session = await queueIds(user, deckId);
    const result = await answer(user, session.sessionId ?? '', leech, 'again');
    expect(result.leech).toBe(true);
    expect(result.updatedCard.card_state).not.toBe('suspended');
    expect(result.updatedCard.is_leech).toBe(true);
    const bad = await user.request(`/api/decks/${deckId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ leech_threshold: 0 }),
    });
    expect(bad.status).toBe(400);
  });
});
