import { describe, expect, it } from 'vitest';
import { reviewForecast, sessionCounts, studiedToday, todaysRoom } from './daily-limits';

const limits = { newCardsPerDay: 20, maxReviewsPerDay: 200 };
const none = { newCount: 0, reviewCount: 0 };

describe('what a session today would hold', () => {
  it('counts distinct new cards and every answer on a card that was not new', () => {
    expect(
      studiedToday([
        { cardId: 'a', previousState: 'new' },
        { cardId: 'a', previousState: 'learning' },
        { cardId: 'a', previousState: 'learning' },
        { cardId: 'b', previousState: 'new' },
        { cardId: 'c', previousState: 'review' },
      ]),
    ).toEqual({ newCount: 2, reviewCount: 3 });
  });

  it("caps by the deck's limits: 25 new cards with a limit of 20 hold 20", () => {
    expect(sessionCounts({ newCards: 25, dueCards: 3 }, limits, none)).toEqual({
      newCards: 20,
      dueCards: 3,
    });
  });

  it("takes today's studies off the limits, never below zero", () => {
    expect(
      sessionCounts({ newCards: 5, dueCards: 300 }, limits, { newCount: 20, reviewCount: 250 }),
    ).toEqual({ newCards: 0, dueCards: 0 });
    expect(
      sessionCounts({ newCards: 25, dueCards: 300 }, limits, { newCount: 15, reviewCount: 190 }),
    ).toEqual({ newCards: 5, dueCards: 10 });
  });

  it("a deck limit above 20 rules; a session's own smaller request narrows it", () => {
    const big = { newCardsPerDay: 50, maxReviewsPerDay: 500 };
    expect(sessionCounts({ newCards: 60, dueCards: 0 }, big, none).newCards).toBe(50);
    expect(todaysRoom(big, none, { maxNewCards: 10 })).toEqual({ newLimit: 10, reviewLimit: 500 });
    expect(todaysRoom(big, none, { maxNewCards: 999 })).toEqual({
      newLimit: 50,
      reviewLimit: 500,
    });
    expect(todaysRoom(big, none, { sessionType: 'new_only' }).reviewLimit).toBe(0);
    expect(todaysRoom(big, none, { sessionType: 'review_only' }).newLimit).toBe(0);
  });
});

describe('review forecast', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const at = (iso: string) => `${iso}T12:00:00.000Z`;
  const review = (due: string) => ({ card_state: 'review' as const, due_date: due });

  it('day 0 equals the session now; later cards and the overflow carry over', () => {
    const deck = {
      limits: { newCardsPerDay: 20, maxReviewsPerDay: 2 },
      studied: { newCount: 0, reviewCount: 1 },
      dueCards: [
        review(at('2026-06-01')),
        review(at('2026-06-10')),
        review(at('2026-06-14')),
        // A learning step later today: tomorrow's backlog (a review card due later today is
        // due now: it is due from the start of its study day).
        { card_state: 'learning' as const, due_date: '2026-06-15T18:00:00.000Z' },
        review(at('2026-06-17')),
      ],
    };
    const forecast = reviewForecast([deck], now, 'UTC');
    expect(forecast).toHaveLength(30);
    expect(forecast[0]).toEqual({ date: '2026-06-15', count: 1 });
    expect(forecast.slice(1, 5).map((day) => day.count)).toEqual([2, 2, 0, 0]);
    const session = sessionCounts({ newCards: 0, dueCards: 3 }, deck.limits, deck.studied);
    expect(forecast[0]?.count).toBe(session.dueCards);
  });

  it('adds the decks up, each under its own limits', () => {
    const deck = (max: number, count: number) => ({
      limits: { newCardsPerDay: 20, maxReviewsPerDay: max },
      studied: { newCount: 0, reviewCount: 0 },
      dueCards: Array.from({ length: count }, () => review(at('2026-06-01'))),
    });
    const forecast = reviewForecast([deck(20, 25), deck(200, 5)], now, 'UTC');
    expect(forecast.slice(0, 3).map((day) => day.count)).toEqual([25, 5, 0]);
  });
});
