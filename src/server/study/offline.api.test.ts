import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineCopy } from '../../core/offline-schemas';
import { buildSessionQueue } from '../../core/scheduling';
import type { ReviewResult, StartedSession } from '../../core/study-schemas';
import { createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * A deck's copy for offline study (issue 24): the cards of today's and the next days' sessions,
 * from which the device builds the same queue as the server (one definition in src/core).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const TZ = 'Europe/Paris';
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The next noon in Paris (never before now): the instants the tests step to (15 minutes, a day
 * later) then stay far from the 4 am rollover, whatever time the suite runs at.
 */
function nextNoonInParis(): Date {
  const hourIn = new Intl.DateTimeFormat('en-GB', {
    timeZone: TZ,
    hour: 'numeric',
    hourCycle: 'h23',
  });
  const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  for (let hours = 0; ; hours++) {
    const instant = new Date(start + hours * 3_600_000);
    if (Number(hourIn.format(instant)) === 12) return instant;
  }
}

const clock = (instant: Date) => ({ headers: { 'x-test-now': instant.toISOString() } });

const patch = (client: HttpClient, path: string, body: unknown) =>
  client.request(path, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function getCopy(user: HttpClient, deckId: string, query: string, instant: Date) {
  return user.get(`/api/decks/${deckId}/study/offline?time_zone=${TZ}&${query}`, clock(instant));
}

/** 14 cards, 4 new a day; one session answers its four new cards easy, good, again and hard. */
async function studiedDeck(user: HttpClient, now: Date) {
  const deck = await createDeck(user, 'Kept deck');
  await json(await patch(user, `/api/decks/${deck.id}`, { new_cards_per_day: 4 }), 200);
  const cards = Array.from({ length: 14 }, (_, index) => ({
    deck_id: deck.id,
    front_content: `Q${index}`,
    back_content: `A${index}`,
  }));
  await json(await user.post('/api/flashcards/bulk', { cards }), 201);
  const started = await json<StartedSession>(
    await user.post(`/api/decks/${deck.id}/study/sessions`, { time_zone: TZ }, clock(now)),
    201,
  );
  const answered: Record<string, string> = {};
  for (const [index, response] of ['easy', 'good', 'again', 'hard'].entries()) {
    const card = started.queue[index];
    const result = await json<ReviewResult>(
      await user.post(
        `/api/study/sessions/${started.session.id}/reviews`,
        { id: `offline-${index}`, card_id: card?.id, response, response_time_seconds: 2 },
        clock(now),
      ),
      200,
    );
    answered[response] = result.updatedCard.id;
  }
  return { deckId: deck.id, answered };
}

describe('the offline copy of a deck', () => {
  it("holds the next days' new cards within the limit and the cards due by then", async () => {
    const user = await newUser(server.url, 'offline');
    const now = nextNoonInParis();
    const { deckId, answered } = await studiedDeck(user, now);
    const copy = await json<OfflineCopy>(await getCopy(user, deckId, 'days=2', now), 200);
    expect(copy.days).toBe(2);
    expect(copy.deck).toMatchObject({ id: deckId, new_cards_per_day: 4, scheduler: 'sm2' });
    expect(copy.studied_today).toEqual({ new_count: 4, review_count: 0 });
    const ids = copy.cards.map((card) => card.id);
    expect(copy.cards.filter((card) => card.card_state === 'new')).toHaveLength(8);
    // Good (1 day), Again (1 min) and Hard (10 min) are due within two days; Easy (4 days) not.
    expect(ids).toEqual(expect.arrayContaining([answered.good, answered.again, answered.hard]));
    expect(ids).not.toContain(answered.easy);
    expect(copy.cards[0]).toHaveProperty('ease_factor');
    expect(copy.cards[0]).toHaveProperty('created_at');
  });

  it("gives the device the server's queue, today and tomorrow", async () => {
    const user = await newUser(server.url, 'offline-queue');
    const now = nextNoonInParis();
    const { deckId } = await studiedDeck(user, now);
    const copy = await json<OfflineCopy>(await getCopy(user, deckId, 'days=3', now), 200);
    const rules = (instant: Date, studied: { newCount: number; reviewCount: number }) => ({
      limits: {
        newCardsPerDay: copy.deck.new_cards_per_day,
        maxReviewsPerDay: copy.deck.max_reviews_per_day,
      },
      studied,
      sessionType: 'mixed' as const,
      now: instant,
      timeZone: TZ,
    });
    // In 15 minutes the learning cards are due; tomorrow, a new day of new cards too.
    for (const [instant, studied] of [
      [new Date(now.getTime() + 15 * 60_000), { newCount: 4, reviewCount: 0 }],
      [new Date(now.getTime() + DAY_MS + 60_000), { newCount: 0, reviewCount: 0 }],
    ] as const) {
      const started = await json<StartedSession>(
        await user.post(`/api/decks/${deckId}/study/sessions`, { time_zone: TZ }, clock(instant)),
        201,
      );
      const onDevice = buildSessionQueue(copy.cards, {
        ...rules(instant, studied),
        seed: started.session.id,
      });
      expect(onDevice.map((card) => card.id)).toEqual(started.queue.map((card) => card.id));
    }
  });

  it("refuses a bad number of days and another user's deck", async () => {
    const user = await newUser(server.url, 'offline-bad');
    const other = await newUser(server.url, 'offline-other');
    const deck = await createDeck(user, 'Mine');
    const now = nextNoonInParis();
    for (const days of ['0', '15', 'x', '1.5']) {
      const response = await getCopy(user, deck.id, `days=${days}`, now);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('days must be a whole number from 1 to 14');
    }
    expect((await getCopy(other, deck.id, 'days=3', now)).status).toBe(404);
  });
});
