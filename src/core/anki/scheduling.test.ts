import { describe, expect, it } from 'vitest';
import {
  ankiReviewToMnemo,
  ankiScheduleToMnemo,
  type AnkiSchedule,
  revlogDays,
  v1RevlogToV2,
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

describe('v1-scheduler collections (issue 20 item 5)', () => {
  it('a card in relearning (type 2 in the learning queue) is relearning, due at its timestamp', () => {
    const due = 1_795_627_448;
    const schedule = ankiScheduleToMnemo(
      card({ type: 2, queue: 1, due, ivl: 2, factor: 2100, reps: 9, lapses: 1 }),
      CRT,
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
    expect(ankiScheduleToMnemo(suspended, CRT, NOW, null)).toMatchObject({
      card_state: 'suspended',
      suspended_from: 'review',
      due_date: new Date(1_795_627_448 * 1000).toISOString(),
    });
    const far = card({ type: 2, queue: 2, due: 1e13, ivl: 2 });
    expect(ankiScheduleToMnemo(far, CRT, NOW, null).due_date).toBe(NOW);
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
