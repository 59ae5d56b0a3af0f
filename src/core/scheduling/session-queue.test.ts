import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSessionQueue, type QueueCandidate, sessionCards } from './session-queue';
import type { CardState } from './types';

/** The one queue definition (server and device): limits, due, buried, order. */
const NOW = new Date('2026-03-10T12:00:00.000Z');
const NOTHING = { newCount: 0, reviewCount: 0 };
const LIMITS = { newCardsPerDay: 2, maxReviewsPerDay: 3 };

const card = (
  id: string,
  state: CardState,
  due: string,
  extra: Partial<QueueCandidate> = {},
): QueueCandidate => ({
  id,
  card_state: state,
  created_at: `2026-01-0${id.slice(-1)}T00:00:00.000Z`,
  due_date: due,
  buried_until: null,
  ...extra,
});

const rules = (over: Partial<Parameters<typeof buildSessionQueue>[1]> = {}) => ({
  limits: LIMITS,
  studied: NOTHING,
  sessionType: 'mixed' as const,
  now: NOW,
  timeZone: 'UTC',
  seed: 'session',
  ...over,
});

const deck = [
  card('n3', 'new', '2026-03-10T12:00:00.000Z'),
  card('n1', 'new', '2026-03-10T12:00:00.000Z'),
  card('n2', 'new', '2026-03-10T12:00:00.000Z'),
  // Review cards are due for the whole study day (until 04:00 tomorrow); learning by the minute.
  card('r1', 'review', '2026-03-11T03:00:00.000Z'),
  card('r2', 'review', '2026-03-09T00:00:00.000Z'),
  card('r3', 'review', '2026-03-11T05:00:00.000Z'),
  card('l1', 'learning', '2026-03-10T11:59:00.000Z'),
  card('l2', 'learning', '2026-03-10T12:05:00.000Z'),
  card('s1', 'suspended', '2026-03-01T00:00:00.000Z'),
  card('b1', 'review', '2026-03-01T00:00:00.000Z', { buried_until: '2026-03-11T04:00:00.000Z' }),
];

describe('the session queue (one definition, server and device)', () => {
  it('takes new cards oldest first and due cards earliest first, within the daily limits', () => {
    const { newCards, dueCards } = sessionCards(deck, rules());
    expect(newCards.map((c) => c.id)).toEqual(['n1', 'n2']);
    expect(dueCards.map((c) => c.id)).toEqual(['r2', 'l1', 'r1']);
  });

  it('never takes a suspended card, a buried one, a learning card not yet due or a later review', () => {
    const ids = buildSessionQueue(
      deck,
      rules({ limits: { newCardsPerDay: 9, maxReviewsPerDay: 9 } }),
    )
      .map((c) => c.id)
      .sort();
    expect(ids).toEqual(['l1', 'n1', 'n2', 'n3', 'r1', 'r2']);
  });

  it("takes off what was already studied today, and honours a session's smaller request", () => {
    const studied = { newCount: 1, reviewCount: 2 };
    const { newCards, dueCards } = sessionCards(deck, rules({ studied }));
    expect(newCards.map((c) => c.id)).toEqual(['n1']);
    expect(dueCards.map((c) => c.id)).toEqual(['r2']);
    const asked = sessionCards(deck, rules({ maxNewCards: 1, sessionType: 'review_only' }));
    expect(asked.newCards).toEqual([]);
    expect(asked.dueCards).toHaveLength(3);
  });

  it('gives the same queue from any superset of the cards it takes (the server pre-selects)', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(deck), fc.string(), (extra, seed) => {
        const all = buildSessionQueue(deck, rules({ seed }));
        const { newCards, dueCards } = sessionCards(deck, rules());
        const taken = [...newCards, ...dueCards];
        const others = extra.filter((c) => !taken.includes(c));
        const fromSome = buildSessionQueue([...others, ...taken], rules({ seed }));
        expect(fromSome.map((c) => c.id)).toEqual(all.map((c) => c.id));
      }),
    );
  });
});
