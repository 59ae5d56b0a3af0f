import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../core/deck-schemas';
import { type StudyStatistics, zonedTimeToInstant } from '../../core/scheduling';
import {
  type ReviewResult,
  type SessionPreview,
  type StartedSession,
  STUDY_MESSAGES,
} from '../../core/study-schemas';
import { createDeck as createDeckRow, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Study days through the API with an injected clock (`X-Test-Now`): a card with an interval of
 * days is due from the 4 am rollover of its study day in the user's zone, on every screen
 * alike; FSRS counts elapsed days in study days; new decks take the account's scheduler.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const TZ = 'America/New_York';
const at = (day: number, hour: number, minute = 0) =>
  new Date(zonedTimeToInstant(2026, 3, day, hour, TZ).getTime() + minute * 60_000);
/** The deck as the API answers it (the fixture types only a few fields). */
const createDeck = async (user: HttpClient, name: string) =>
  (await createDeckRow(user, name)) as unknown as Deck;
const clock = (instant: Date) => ({ headers: { 'x-test-now': instant.toISOString() } });

async function addCard(user: HttpClient, deckId: string) {
  const body = { deck_id: deckId, card_type: 'qa', front_content: 'Q?', back_content: 'A' };
  return json<{ id: string }>(await user.post('/api/flashcards', body), 201);
}

async function startAt(user: HttpClient, deckId: string, instant: Date) {
  return user.post(`/api/decks/${deckId}/study/sessions`, { time_zone: TZ }, clock(instant));
}

async function answerAt(
  user: HttpClient,
  started: StartedSession,
  response: string,
  instant: Date,
  cardId = started.queue[0]?.id ?? '',
) {
  const body = {
    id: `answer-${cardId}-${instant.getTime()}`,
    card_id: cardId,
    response,
    response_time_seconds: 3,
  };
  return json<ReviewResult>(
    await user.post(`/api/study/sessions/${started.session.id}/reviews`, body, clock(instant)),
    200,
  );
}

/** What every screen says is due in the deck at `instant`. */
async function dueEverywhere(user: HttpClient, deckId: string, instant: Date) {
  const q = `time_zone=${encodeURIComponent(TZ)}`;
  const get = async <T>(path: string) => json<T>(await user.get(path, clock(instant)), 200);
  const list = await get<{ decks: Deck[] }>(`/api/decks?${q}`);
  const deck = await get<Deck>(`/api/decks/${deckId}?${q}`);
  const info = await get<{ dueCards: number }>(`/api/decks/${deckId}/due?${q}`);
  const preview = await get<SessionPreview>(`/api/decks/${deckId}/study/preview?${q}`);
  const stats = await get<StudyStatistics>(`/api/stats?deck_id=${deckId}&${q}`);
  const deckStats = await get<{ due: number }>(`/api/decks/${deckId}/stats?${q}`);
  return [
    list.decks.find((item) => item.id === deckId)?.due_count,
    deck.due_count,
    info.dueCards,
    preview.dueCards,
    stats.due_forecast[0]?.count,
    deckStats.due,
  ];
}

describe('study days (4 am rollover in the user zone)', () => {
  it('a 1-day card answered Monday 21:00 is due on every screen from Tuesday 04:00', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Study days');
    expect(deck.scheduler).toBe('sm2');
    const card = await addCard(user, deck.id);
    const monday = at(2, 21);
    const started = await json<StartedSession>(await startAt(user, deck.id, monday), 201);
    const result = await answerAt(user, started, 'good', monday);
    expect(result.review.new_due_date).toBe(at(3, 4).toISOString());
    expect(result.review.new_interval_days).toBe(1);
    await json(
      await user.post(`/api/study/sessions/${started.session.id}/complete`, {}, clock(monday)),
      200,
    );

    expect(await dueEverywhere(user, deck.id, at(3, 3, 59))).toEqual([0, 0, 0, 0, 0, 0]);
    expect((await startAt(user, deck.id, at(3, 3, 59))).status).toBe(409);
    expect(await dueEverywhere(user, deck.id, at(3, 4))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await dueEverywhere(user, deck.id, at(3, 18))).toEqual([1, 1, 1, 1, 1, 1]);
    const tuesday = await json<StartedSession>(await startAt(user, deck.id, at(3, 18)), 201);
    expect(tuesday.queue.map((item) => item.id)).toEqual([card.id]);
  });

  it('a card is due on the study day its due date falls in, in the zone studied in', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Travel');
    await addCard(user, deck.id);
    const monday = at(2, 21); // Tuesday 10:00 in Tokyo
    const started = await json<StartedSession>(await startAt(user, deck.id, monday), 201);
    await answerAt(user, started, 'good', monday); // due Tuesday 04:00 New York = 17:00 Tokyo
    // Tuesday 12:00 in Tokyo: the due date falls in this Tokyo study day, so the card is due.
    const noonTokyo = new Date(monday.getTime() + 2 * 3_600_000);
    const tokyo = (path: string) =>
      user.get(`${path}?time_zone=${encodeURIComponent('Asia/Tokyo')}`, clock(noonTokyo));
    expect((await json<Deck>(await tokyo(`/api/decks/${deck.id}`), 200)).due_count).toBe(1);
    expect(await dueEverywhere(user, deck.id, noonTokyo)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('schedules from when the learner answered, as the buttons did, kept within the session', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Offline');
    const cards = [await addCard(user, deck.id), await addCard(user, deck.id)];
    const started = await json<StartedSession>(await startAt(user, deck.id, at(2, 20)), 201);
    const send = async (cardId: string, answeredAt: Date, arrives: Date) => {
      const body = {
        id: `offline-${cardId}`,
        card_id: cardId,
        response: 'good',
        response_time_seconds: 3,
        answered_at: answeredAt.toISOString(),
      };
      const path = `/api/study/sessions/${started.session.id}/reviews`;
      return json<ReviewResult>(await user.post(path, body, clock(arrives)), 200);
    };
    // Answered Monday 21:00, sent from the offline queue Tuesday 05:00: 'Good (1 day)' meant
    // Tuesday, so it is due Tuesday 04:00, not Wednesday.
    const late = await send(cards[0]?.id ?? '', at(2, 21), at(3, 5));
    expect(late.review.new_due_date).toBe(at(3, 4).toISOString());
    // A clock ahead of the server's is not believed: the answer is at the server's now.
    const ahead = await send(cards[1]?.id ?? '', at(9, 12), at(2, 21, 30));
    expect(ahead.review.new_due_date).toBe(at(3, 4).toISOString());
    const bad = await user.post(
      `/api/study/sessions/${started.session.id}/reviews`,
      {
        id: 'bad-time-1',
        card_id: cards[1]?.id,
        response: 'good',
        response_time_seconds: 1,
        answered_at: 'yesterday',
      },
      clock(at(2, 21)),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(
      'answered_at must be an ISO 8601 date and time',
    );
  });

  it('steps in minutes stay exact: Again at 03:58 is due at 03:59, not at the rollover', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Steps');
    await addCard(user, deck.id);
    const early = at(3, 3, 58);
    const started = await json<StartedSession>(await startAt(user, deck.id, early), 201);
    const result = await answerAt(user, started, 'again', early);
    expect(result.review.new_due_date).toBe(at(3, 3, 59).toISOString());
    expect((await dueEverywhere(user, deck.id, at(3, 3, 58))).slice(0, 2)).toEqual([0, 0]);
    expect((await dueEverywhere(user, deck.id, at(3, 3, 59))).slice(0, 2)).toEqual([1, 1]);
  });

  it('FSRS counts Monday 21:00 → Tuesday 18:00 in New York as one study day', async () => {
    const user = await newUser(server.url);
    const preferences = await json<{ default_scheduler: string }>(
      await user.request('/api/preferences', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ default_scheduler: 'fsrs' }),
      }),
      200,
    );
    expect(preferences).toEqual({ default_scheduler: 'fsrs' });
    const deck = await createDeck(user, 'FSRS');
    expect(deck.scheduler).toBe('fsrs');
    await addCard(user, deck.id);
    const started = await json<StartedSession>(await startAt(user, deck.id, at(2, 21)), 201);
    await answerAt(user, started, 'easy', at(2, 21));
    // The card is not due yet (Easy gave days): no session starts on Tuesday...
    const again = await user.post(
      `/api/decks/${deck.id}/study/sessions`,
      { time_zone: TZ, session_type: 'mixed' },
      clock(at(3, 18)),
    );
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain(STUDY_MESSAGES.nothingToStudy);
    // ...and answering it early in Monday's session still counts the days.
    const second = await answerAt(user, started, 'good', at(3, 18), started.queue[0]?.id);
    expect(second.updatedCard.elapsed_days).toBe(1);
  });
});

describe('the account scheduler for new decks', () => {
  it("is the spec's SM-2 by default; FSRS when chosen; existing decks keep theirs", async () => {
    const user = await newUser(server.url);
    expect(await json(await user.get('/api/preferences'), 200)).toEqual({
      default_scheduler: 'sm2',
    });
    const before = await createDeck(user, 'Before');
    const patch = (body: object) =>
      user.request('/api/preferences', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refused = await patch({ default_scheduler: 'anki' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Scheduler must be fsrs or sm2');
    expect((await patch({ default_scheduler: 'fsrs', extra: 1 })).status).toBe(400);
    await json(await patch({ default_scheduler: 'fsrs' }), 200);
    const after = await createDeck(user, 'After');
    expect(after.scheduler).toBe('fsrs');
    const kept = await json<Deck>(await user.get(`/api/decks/${before.id}`), 200);
    expect(kept.scheduler).toBe('sm2');
  });
});
