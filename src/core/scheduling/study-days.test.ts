import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDue } from './due';
import { formatInterval, previewIntervals, scheduleReview, waitLabel } from './scheduler';
import {
  addDays,
  DAY_MS,
  localParts,
  MINUTE_MS,
  studyDate,
  studyDayBounds,
  studyDaysBetween,
  studyDayStart,
  toStudyClock,
  zonedTimeToInstant,
} from './time';
import {
  DEFAULT_SCHEDULER_SETTINGS,
  newSchedulingCard,
  RATINGS,
  type Rating,
  type SchedulerSettings,
  type SchedulingCard,
} from './types';

const ZONES = [
  'America/New_York',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Europe/London',
  'UTC',
] as const;
const sm2 = DEFAULT_SCHEDULER_SETTINGS;
const fsrs: SchedulerSettings = { ...DEFAULT_SCHEDULER_SETTINGS, scheduler: 'fsrs' };

/** A card after `ratings`, one answer per `gapsMinutes[i]` from `start`, in `zone`. */
function cardAfter(
  ratings: Rating[],
  gapsMinutes: number[],
  settings: SchedulerSettings,
  zone: string,
  start: Date,
): { card: SchedulingCard; now: Date } {
  let card = newSchedulingCard('property-card', start);
  let now = start;
  ratings.forEach((rating, index) => {
    const next = scheduleReview(card, rating, settings, now, zone);
    card = { ...card, ...next, review_count: card.review_count + 1, last_reviewed_at: now };
    now = new Date(now.getTime() + (gapsMinutes[index] ?? 60) * MINUTE_MS);
  });
  return { card, now };
}

// Instants across 2026, with the hard ones forced in: 00:00 UTC, the rollover, DST changes.
const SPECIAL = [
  '2026-03-09T00:00:00.000Z',
  '2026-03-08T08:00:00.000Z', // New York's 4 am on its spring-forward day
  '2026-11-01T08:59:59.999Z',
  '2026-04-04T14:00:00.000Z', // Chatham's DST end (03:45 → 02:45)
  '2026-09-26T14:00:00.000Z',
].map((iso) => new Date(iso).getTime());
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }),
  fc.constantFrom(...SPECIAL),
  fc.integer({ min: 0, max: 364 }).map((day) => Date.UTC(2026, 0, 1) + day * DAY_MS),
);

describe('study days (4 am rollover in the user zone)', () => {
  it('the study-day clock reads the study date as its UTC date', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (ms, zone) => {
        const at = new Date(ms);
        expect(toStudyClock(at, zone).toISOString().slice(0, 10)).toBe(studyDate(at, zone));
      }),
      { numRuns: 400 },
    );
  });

  it('a study day starts at 4 am local and its bounds contain the instant', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (ms, zone) => {
        const at = new Date(ms);
        const bounds = studyDayBounds(at, zone);
        expect(bounds.start.getTime()).toBeLessThanOrEqual(ms);
        expect(bounds.end.getTime()).toBeGreaterThan(ms);
        expect(studyDayStart(bounds.date, zone)).toEqual(bounds.start);
        expect(localParts(bounds.start, zone).hour).toBe(4);
      }),
      { numRuns: 400 },
    );
  });

  it('property: every button gives the wait it shows, at any instant, in any zone', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom(...ZONES),
        fc.constantFrom(sm2, fsrs),
        fc.array(fc.constantFrom(...RATINGS), { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 20 * 24 * 60 }), { maxLength: 8 }),
        (ms, zone, settings, ratings, gaps) => {
          const start = new Date(ms);
          const { card, now } = cardAfter(ratings, gaps, settings, zone, start);
          const previews = previewIntervals(card, settings, now, zone);
          for (const preview of previews) {
            const given = scheduleReview(card, preview.rating, settings, now, zone);
            expect(given.due_date).toEqual(preview.dueDate);
            expect(preview.label).toBe(waitLabel(given, now, zone));
            if (given.scheduled_days >= 1) {
              // Due from the start of the study day `scheduled_days` after today's.
              const dueDay = addDays(studyDate(now, zone), given.scheduled_days);
              expect(given.due_date).toEqual(studyDayStart(dueDay, zone));
              expect(studyDaysBetween(now, given.due_date, zone)).toBe(given.scheduled_days);
              expect(preview.label).toBe(formatInterval({ days: given.scheduled_days }));
            } else {
              expect(given.due_date.getTime()).toBeGreaterThan(now.getTime());
              expect(given.due_date.getTime() - now.getTime()).toBeLessThan(DAY_MS);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('FSRS counts elapsed days in study days: New York, Monday 21:00 then Tuesday 18:00', () => {
    const zone = 'America/New_York';
    const monday = zonedTimeToInstant(2026, 3, 2, 21, zone);
    const tuesday = zonedTimeToInstant(2026, 3, 3, 18, zone);
    // Both instants are on 3 March in UTC: UTC calendar days would say 'the same day'.
    expect(monday.toISOString().slice(0, 10)).toBe(tuesday.toISOString().slice(0, 10));
    let card = newSchedulingCard('ny', monday);
    const first = scheduleReview(card, 'easy', fsrs, monday, zone);
    card = { ...card, ...first, last_reviewed_at: monday, review_count: 1 };
    const second = scheduleReview(card, 'good', fsrs, tuesday, zone);
    expect(second.elapsed_days).toBe(1);
    // Tuesday 03:00 is still Monday's study day.
    const early = scheduleReview(card, 'good', fsrs, zonedTimeToInstant(2026, 3, 3, 3, zone), zone);
    expect(early.elapsed_days).toBe(0);
    expect(second.stability).toBeGreaterThan(early.stability ?? 0);
  });

  it('a 1-day card answered Monday 21:00 is due from Tuesday 04:00, not 21:00', () => {
    const zone = 'America/New_York';
    const monday = zonedTimeToInstant(2026, 3, 2, 21, zone);
    const next = scheduleReview(newSchedulingCard('c', monday), 'good', sm2, monday, zone);
    expect(next.due_date).toEqual(zonedTimeToInstant(2026, 3, 3, 4, zone));
    const card = { card_state: next.card_state, due_date: next.due_date };
    expect(isDue(card, zonedTimeToInstant(2026, 3, 3, 3, zone), zone)).toBe(false);
    expect(isDue(card, zonedTimeToInstant(2026, 3, 3, 4, zone), zone)).toBe(true);
    expect(isDue(card, zonedTimeToInstant(2026, 3, 3, 18, zone), zone)).toBe(true);
    // A card stored before study days (due at the exact moment) is due from the same 4 am.
    const legacy = { card_state: 'review' as const, due_date: new Date(monday.getTime() + DAY_MS) };
    expect(isDue(legacy, zonedTimeToInstant(2026, 3, 3, 4, zone), zone)).toBe(true);
  });

  it('steps in minutes stay exact, and learning cards are due at their moment', () => {
    const zone = 'Asia/Kolkata';
    const now = new Date('2026-05-05T22:29:00.000Z'); // 03:59 local, a minute before rollover
    const again = scheduleReview(newSchedulingCard('k', now), 'again', sm2, now, zone);
    expect(again.due_date.getTime() - now.getTime()).toBe(MINUTE_MS);
    const card = { card_state: again.card_state, due_date: again.due_date };
    expect(isDue(card, now, zone)).toBe(false);
    expect(isDue(card, again.due_date, zone)).toBe(true);
    const labels = previewIntervals(newSchedulingCard('k', now), sm2, now, zone);
    expect(labels.map((item) => item.label)).toEqual(['1 min', '10 min', '1 day', '4 days']);
  });

  it('new and suspended cards are never due', () => {
    const now = new Date('2026-05-05T12:00:00.000Z');
    expect(isDue({ card_state: 'new', due_date: now }, now, 'UTC')).toBe(false);
    expect(isDue({ card_state: 'suspended', due_date: now }, now, 'UTC')).toBe(false);
  });
});
