import { describe, expect, it } from 'vitest';
import { ankiLeft, ankiRevlogTiming, learningStepFromLeft } from './learning';

const NOW = Date.UTC(2026, 10, 26, 12);
const CUTOFF = Date.UTC(2026, 10, 27, 4);

describe('Anki’s `left` (issue 20 item 12)', () => {
  it('step 1 of [1m, 10m] has two steps left, both doable today', () => {
    const left = ankiLeft(false, 0, NOW + 60_000, CUTOFF);
    expect(left).toBe(2002);
    // What rslib's LearningSteps::get_index reads back: the first step (index 0).
    expect(2 - (left % 1000)).toBe(0);
    expect(learningStepFromLeft(false, left)).toBe(0);
  });

  it('step 2 of [1m, 10m] has one left; a relearning card at its one step has one left', () => {
    expect(ankiLeft(false, 1, NOW + 600_000, CUTOFF)).toBe(1001);
    expect(learningStepFromLeft(false, 1001)).toBe(1);
    expect(ankiLeft(true, 0, NOW + 600_000, CUTOFF)).toBe(1001);
    expect(learningStepFromLeft(true, 1)).toBe(0);
  });

  it('counts only the steps that end before the rollover in the thousands', () => {
    // Due 5 minutes before the rollover: the 10-minute step after it ends tomorrow.
    expect(ankiLeft(false, 0, CUTOFF - 5 * 60_000, CUTOFF)).toBe(1002);
  });

  it('reads a `left` out of range as the nearest step', () => {
    expect(learningStepFromLeft(false, 0)).toBe(1);
    expect(learningStepFromLeft(false, 7)).toBe(0);
  });
});

describe('revlog rows as Anki writes them (issue 20 item 12)', () => {
  const at = '2026-11-26T12:00:00.000Z';
  const inSeconds = (seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();

  it('a lapse is a review row (type 1) to a relearning step in negative seconds', () => {
    expect(
      ankiRevlogTiming({
        previous_card_state: 'review',
        previous_interval_days: 12,
        new_interval_days: 0,
        new_due_date: inSeconds(600),
        reviewed_at: at,
      }),
    ).toEqual({ type: 1, ivl: -600, lastIvl: 12 });
  });

  it('an answer in relearning is type 2, its last interval the step in negative seconds', () => {
    const relearning = {
      previous_card_state: 'learning' as const,
      previous_interval_days: 0,
      reviewed_at: at,
      previous: { fsrs_state: 3, learning_step: 0, lapses: 1 },
    };
    expect(
      ankiRevlogTiming({ ...relearning, new_interval_days: 0, new_due_date: inSeconds(600) }),
    ).toEqual({ type: 2, ivl: -600, lastIvl: -600 });
    expect(
      ankiRevlogTiming({
        ...relearning,
        new_interval_days: 3,
        new_due_date: inSeconds(3 * 86_400),
      }),
    ).toEqual({ type: 2, ivl: 3, lastIvl: -600 });
  });

  it('a first answer is a learning row (type 0) from lastIvl 0; an imported row keeps its kind', () => {
    expect(
      ankiRevlogTiming({
        previous_card_state: 'new',
        previous_interval_days: 0,
        new_interval_days: 0,
        new_due_date: inSeconds(60),
        reviewed_at: at,
      }),
    ).toEqual({ type: 0, ivl: -60, lastIvl: 0 });
    expect(
      ankiRevlogTiming({
        previous_card_state: 'learning',
        previous_interval_days: 600 / 86_400,
        new_interval_days: 0,
        new_due_date: inSeconds(600),
        reviewed_at: at,
        previous: { anki_type: 2 },
      }),
    ).toEqual({ type: 2, ivl: -600, lastIvl: -600 });
  });
});
