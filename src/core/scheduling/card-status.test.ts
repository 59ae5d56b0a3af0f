import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buriedUntil,
  isBuried,
  isLeechLapse,
  leechNotice,
  leechOutcome,
  siblingsToBury,
  suspendedFields,
  unsuspendedFields,
} from './card-status';

describe('leech threshold (Anki)', () => {
  it('marks the 8th lapse, then every 4th: 12, 16, 20', () => {
    const leeches = [];
    for (let lapses = 1; lapses <= 21; lapses++) {
      if (isLeechLapse(lapses - 1, lapses, 8)) leeches.push(lapses);
    }
    expect(leeches).toEqual([8, 12, 16, 20]);
  });

  it('only an answer that adds a lapse makes a leech', () => {
    expect(isLeechLapse(8, 8, 8)).toBe(false);
    expect(isLeechLapse(7, 7, 8)).toBe(false);
    expect(isLeechLapse(7, 8, 8)).toBe(true);
  });

  it('odd and small thresholds: half rounded up, never zero', () => {
    const marked = (threshold: number) =>
      Array.from({ length: 12 }, (_, i) => i + 1).filter((n) => isLeechLapse(n - 1, n, threshold));
    expect(marked(5)).toEqual([5, 8, 11]);
    expect(marked(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(marked(0)).toEqual([]);
  });

  it('never fires below the threshold (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 100 }), (t, n) => {
        if (isLeechLapse(n, n + 1, t)) expect(n + 1).toBeGreaterThanOrEqual(t);
      }),
    );
  });

  it("suspends with the 'suspend' action only, and says so", () => {
    const suspend = leechOutcome(7, 8, { threshold: 8, action: 'suspend' });
    expect(suspend).toEqual({ leech: true, suspend: true });
    expect(leechNotice(suspend)).toMatch(/^Leech: .*This card has been suspended\.$/);
    const tag = leechOutcome(7, 8, { threshold: 8, action: 'tag' });
    expect(tag).toEqual({ leech: true, suspend: false });
    expect(leechNotice(tag)).not.toMatch(/suspended/);
    expect(leechNotice(leechOutcome(6, 7, { threshold: 8, action: 'suspend' }))).toBeNull();
  });
});

describe('suspend and unsuspend', () => {
  it('keeps the state to go back to', () => {
    const review = { card_state: 'review' as const, suspended_from: null, review_count: 3 };
    const suspended = { ...review, ...suspendedFields(review) };
    expect(suspended).toMatchObject({ card_state: 'suspended', suspended_from: 'review' });
    // Suspending twice keeps the first state.
    expect(suspendedFields(suspended)).toEqual({
      card_state: 'suspended',
      suspended_from: 'review',
    });
    expect(unsuspendedFields(suspended)).toEqual({ card_state: 'review', suspended_from: null });
  });

  it('a card suspended without a stored state goes back to new or review by its history', () => {
    const base = { card_state: 'suspended' as const, suspended_from: null };
    expect(unsuspendedFields({ ...base, review_count: 0 }).card_state).toBe('new');
    expect(unsuspendedFields({ ...base, review_count: 2 }).card_state).toBe('review');
  });
});

describe('bury', () => {
  it('until 4 am of the next study day in the user zone', () => {
    // 21:00 in New York (01:00 UTC next day) → 04:00 New York next morning = 08:00 UTC.
    expect(buriedUntil(new Date('2026-03-03T02:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-03T09:00:00.000Z',
    );
    // 02:00 in Tokyo is still the previous study day: back at 04:00 the same morning.
    expect(buriedUntil(new Date('2026-03-02T17:00:00Z'), 'Asia/Tokyo').toISOString()).toBe(
      '2026-03-02T19:00:00.000Z',
    );
  });

  it('a buried card returns by itself when the time passes', () => {
    const until = '2026-03-03T09:00:00.000Z';
    expect(isBuried(until, new Date('2026-03-03T08:59:59Z'))).toBe(true);
    expect(isBuried(until, new Date('2026-03-03T09:00:00Z'))).toBe(false);
    expect(isBuried(null, new Date())).toBe(false);
  });

  it("buries siblings by the deck's options", () => {
    const siblings = [
      { id: 'n', card_state: 'new' as const, interval_days: 0 },
      { id: 'r', card_state: 'review' as const, interval_days: 5 },
      { id: 'l', card_state: 'learning' as const, interval_days: 0, scheduled_days: 0 },
      { id: 'd', card_state: 'learning' as const, interval_days: 0, scheduled_days: 1 },
      { id: 's', card_state: 'suspended' as const, interval_days: 3 },
    ];
    const ids = (o: Parameters<typeof siblingsToBury>[1]) =>
      siblingsToBury(siblings, o).map((card) => card.id);
    const none = { buryNew: false, buryReview: false, buryInterdayLearning: false };
    expect(ids(none)).toEqual([]);
    expect(ids({ ...none, buryNew: true })).toEqual(['n']);
    expect(ids({ ...none, buryReview: true })).toEqual(['r']);
    expect(ids({ ...none, buryInterdayLearning: true })).toEqual(['d']);
    expect(ids({ buryNew: true, buryReview: true, buryInterdayLearning: true })).toEqual([
      'n',
      'r',
      'd',
    ]);
  });
});
