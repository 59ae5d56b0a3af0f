import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REAL_HISTORIES } from './real-histories.fixture';
import { formatInterval, previewIntervals, scheduleReview } from './scheduler';
import { calculateNextReview, MIN_EASE } from './sm2';
import { DAY_MS, MINUTE_MS } from './time';
import {
  DEFAULT_SCHEDULER_SETTINGS,
  newSchedulingCard,
  RATINGS,
  type Rating,
  type SchedulerSettings,
  type SchedulingCard,
} from './types';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const sm2 = DEFAULT_SCHEDULER_SETTINGS;
const fsrsSettings: SchedulerSettings = { ...DEFAULT_SCHEDULER_SETTINGS, scheduler: 'fsrs' };
const minutesFrom = (date: Date, now = NOW) => (date.getTime() - now.getTime()) / MINUTE_MS;
const daysFrom = (date: Date, now = NOW) => (date.getTime() - now.getTime()) / DAY_MS;

/** Replays ratings on a card, one review per `gapMinutes`, and returns the card. */
function replay(
  ratings: Rating[],
  settings: SchedulerSettings,
  id = 'card-1',
  start = NOW,
): { card: SchedulingCard; now: Date } {
  let card = newSchedulingCard(id, start);
  let now = start;
  for (const rating of ratings) {
    const next = scheduleReview(card, rating, settings, now);
    card = {
      ...card,
      ...next,
      review_count: card.review_count + 1,
      last_reviewed_at: now,
    };
    now = new Date(Math.max(next.due_date.getTime(), now.getTime() + MINUTE_MS));
  }
  return { card, now };
}

describe('SM-2 (calculate_next_review)', () => {
  it('gives the spec labels to a new card: 1 min, 10 min, 1 day, 4 days', () => {
    const card = newSchedulingCard('a', NOW);
    const results = RATINGS.map((rating) => calculateNextReview(card, rating, NOW));
    expect(results.map((result) => result.card_state)).toEqual([
      'learning',
      'learning',
      'review',
      'review',
    ]);
    expect(minutesFrom(results[0]!.due_date)).toBe(1);
    expect(minutesFrom(results[1]!.due_date)).toBe(10);
    expect(daysFrom(results[2]!.due_date)).toBe(1);
    expect(daysFrom(results[3]!.due_date)).toBe(4);
    expect(results[3]!.interval_days).toBe(4);
  });

  it('grows a review interval by the ease and changes the ease per answer', () => {
    const card = { card_state: 'review' as const, interval_days: 10, ease_factor: 2.5, lapses: 0 };
    expect(calculateNextReview(card, 'good', NOW)).toMatchObject({
      interval_days: 25,
      ease_factor: 2.5,
    });
    expect(calculateNextReview(card, 'hard', NOW)).toMatchObject({
      interval_days: 12,
      ease_factor: 2.35,
    });
    expect(calculateNextReview(card, 'easy', NOW)).toMatchObject({
      interval_days: 33,
      ease_factor: 2.65,
    });
    const lapse = calculateNextReview(card, 'again', NOW);
    expect(lapse).toMatchObject({ card_state: 'learning', interval_days: 0, lapses: 1 });
    expect(lapse.ease_factor).toBeCloseTo(2.3);
    expect(minutesFrom(lapse.due_date)).toBe(1);
  });

  it('keeps each button at least a day past the one before, even at the lowest ease', () => {
    const card = { card_state: 'review' as const, interval_days: 1, ease_factor: 1.3, lapses: 0 };
    const days = (['hard', 'good', 'easy'] as const).map(
      (rating) => calculateNextReview(card, rating, NOW).interval_days,
    );
    expect(days).toEqual([2, 3, 4]);
  });

  it('caps intervals at the maximum and refuses suspended cards', () => {
    const card = { card_state: 'review' as const, interval_days: 300, ease_factor: 2.5, lapses: 0 };
    expect(calculateNextReview(card, 'easy', NOW, 365).interval_days).toBe(365);
    expect(() => calculateNextReview({ ...card, card_state: 'suspended' }, 'good', NOW)).toThrow();
  });

  it('properties: due after now, again ≤ hard ≤ good ≤ easy, ease ≥ 1.3, valid states', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('new', 'learning', 'review' as const),
        fc.integer({ min: 0, max: 3650 }),
        fc.double({ min: 1.3, max: 4, noNaN: true }),
        (state, interval, ease) => {
          const card = { card_state: state, interval_days: interval, ease_factor: ease, lapses: 0 };
          const results = RATINGS.map((rating) => calculateNextReview(card, rating, NOW));
          for (const result of results) {
            expect(result.due_date.getTime()).toBeGreaterThan(NOW.getTime());
            expect(result.ease_factor).toBeGreaterThanOrEqual(MIN_EASE);
            expect(['learning', 'review']).toContain(result.card_state);
          }
          for (let index = 1; index < results.length; index++) {
            expect(results[index]!.due_date.getTime()).toBeGreaterThanOrEqual(
              results[index - 1]!.due_date.getTime(),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: the ease never falls below 1.3 whatever the answers', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...RATINGS), { maxLength: 40 }), (ratings) => {
        const { card } = replay(ratings, sm2);
        expect(card.ease_factor).toBeGreaterThanOrEqual(MIN_EASE);
      }),
      { numRuns: 200 },
    );
  });
});

describe('FSRS (ts-fsrs)', () => {
  it('uses learning steps 1m and 10m for a new card, and days once learnt', () => {
    const card = newSchedulingCard('fsrs-1', NOW);
    const previews = previewIntervals(card, fsrsSettings, NOW);
    expect(previews.map((preview) => preview.label)).toEqual([
      '1 min',
      '6 min',
      '10 min',
      expect.any(String),
    ]);
    expect(previews[3]!.label).toMatch(/^\d+ days?$/);
    const good = scheduleReview(card, 'good', fsrsSettings, NOW);
    expect(good).toMatchObject({ card_state: 'learning', learning_step: 1, reps: 1 });
    expect(good.stability).toBeGreaterThan(0);
    const graduate = scheduleReview(
      { ...card, ...good, last_reviewed_at: NOW },
      'good',
      fsrsSettings,
      good.due_date,
    );
    expect(graduate.card_state).toBe('review');
    expect(graduate.interval_days).toBeGreaterThanOrEqual(1);
  });

  it('relearns a lapsed review card with a 10-minute step', () => {
    const { card, now } = replay(['good', 'good', 'good'], fsrsSettings);
    expect(card.card_state).toBe('review');
    const lapse = scheduleReview(card, 'again', fsrsSettings, now);
    expect(lapse).toMatchObject({ card_state: 'learning', lapses: 1, fsrs_state: 3 });
    expect(minutesFrom(lapse.due_date, now)).toBe(10);
  });

  it('is reproducible: the fuzz is seeded per card', () => {
    const a = replay(['good', 'good', 'easy', 'good'], fsrsSettings, 'same-card');
    const b = replay(['good', 'good', 'easy', 'good'], fsrsSettings, 'same-card');
    expect(a.card.due_date.toISOString()).toBe(b.card.due_date.toISOString());
  });

  it('aims further out for a lower desired retention', () => {
    const { card, now } = replay(['good', 'good', 'good'], fsrsSettings);
    const strict = scheduleReview(card, 'good', { ...fsrsSettings, desiredRetention: 0.97 }, now);
    const loose = scheduleReview(card, 'good', { ...fsrsSettings, desiredRetention: 0.8 }, now);
    expect(loose.interval_days).toBeGreaterThan(strict.interval_days);
  });

  it('properties: due after now, again ≤ hard ≤ good ≤ easy, no NaN, valid states', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...RATINGS), { maxLength: 12 }),
        fc.string({ minLength: 1, maxLength: 12 }),
        (history, id) => {
          const { card, now } = replay(history, fsrsSettings, id);
          const results = RATINGS.map((rating) => scheduleReview(card, rating, fsrsSettings, now));
          for (const result of results) {
            expect(result.due_date.getTime()).toBeGreaterThan(now.getTime());
            expect(Number.isNaN(result.stability)).toBe(false);
            expect(['learning', 'review']).toContain(result.card_state);
          }
          for (let index = 1; index < results.length; index++) {
            expect(results[index]!.due_date.getTime()).toBeGreaterThanOrEqual(
              results[index - 1]!.due_date.getTime(),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('formatInterval', () => {
  it('writes waits as SPEC §2 does: 1 min, 10 min, 1 day, 4 days', () => {
    expect(formatInterval({ minutes: 0.5 })).toBe('1 min');
    expect(formatInterval({ minutes: 10 })).toBe('10 min');
    expect(formatInterval({ minutes: 60 })).toBe('1 hour');
    expect(formatInterval({ minutes: 180 })).toBe('3 hours');
    expect(formatInterval({ days: 1 })).toBe('1 day');
    expect(formatInterval({ days: 4 })).toBe('4 days');
    expect(formatInterval({ days: 20 })).toBe('20 days');
    expect(formatInterval({ days: 21 })).toBe('3 weeks');
    expect(formatInterval({ days: 105 })).toBe('3.5 months');
    expect(formatInterval({ days: 438 })).toBe('1.2 years');
  });

  it("gives a new card the spec's four labels under the default scheduler", () => {
    const labels = previewIntervals(newSchedulingCard('n', NOW), sm2, NOW).map((p) => p.label);
    expect(labels).toEqual(['1 min', '10 min', '1 day', '4 days']);
  });
});

describe('FSRS on real review histories', () => {
  it('replays 200 real cards without NaN, each due after its review', () => {
    const ratings: Rating[] = ['again', 'hard', 'good', 'easy'];
    let reviews = 0;
    for (const [index, history] of REAL_HISTORIES.entries()) {
      let card = newSchedulingCard(`real-${index}`, NOW);
      let now = NOW;
      for (const [step, days] of history.days.entries()) {
        now = new Date(now.getTime() + days * DAY_MS);
        const rating = ratings[(history.ratings[step] ?? 3) - 1] ?? 'good';
        const next = scheduleReview(card, rating, fsrsSettings, now);
        expect(next.due_date.getTime()).toBeGreaterThan(now.getTime());
        expect(Number.isFinite(next.stability ?? 0)).toBe(true);
        expect(Number.isFinite(next.difficulty ?? 0)).toBe(true);
        card = { ...card, ...next, review_count: card.review_count + 1, last_reviewed_at: now };
        reviews++;
      }
    }
    expect(reviews).toBeGreaterThan(1000);
  });
});
