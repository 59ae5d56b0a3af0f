import { describe, expect, it } from 'vitest';
import {
  ankiReviewToMnemo,
  ankiDayStart,
  ankiScheduleToMnemo,
  type AnkiSchedule,
  revlogDays,
  v1RevlogToV2,
} from './scheduling';

const CRT = 1_700_000_000;
/** 2023-11-14 22:13 UTC: in UTC, day 0 is 2023-11-14, day 1 starts 2023-11-15 at 4 am. */
const CLOCK = { crt: CRT, creationOffset: null, timeZone: 'UTC' };
const dayStart = (day: number) => new Date(Date.UTC(2023, 10, 14 + day, 4)).getTime();
const DAY_MS = 86_400_000;
const NOW = '2026-11-24T06:00:00.000Z';
const card = (fields: Partial<AnkiSchedule>): AnkiSchedule => ({
  type: 0,
  queue: 0,
  due: 1,
  ivl: 0,
  factor: 0,
  reps: 0,
  lapses: 0,
  data: '',
  ...fields,
});

describe('ankiScheduleToMnemo', () => {
  it('keeps a new card new, due now', () => {
    expect(ankiScheduleToMnemo(card({ due: 17 }), CLOCK, NOW, null)).toMatchObject({
      card_state: 'new',
      due_date: NOW,
      interval_days: 0,
      ease_factor: 2.5,
      fsrs_state: 0,
      last_reviewed_at: null,
    });
  });

  it('counts a review card’s due in days from the collection’s creation', () => {
    const schedule = ankiScheduleToMnemo(
      card({ type: 2, queue: 2, due: 400, ivl: 10, factor: 2650, reps: 7, lapses: 2 }),
      CLOCK,
      NOW,
      null,
    );
    const due = dayStart(400);
    expect(schedule).toMatchObject({
      card_state: 'review',
      due_date: new Date(due).toISOString(),
      interval_days: 10,
      scheduled_days: 10,
      ease_factor: 2.65,
      review_count: 7,
      reps: 7,
      lapses: 2,
      fsrs_state: 2,
      // Without a revlog, the last review is the due date less the interval.
      last_reviewed_at: new Date(due - 10 * DAY_MS).toISOString(),
    });
  });

  it('reads a learning card’s due as a timestamp, a day-learning card’s as a day', () => {
    const at = CRT + 1234;
    expect(
      ankiScheduleToMnemo(card({ type: 1, queue: 1, due: at }), CLOCK, NOW, null),
    ).toMatchObject({
      card_state: 'learning',
      due_date: new Date(at * 1000).toISOString(),
      fsrs_state: 1,
    });
    expect(
      ankiScheduleToMnemo(card({ type: 3, queue: 3, due: 50, ivl: 4 }), CLOCK, NOW, 5),
    ).toMatchObject({
      card_state: 'learning',
      due_date: new Date(dayStart(50)).toISOString(),
      fsrs_state: 3,
      interval_days: 4,
      last_reviewed_at: new Date(5).toISOString(),
    });
  });

  it('suspends a card of queue -1, remembering its state, and reads FSRS memory state', () => {
    expect(
      ankiScheduleToMnemo(
        card({ type: 2, queue: -1, due: 3, ivl: 3, data: '{"s":3.5,"d":6.1,"pos":4}' }),
        CLOCK,
        NOW,
        null,
      ),
    ).toMatchObject({
      card_state: 'suspended',
      suspended_from: 'review',
      stability: 3.5,
      difficulty: 6.1,
    });
    expect(
      ankiScheduleToMnemo(card({ type: 2, queue: 2, data: 'not json' }), CLOCK, NOW, null),
    ).toMatchObject({ stability: null, difficulty: null, suspended_from: null });
  });
});

describe('ankiReviewToMnemo', () => {
  it('turns answers into reviews and leaves manual reschedules out', () => {
    const at = 1_750_000_000_000;
    expect(
      ankiReviewToMnemo({
        id: at,
        ease: 1,
        ivl: -600,
        lastIvl: 8,
        factor: 2300,
        time: 4200,
        type: 1,
      }),
    ).toEqual({
      user_response: 'again',
      response_time_seconds: 4.2,
      previous_interval_days: 8,
      previous_ease_factor: 2.3,
      previous_card_state: 'review',
      new_interval_days: 600 / 86_400,
      new_ease_factor: 2.3,
      new_card_state: 'learning',
      new_due_date: new Date(at + 600_000).toISOString(),
      reviewed_at: new Date(at).toISOString(),
    });
    expect(
      ankiReviewToMnemo({ id: at, ease: 3, ivl: 1, lastIvl: 0, factor: 0, time: 0, type: 0 }),
    ).toMatchObject({
      user_response: 'good',
      previous_card_state: 'new',
      new_card_state: 'review',
    });
    expect(
      ankiReviewToMnemo({ id: at, ease: 0, ivl: 9, lastIvl: 1, factor: 0, time: 0, type: 4 }),
    ).toBeNull();
    expect(
      ankiReviewToMnemo({ id: at, ease: 3, ivl: 9, lastIvl: 1, factor: 0, time: 0, type: 5 }),
    ).toBeNull();
    expect(revlogDays(-86_400)).toBe(1);
  });
});

describe('v1-scheduler collections (issue 20 item 5)', () => {
  it('a card in relearning (type 2 in the learning queue) is relearning, due at its timestamp', () => {
    const due = 1_795_627_448;
    const schedule = ankiScheduleToMnemo(
      card({ type: 2, queue: 1, due, ivl: 2, factor: 2100, reps: 9, lapses: 1 }),
      CLOCK,
      NOW,
      null,
    );
    expect(schedule).toMatchObject({
      card_state: 'learning',
      fsrs_state: 3,
      due_date: new Date(due * 1000).toISOString(),
      interval_days: 2,
      lapses: 1,
    });
  });

  it('no due gives an invalid date: a suspended relearning card, a due beyond any date', () => {
    const suspended = card({ type: 2, queue: -1, due: 1_795_627_448, ivl: 2 });
    expect(ankiScheduleToMnemo(suspended, CLOCK, NOW, null)).toMatchObject({
      card_state: 'suspended',
      suspended_from: 'review',
      due_date: new Date(1_795_627_448 * 1000).toISOString(),
    });
    const far = card({ type: 2, queue: 2, due: 1e13, ivl: 2 });
    expect(ankiScheduleToMnemo(far, CLOCK, NOW, null).due_date).toBe(NOW);
  });

  it('learning answers with ease 2 and 3 are Good and Easy (Anki’s v2_upgrade.sql)', () => {
    const entry = (type: number, ease: number) => v1RevlogToV2({ type, ease }).ease;
    expect([entry(0, 1), entry(0, 2), entry(0, 3), entry(2, 2), entry(2, 3)]).toEqual([
      1, 3, 4, 3, 4,
    ]);
    // Review answers had four buttons already; manual entries are not answers.
    expect([entry(1, 2), entry(1, 3), entry(1, 4), entry(3, 2), entry(4, 0)]).toEqual([
      2, 3, 4, 2, 0,
    ]);
  });
});

describe('due days across time zones and DST (issue 20 item 6)', () => {
  // Made 2026-03-01 at 10:00 in Paris (CET, UTC+1): day 0 is 1 March.
  const crt = Date.UTC(2026, 2, 1, 9) / 1000;
  const paris = { crt, creationOffset: null, timeZone: 'Europe/Paris' };

  it('day N is N calendar days after the creation’s local date, from 4 am local', () => {
    // Day 60 is 30 April (CEST, UTC+2): 4 am local is 02:00 UTC (60 days of 24 hours from crt
    // gave 30 April 09:00 UTC, the middle of the day).
    expect(ankiDayStart(paris, 60).toISOString()).toBe('2026-04-30T02:00:00.000Z');
    expect(ankiDayStart(paris, 1).toISOString()).toBe('2026-03-02T03:00:00.000Z');
  });

  it('no day is lost when the collection was made in summer and the card is due in winter', () => {
    // Made 2026-07-01 at 02:30 local (CEST) — before the rollover, yet day 0 is still 1 July,
    // as Anki counts: 1 July + 200 days = 17 January 2027, 4 am CET = 03:00 UTC.
    const summer = {
      crt: Date.UTC(2026, 6, 1, 0, 30) / 1000,
      creationOffset: null,
      timeZone: 'Europe/Paris',
    };
    expect(ankiDayStart(summer, 200).toISOString()).toBe('2027-01-17T03:00:00.000Z');
  });

  it('reads the creation date in the package’s creationOffset when Anki wrote one', () => {
    // 2026-03-01 23:30 UTC is already 2 March in Tokyo (creationOffset -540): day 1 is 3 March.
    const tokyo = {
      crt: Date.UTC(2026, 2, 1, 23, 30) / 1000,
      creationOffset: -540,
      timeZone: 'UTC',
    };
    expect(ankiDayStart(tokyo, 1).toISOString()).toBe('2026-03-03T04:00:00.000Z');
    expect(ankiDayStart({ ...tokyo, creationOffset: null }, 1).toISOString()).toBe(
      '2026-03-02T04:00:00.000Z',
    );
  });
});
