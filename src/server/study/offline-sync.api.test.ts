import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyStatistics } from '../../core/scheduling';
import type { LearningSession, ReviewResult } from '../../core/study-schemas';
import { createCard, createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Sync of a session studied offline (issue 24): the device's session becomes a server session
 * with its start and duration, its answers are recorded once each from their `answered_at`,
 * and an answer to a card deleted elsewhere gets a 404 of its own that the device counts.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const offlineSession = (user: HttpClient, deckId: string, body: Record<string, unknown>) =>
  user.post(`/api/decks/${deckId}/study/offline-sessions`, { time_zone: 'UTC', ...body });

const answer = (user: HttpClient, sessionId: string, id: string, cardId: string, at: Date) =>
  user.post(`/api/study/sessions/${sessionId}/reviews`, {
    id,
    card_id: cardId,
    response: 'good',
    response_time_seconds: 3,
    answered_at: at.toISOString(),
  });

describe('sessions studied offline', () => {
  it('become server sessions with their answers once each, counts and duration', async () => {
    const user = await newUser(server.url, 'sync');
    const deck = await createDeck(user, 'Train deck');
    const first = await createCard(user, deck.id, 'One?', 'Un');
    const second = await createCard(user, deck.id, 'Two?', 'Deux');
    const startedAt = new Date(Date.now() - 10 * 60_000);
    const id = `offline-${crypto.randomUUID()}`;
    const made = await json<LearningSession>(
      await offlineSession(user, deck.id, { id, started_at: startedAt.toISOString() }),
      200,
    );
    expect(made).toMatchObject({ id, deck_id: deck.id, is_completed: false });
    expect(made.started_at).toBe(startedAt.toISOString());
    // Sent again (a sync cut off and resumed): the same session.
    await json(
      await offlineSession(user, deck.id, { id, started_at: startedAt.toISOString() }),
      200,
    );

    const at = new Date(startedAt.getTime() + 60_000);
    const recorded = await json<ReviewResult>(
      await answer(user, id, 'a-1-xxxxx', first.id, at),
      200,
    );
    expect(recorded.duplicate).toBe(false);
    expect(recorded.review).toMatchObject({ id: 'a-1-xxxxx', previous_card_state: 'new' });
    const again = await json<ReviewResult>(await answer(user, id, 'a-1-xxxxx', first.id, at), 200);
    expect(again.duplicate).toBe(true);
    await json(await answer(user, id, 'a-2-xxxxx', second.id, at), 200);

    const completedAt = new Date(startedAt.getTime() + 5 * 60_000);
    const done = await json<LearningSession>(
      await offlineSession(user, deck.id, {
        id,
        started_at: startedAt.toISOString(),
        completed_at: completedAt.toISOString(),
      }),
      200,
    );
    expect(done).toMatchObject({
      is_completed: true,
      cards_studied: 2,
      good_count: 2,
      duration_seconds: 300,
      completed_at: completedAt.toISOString(),
    });
    const stats = await json<StudyStatistics>(await user.get(`/api/stats?deck_id=${deck.id}`), 200);
    expect(stats.total_sessions).toBe(1);
  });

  it('answers a card deleted elsewhere with 404 CARD_NOT_FOUND, and records the others', async () => {
    const user = await newUser(server.url, 'sync-deleted');
    const deck = await createDeck(user, 'Deleted elsewhere');
    const kept = await createCard(user, deck.id, 'Kept?', 'Yes');
    const gone = await createCard(user, deck.id, 'Gone?', 'No');
    const id = `offline-${crypto.randomUUID()}`;
    const startedAt = new Date(Date.now() - 60_000);
    await json(
      await offlineSession(user, deck.id, { id, started_at: startedAt.toISOString() }),
      200,
    );
    expect((await user.request(`/api/flashcards/${gone.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    const refused = await answer(user, id, 'gone-xxxxx', gone.id, startedAt);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({
      error: { code: 'CARD_NOT_FOUND', message: 'Card not found or access denied' },
    });
    await json(await answer(user, id, 'kept-xxxxx', kept.id, startedAt), 200);
  });

  it('refuses bad input, an id used for another deck, and another user', async () => {
    const user = await newUser(server.url, 'sync-bad');
    const other = await newUser(server.url, 'sync-bad-other');
    const deck = await createDeck(user, 'A');
    const deckB = await createDeck(user, 'B');
    const started_at = new Date().toISOString();
    for (const [body, message] of [
      [{ id: 'short', started_at }, 'A session needs an id made by the client'],
      [{ id: 'offline-12345678', started_at: 'yesterday' }, 'started_at must be an ISO 8601'],
      [{ id: 'offline-12345678', started_at, completed_at: 'x' }, 'completed_at must be an ISO'],
      [{ id: 'offline-12345678', started_at, time_zone: 'Mars/Base' }, 'Unknown time zone'],
    ] as const) {
      const response = await offlineSession(user, deck.id, body);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const id = `offline-${crypto.randomUUID()}`;
    await json(await offlineSession(user, deck.id, { id, started_at }), 200);
    const elsewhere = await offlineSession(user, deckB.id, { id, started_at });
    expect(elsewhere.status).toBe(409);
    expect((await offlineSession(other, deck.id, { id, started_at })).status).toBe(404);
    const theirs = await createDeck(other, 'Theirs');
    expect((await offlineSession(other, theirs.id, { id, started_at })).status).toBe(409);
    // Nothing of the refused calls was recorded: the one session, open, on deck A.
    const session = await json<LearningSession>(await user.get(`/api/study/sessions/${id}`), 200);
    expect(session).toMatchObject({ deck_id: deck.id, is_completed: false });
  });
});
