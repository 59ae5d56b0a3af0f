import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../core/deck-schemas';
import type { StudyStatistics } from '../../core/scheduling';
import type { SessionPreview, StartedSession } from '../../core/study-schemas';
import { createDb } from '../db/database';
import { createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Every due count (deck list, deck, due info, preview, statistics forecast) equals what the
 * session started right then holds, under the deck's daily limits and today's studies.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const TZ = 'Europe/Paris';
let counter = 0;

async function deckWithCards(user: HttpClient, count: number, limits: object = {}) {
  const deck = await createDeck(user, `Deck ${counter++}`);
  if (Object.keys(limits).length > 0) {
    const response = await user.request(`/api/decks/${deck.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(limits),
    });
    expect(response.status).toBe(200);
  }
  const cards = Array.from({ length: count }, (_, index) => ({
    deck_id: deck.id,
    card_type: 'qa',
    front_content: `Question ${index}?`,
    back_content: `Answer ${index}`,
  }));
  await json(await user.post('/api/flashcards/bulk', { cards }), 201);
  return deck.id;
}

/** What each screen would show for a deck: new + due cards. */
async function shownCounts(user: HttpClient, deckId: string) {
  const list = await json<{ decks: Deck[] }>(await user.get(`/api/decks?time_zone=${TZ}`), 200);
  const listed = list.decks.find((deck) => deck.id === deckId);
  const deck = await json<Deck>(await user.get(`/api/decks/${deckId}?time_zone=${TZ}`), 200);
  const due = await json<{ newCards: number; dueCards: number }>(
    await user.get(`/api/decks/${deckId}/due?time_zone=${TZ}`),
    200,
  );
  const preview = await json<SessionPreview>(
    await user.get(`/api/decks/${deckId}/study/preview?time_zone=${TZ}`),
    200,
  );
  const stats = await json<StudyStatistics>(
    await user.get(`/api/stats?deck_id=${deckId}&time_zone=${TZ}`),
    200,
  );
  return {
    dashboard: listed?.due_count,
    deckPage: deck.due_count,
    dueInfo: due.newCards + due.dueCards,
    preview: preview.newCards + preview.dueCards,
    previewDue: preview.dueCards,
    forecastToday: stats.due_forecast[0]?.count,
  };
}

async function start(user: HttpClient, deckId: string, body: object = {}) {
  return user.post(`/api/decks/${deckId}/study/sessions`, { time_zone: TZ, ...body });
}

async function answerAll(user: HttpClient, started: StartedSession, response = 'easy') {
  for (const card of started.queue) {
    await json(
      await user.post(`/api/study/sessions/${started.session.id}/reviews`, {
        id: `r-${card.id}-${Date.now()}`,
        card_id: card.id,
        response,
        response_time_seconds: 2,
      }),
      200,
    );
  }
}

function expectAll(counts: Awaited<ReturnType<typeof shownCounts>>, total: number) {
  expect({
    dashboard: counts.dashboard,
    deckPage: counts.deckPage,
    dueInfo: counts.dueInfo,
    preview: counts.preview,
  }).toEqual({ dashboard: total, deckPage: total, dueInfo: total, preview: total });
  expect(counts.forecastToday).toBe(counts.previewDue);
}

describe("due counts follow the deck's daily limits", () => {
  it('25 new cards under the default limit of 20: every count says 20, the session holds 20', async () => {
    const user = await newUser(server.url);
    const deckId = await deckWithCards(user, 25);
    expectAll(await shownCounts(user, deckId), 20);
    const started = await json<StartedSession>(await start(user, deckId), 201);
    expect(started.queue).toHaveLength(20);
  });

  it("after the day's 20 new cards the 5 left are not due, and no empty session starts", async () => {
    const user = await newUser(server.url);
    const deckId = await deckWithCards(user, 25);
    await answerAll(user, await json<StartedSession>(await start(user, deckId), 201));
    expectAll(await shownCounts(user, deckId), 0);
    const refused = await start(user, deckId);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({
      code: 'NOTHING_TO_STUDY',
      message: 'You have no cards due for review right now.',
    });
  });

  it("a deck's new-card limit above 20 rules the session, and its second session is refused", async () => {
    const user = await newUser(server.url);
    const deckId = await deckWithCards(user, 35, { new_cards_per_day: 30 });
    expectAll(await shownCounts(user, deckId), 30);
    // A session may still ask for fewer than the deck allows.
    const fewer = await json<StartedSession>(await start(user, deckId, { max_new_cards: 5 }), 201);
    expect(fewer.queue).toHaveLength(5);
    const first = await json<StartedSession>(await start(user, deckId), 201);
    expect(first.queue).toHaveLength(30);
    await answerAll(user, first);
    expectAll(await shownCounts(user, deckId), 0);
    expect((await start(user, deckId)).status).toBe(409);
  });

  it('due reviews beyond the review limit: every count and the forecast say what the session holds', async () => {
    const user = await newUser(server.url);
    const deckId = await deckWithCards(user, 5, { max_reviews_per_day: 3 });
    await answerAll(user, await json<StartedSession>(await start(user, deckId), 201));
    // A week later in a day: the five reviews are due again.
    const db = createDb(
      server.databaseUrl
        ? { kind: 'postgres', url: server.databaseUrl, poolSize: 1 }
        : { kind: 'sqlite', file: path.join(server.dataDir, 'mnemo.db') },
    );
    try {
      const past = new Date(Date.now() - 60_000).toISOString();
      await db.kysely
        .updateTable('flashcards')
        .set({ due_date: past })
        .where('deck_id', '=', deckId)
        .execute();
    } finally {
      await db.close();
    }
    const counts = await shownCounts(user, deckId);
    expectAll(counts, 3);
    expect(counts.forecastToday).toBe(3);
    const started = await json<StartedSession>(await start(user, deckId), 201);
    expect(started.queue).toHaveLength(3);
    await json(
      await user.post(`/api/study/sessions/${started.session.id}/reviews`, {
        id: `one-more-${Date.now()}`,
        card_id: started.queue[0]?.id,
        response: 'good',
        response_time_seconds: 2,
      }),
      200,
    );
    expectAll(await shownCounts(user, deckId), 2);
    const next = await json<StartedSession>(await start(user, deckId), 201);
    expect(next.queue).toHaveLength(2);
  });
});

describe('last studied', () => {
  it("goes back when the deck's only answer is undone", async () => {
    const user = await newUser(server.url);
    const deckId = await deckWithCards(user, 2);
    const started = await json<StartedSession>(await start(user, deckId), 201);
    await json(
      await user.post(`/api/study/sessions/${started.session.id}/reviews`, {
        id: `only-${Date.now()}`,
        card_id: started.queue[0]?.id,
        response: 'good',
        response_time_seconds: 2,
      }),
      200,
    );
    const studied = await json<Deck>(await user.get(`/api/decks/${deckId}`), 200);
    expect(studied.last_studied_at).not.toBeNull();
    await json(await user.post(`/api/study/sessions/${started.session.id}/undo`), 200);
    const undone = await json<Deck>(await user.get(`/api/decks/${deckId}`), 200);
    expect(undone.last_studied_at).toBeNull();
  });
});
