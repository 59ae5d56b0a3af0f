import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewResult, StartedSession } from '../../core/study-schemas';
import { createCard, createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

// Issue 13: what an answer costs, counted by the server (`X-Statements`, TEST_STATEMENT_COUNT):
// authentication, BEGIN, one read, the writes, COMMIT.

let server: TestServer;
const postgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const statements = (response: Response) => Number(response.headers.get('x-statements'));

async function studying(user: HttpClient, cards = 3) {
  const deck = await createDeck(user, 'Counted');
  const ids: string[] = [];
  for (let index = 0; index < cards; index++) {
    ids.push((await createCard(user, deck.id, `Q${index}?`, `A${index}`)).id);
  }
  const started = await json<StartedSession>(
    await user.post(`/api/decks/${deck.id}/study/sessions`, { time_zone: 'UTC' }),
    201,
  );
  return { deck, ids, session: started.session.id };
}

const answer = (user: HttpClient, session: string, cardId: string, id = randomUUID()) =>
  user.post(`/api/study/sessions/${session}/reviews`, {
    id,
    card_id: cardId,
    response: 'good',
    response_time_seconds: 2,
  });

describe('statements per request', () => {
  it(`an answer runs at most ${postgres ? 6 : 10} statements, authentication included`, async () => {
    const user = await newUser(server.url);
    const { ids, session } = await studying(user);
    const first = await answer(user, session, ids[0]!);
    const result = await json<ReviewResult>(first, 200);
    expect(result.duplicate).toBe(false);
    // PostgreSQL: session and user (1), BEGIN, the read, the writes as one statement, COMMIT.
    // SQLite runs in-process, where a statement is a call, not a round trip: the four writes
    // are statements of their own, and the read is three point reads (cheaper there than one
    // join of the three).
    expect(statements(first)).toBeGreaterThan(2);
    expect(statements(first)).toBeLessThanOrEqual(postgres ? 6 : 10);
    // A small answer goes uncompressed (fetch asks for gzip): zlib would cost more than it saves.
    expect(first.headers.get('content-encoding')).toBeNull();
    expect(Number(first.headers.get('content-length'))).toBeGreaterThan(100);
    // The response is what was computed: the same as what a read now gives.
    const card = await json<{ due_date: string; review_count: number }>(
      await user.get(`/api/flashcards/${ids[0]}`),
      200,
    );
    expect(result.updatedCard.due_date).toBe(card.due_date);
    expect(result.updatedCard.review_count).toBe(1);
    expect(result.session.cards_studied).toBe(1);
    expect(result.session.good_count).toBe(1);
  });

  it('a copy of an answer is recorded once and answered as a duplicate', async () => {
    const user = await newUser(server.url);
    const { ids, session } = await studying(user);
    const id = randomUUID();
    const [a, b] = await Promise.all([
      answer(user, session, ids[1]!, id),
      answer(user, session, ids[1]!, id),
    ]);
    const results = [await json<ReviewResult>(a, 200), await json<ReviewResult>(b, 200)];
    expect(results.map((r) => r.duplicate).sort()).toEqual([false, true]);
    expect(results[0]!.review).toEqual(results[1]!.review);
    const again = await json<ReviewResult>(await answer(user, session, ids[1]!, id), 200);
    expect(again.duplicate).toBe(true);
    expect(again.session.cards_studied).toBe(1);
    // The same id for another card is a conflict, not a second answer.
    expect((await answer(user, session, ids[2]!, id)).status).toBe(409);
  });

  it('an authenticated deck list costs at most 3 statements', async () => {
    const user = await newUser(server.url);
    await studying(user, 1);
    const response = await user.get('/api/decks');
    expect(response.status).toBe(200);
    expect(statements(response)).toBeLessThanOrEqual(3);
    // better-auth's own endpoint: the session and its user in one read, no rate-limit writes.
    const session = await user.get('/api/auth/get-session');
    expect(session.status).toBe(200);
    expect(statements(session)).toBe(1);
  });
});
