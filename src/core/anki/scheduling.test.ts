import { describe, expect, it } from 'vitest';
import {
  ankiReviewToMnemo,
  ankiScheduleToMnemo,
  type AnkiSchedule,
  revlogDays,
} from './scheduling';

const CRT = 1_700_000_000;
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
    expect(ankiScheduleToMnemo(card({ due: 17 }), CRT, NOW, null)).toMatchObject({
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
      CRT,
      NOW,
      null,
    );
    const due = CRT * 1000 + 400 * DAY_MS;
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
    expect(ankiScheduleToMnemo(card({ type: 1, queue: 1, due: at }), CRT, NOW, null)).toMatchObject(
      {
        card_state: 'learning',
        due_date: new Date(at * 1000).toISOString(),
        fsrs_state: 1,
      },
    );
    expect(
      ankiScheduleToMnemo(card({ type: 3, queue: 3, due: 50, ivl: 4 }), CRT, NOW, 5),
    ).toMatchObject({
      card_state: 'learning',
      due_date: new Date(CRT * 1000 + 50 * DAY_MS).toISOString(),
      fsrs_state: 3,
      interval_days: 4,
      last_reviewed_at: new Date(5).toISOString(),
    });
  });

  it('suspends a card of queue -1, remembering its state, and reads FSRS memory state', () => {
    expect(
      ankiScheduleToMnemo(
        card({ type: 2, queue: -1, due: 3, ivl: 3, data: '{"s":3.5,"d":6.1,"pos":4}' }),
        CRT,
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
      ankiScheduleToMnemo(card({ type: 2, queue: 2, data: 'not json' }), CRT, NOW, null),
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
