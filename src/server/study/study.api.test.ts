import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../core/deck-schemas';
import type { Flashcard } from '../../core/flashcard-schemas';
import type {
  LearningSession,
  ReviewResult,
  SessionPreview,
  StartedSession,
} from '../../core/study-schemas';
import { createCard, createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const errorMessage = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

const patch = (client: HttpClient, path: string, body: unknown) =>
  client.request(path, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

let reviewCounter = 0;
const reviewId = () => `review-${Date.now()}-${reviewCounter++}`;

async function deckWithCards(user: HttpClient, count: number, settings: object = {}) {
  const deck = await createDeck(user, 'Study deck');
  if (Object.keys(settings).length > 0) {
    await json(await patch(user, `/api/decks/${deck.id}`, settings), 200);
  }
  const cards: { id: string }[] = [];
  for (let index = 0; index < count; index++) {
    cards.push(await createCard(user, deck.id, `Question ${index}?`, `Answer ${index}`));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return { deck, cards };
}

async function start(user: HttpClient, deckId: string, body: object = {}) {
  return json<StartedSession>(
    await user.post(`/api/decks/${deckId}/study/sessions`, { time_zone: 'UTC', ...body }),
    201,
  );
}

async function review(
  user: HttpClient,
  sessionId: string,
  cardId: string,
  response: string,
  id = reviewId(),
) {
  return user.post(`/api/study/sessions/${sessionId}/reviews`, {
    id,
    card_id: cardId,
    response,
    response_time_seconds: 3.4,
  });
}

describe('preview and due counts', () => {
  it("counts new and due cards within the deck's daily limits and estimates minutes", async () => {
    const user = await newUser(server.url);
    const { deck } = await deckWithCards(user, 3);
    const preview = await json<SessionPreview>(
      await user.get(`/api/decks/${deck.id}/study/preview?time_zone=Europe/Paris`),
      200,
    );
    expect(preview).toEqual({
      deckName: 'Study deck',
      newCards: 3,
      dueCards: 0,
      estimatedDuration: 2,
    });
    expect(await json(await user.get(`/api/decks/${deck.id}/due`), 200)).toEqual({
      newCards: 3,
      dueCards: 0,
    });
    const bad = await user.get(`/api/decks/${deck.id}/study/preview?time_zone=Mars/Olympus`);
    expect(bad.status).toBe(400);
    expect(await errorMessage(bad)).toContain('Unknown time zone');
    const missing = await user.get('/api/decks/nope/study/preview');
    expect(missing.status).toBe(404);
    expect(await errorMessage(missing)).toBe('Deck not found');
  });
});

describe('a learning session', () => {
  it('starts with new cards oldest first, records answers once, undoes and completes', async () => {
    const user = await newUser(server.url);
    const { deck, cards } = await deckWithCards(user, 3);
    const started = await start(user, deck.id, { session_type: 'new_only' });
    expect(started.queue.map((card) => card.id)).toEqual(cards.map((card) => card.id));
    expect(started.session).toMatchObject({ is_completed: false, cards_studied: 0 });
    const sessionId = started.session.id;
    const first = cards[0]?.id ?? '';

    const id = reviewId();
    const before = Date.now();
    const answered = await json<ReviewResult>(
      await review(user, sessionId, first, 'good', id),
      200,
    );
    expect(answered.duplicate).toBe(false);
    expect(answered.updatedCard.card_state).not.toBe('new');
    expect(new Date(answered.updatedCard.due_date).getTime()).toBeGreaterThan(before);
    expect(answered.updatedCard.review_count).toBe(1);
    expect(answered.updatedCard.average_response_time).toBe(3);
    expect(answered.session).toMatchObject({ cards_studied: 1, good_count: 1 });
    expect(answered.review).toMatchObject({
      id,
      previous_card_state: 'new',
      user_response: 'good',
    });

    // The same answer sent again (a retry after a lost response) is recorded once.
    const again = await json<ReviewResult>(await review(user, sessionId, first, 'good', id), 200);
    expect(again.duplicate).toBe(true);
    expect(again.session.cards_studied).toBe(1);
    const reused = await review(user, sessionId, cards[1]?.id ?? '', 'good', id);
    expect(reused.status).toBe(409);

    // Again: due in a minute.
    const second = cards[1]?.id ?? '';
    const failed = await json<ReviewResult>(await review(user, sessionId, second, 'again'), 200);
    const dueIn = new Date(failed.updatedCard.due_date).getTime() - Date.now();
    expect(dueIn).toBeGreaterThan(30_000);
    expect(dueIn).toBeLessThanOrEqual(61_000);

    // Undo restores the card from the log and takes the answer out of the counters.
    const undone = await json<{ undone: { id: string } | null; card: Flashcard }>(
      await user.post(`/api/study/sessions/${sessionId}/undo`),
      200,
    );
    expect(undone.card).toMatchObject({ id: second, card_state: 'new', review_count: 0 });
    const afterUndo = await json<LearningSession>(
      await user.get(`/api/study/sessions/${sessionId}`),
      200,
    );
    expect(afterUndo).toMatchObject({ cards_studied: 1, again_count: 0, good_count: 1 });

    const completed = await json<LearningSession>(
      await user.post(`/api/study/sessions/${sessionId}/complete`),
      200,
    );
    expect(completed.is_completed).toBe(true);
    expect(completed.completed_at).not.toBeNull();
    expect(completed.duration_seconds).toBeGreaterThanOrEqual(0);
    // Completing again is harmless; answering is not possible any more.
    expect(
      (
        await json<LearningSession>(
          await user.post(`/api/study/sessions/${sessionId}/complete`),
          200,
        )
      ).completed_at,
    ).toBe(completed.completed_at);
    const late = await review(user, sessionId, cards[2]?.id ?? '', 'good');
    expect(late.status).toBe(400);
    expect(await errorMessage(late)).toBe('No active session');

    const deckAfter = await json<Deck>(await user.get(`/api/decks/${deck.id}`), 200);
    expect(deckAfter.last_studied_at).not.toBeNull();
  });

  it('refuses unknown sessions, cards of other decks and bad answers, changing nothing', async () => {
    const user = await newUser(server.url);
    const { deck, cards } = await deckWithCards(user, 1);
    const other = await createCard(user, (await createDeck(user, 'Other')).id);
    const { session } = await start(user, deck.id);
    const cases: [Promise<Response>, number, string][] = [
      [review(user, 'no-such-session', cards[0]?.id ?? '', 'good'), 404, 'Session not found'],
      [review(user, session.id, other.id, 'good'), 404, 'Card not found or access denied'],
      [review(user, session.id, 'no-such-card', 'good'), 404, 'Card not found or access denied'],
      [review(user, session.id, cards[0]?.id ?? '', 'perfect'), 400, 'again, hard, good or easy'],
      [
        user.post(`/api/study/sessions/${session.id}/reviews`, {
          id: 'x',
          card_id: cards[0]?.id,
          response: 'good',
          response_time_seconds: 1,
        }),
        400,
        'id made by the client',
      ],
      [
        user.post(`/api/decks/${deck.id}/study/sessions`, { time_zone: 'Nowhere/Land' }),
        400,
        'Unknown time zone',
      ],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      expect(response.status).toBe(status);
      expect(await errorMessage(response)).toContain(message);
    }
    const unchanged = await json<LearningSession>(
      await user.get(`/api/study/sessions/${session.id}`),
      200,
    );
    expect(unchanged.cards_studied).toBe(0);
    const nothing = await json<{ undone: null }>(
      await user.post(`/api/study/sessions/${session.id}/undo`),
      200,
    );
    expect(nothing.undone).toBeNull();
  });

  it('records a burst of identical resends exactly once', async () => {
    const user = await newUser(server.url);
    const { deck, cards } = await deckWithCards(user, 1);
    const { session } = await start(user, deck.id);
    const id = reviewId();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => review(user, session.id, cards[0]?.id ?? '', 'easy', id)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    const results = await Promise.all(
      responses.map((response) => response.json() as Promise<ReviewResult>),
    );
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
    const after = await json<LearningSession>(
      await user.get(`/api/study/sessions/${session.id}`),
      200,
    );
    expect(after).toMatchObject({ cards_studied: 1, easy_count: 1 });
  });

  it('auto-completes the abandoned session of the deck when a fresh one starts', async () => {
    const user = await newUser(server.url);
    const { deck } = await deckWithCards(user, 2);
    const first = await start(user, deck.id);
    const second = await start(user, deck.id);
    expect(second.autoCompleted).toBe(1);
    const old = await json<LearningSession>(
      await user.get(`/api/study/sessions/${first.session.id}`),
      200,
    );
    expect(old.is_completed).toBe(true);
  });
});

describe('daily limits and schedulers', () => {
  it("counts today's new cards against new_cards_per_day", async () => {
    const user = await newUser(server.url);
    const { deck } = await deckWithCards(user, 3, { new_cards_per_day: 2 });
    const started = await start(user, deck.id);
    expect(started.queue).toHaveLength(2);
    for (const card of started.queue) {
      await json(await review(user, started.session.id, card.id, 'easy'), 200);
    }
    const preview = await json<SessionPreview>(
      await user.get(`/api/decks/${deck.id}/study/preview?time_zone=Asia/Kolkata`),
      200,
    );
    expect(preview.newCards).toBe(0);
    // Nothing left today: no empty session is started.
    const next = await user.post(`/api/decks/${deck.id}/study/sessions`, {
      time_zone: 'Asia/Kolkata',
    });
    expect(next.status).toBe(409);
  });

  it('SM-2 decks: again is due in 1 minute, hard on a learning card in 10 minutes', async () => {
    const user = await newUser(server.url);
    const { deck, cards } = await deckWithCards(user, 1, { scheduler: 'sm2' });
    const { session } = await start(user, deck.id, { session_type: 'new_only' });
    const minutesUntil = (result: ReviewResult) =>
      (new Date(result.updatedCard.due_date).getTime() - Date.now()) / 60_000;
    // Again on the new card puts it in learning, due in a minute...
    const again = await json<ReviewResult>(
      await review(user, session.id, cards[0]?.id ?? '', 'again'),
      200,
    );
    expect(again.updatedCard.card_state).toBe('learning');
    expect(minutesUntil(again)).toBeGreaterThan(0.5);
    expect(minutesUntil(again)).toBeLessThanOrEqual(1.01);
    // ...and hard on that learning card keeps it there, due in 10 minutes.
    const hard = await json<ReviewResult>(
      await review(user, session.id, cards[0]?.id ?? '', 'hard'),
      200,
    );
    expect(hard.updatedCard.card_state).toBe('learning');
    expect(minutesUntil(hard)).toBeGreaterThan(9.5);
    expect(minutesUntil(hard)).toBeLessThanOrEqual(10.01);
    expect(hard.updatedCard.ease_factor).toBe(again.updatedCard.ease_factor);
  });

  it('keeps scheduler settings on the deck and refuses bad ones', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user);
    const fresh = await json<Deck>(await user.get(`/api/decks/${deck.id}`), 200);
    expect(fresh).toMatchObject({ scheduler: 'sm2', desired_retention: 0.9 });
    const updated = await json<Deck>(
      await patch(user, `/api/decks/${deck.id}`, { scheduler: 'fsrs', desired_retention: 0.85 }),
      200,
    );
    expect(updated).toMatchObject({ scheduler: 'fsrs', desired_retention: 0.85 });
    for (const body of [{ scheduler: 'anki' }, { desired_retention: 1.5 }]) {
      expect((await patch(user, `/api/decks/${deck.id}`, body)).status).toBe(400);
    }
  });
});

describe('FSRS tuning', () => {
  it('needs 400 reviews, and says how many there are', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user);
    expect(await json(await user.get(`/api/decks/${deck.id}/fsrs/tune`), 200)).toEqual({
      status: 'never',
    });
    expect(
      await json(await user.post(`/api/decks/${deck.id}/fsrs/tune`, { time_zone: 'UTC' }), 200),
    ).toEqual({ status: 'insufficient', reviews: 0, needed: 400 });
    expect((await user.post('/api/decks/nope/fsrs/tune', { time_zone: 'UTC' })).status).toBe(404);
  });
});

describe('statistics', () => {
  it('counts sessions, answers, retention and the streak; deleting the deck removes them', async () => {
    const user = await newUser(server.url);
    const { deck, cards } = await deckWithCards(user, 3);
    const { session } = await start(user, deck.id, { session_type: 'new_only' });
    await json(await review(user, session.id, cards[0]?.id ?? '', 'good'), 200);
    await json(await review(user, session.id, cards[1]?.id ?? '', 'again'), 200);
    await json(await review(user, session.id, cards[2]?.id ?? '', 'easy'), 200);
    await json(await user.post(`/api/study/sessions/${session.id}/complete`), 200);
    const stats = await json<Record<string, unknown>>(
      await user.get(`/api/stats?deck_id=${deck.id}&time_zone=UTC`),
      200,
    );
    expect(stats).toMatchObject({
      total_sessions: 1,
      total_cards_studied: 3,
      total_again: 1,
      total_good: 1,
      total_easy: 1,
      retention_rate: 67,
      current_streak: 1,
    });
    const overall = await json<Record<string, unknown>>(await user.get('/api/stats'), 200);
    expect(overall).toMatchObject({ total_sessions: 1 });
    expect((await user.get('/api/stats?deck_id=unknown')).status).toBe(404);

    await json(await user.request(`/api/decks/${deck.id}`, { method: 'DELETE' }), 200);
    expect((await user.get(`/api/study/sessions/${session.id}`)).status).toBe(404);
    const empty = await json<Record<string, unknown>>(await user.get('/api/stats'), 200);
    expect(empty).toMatchObject({ total_sessions: 0, total_cards_studied: 0 });
  });
});
