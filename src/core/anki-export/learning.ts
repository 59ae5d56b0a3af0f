/**
 * Learning steps and review-log rows the way Anki keeps them (issue 20, 12). Mnemo learns with
 * Anki's default steps (1m 10m; relearning 10m: `core/scheduling/fsrs.ts`, and SM-2's again/hard
 * are the same two delays), and its `learning_step` is the index of the step the card waits at.
 * Anki's card `left` counts the steps remaining, current one included (rslib
 * scheduler/states/steps.rs: index = steps − left % 1000); the thousands are the legacy v2
 * scheduler's "steps doable before the next rollover" (`_leftToday`), which v3 strips off.
 * A revlog row's kind is the state answered from (rslib answering/revlog.rs `revlog_kind`:
 * 0 learning, 1 review, 2 relearning); `ivl`/`lastIvl` are the next and current intervals, days
 * when positive, seconds when negative (a learning step's delay).
 */

/** Anki's (and Mnemo's) learning and relearning steps, in minutes. */
export const LEARN_STEPS_MINUTES = [1, 10] as const;
export const RELEARN_STEPS_MINUTES = [10] as const;

const stepsOf = (relearning: boolean): readonly number[] =>
  relearning ? RELEARN_STEPS_MINUTES : LEARN_STEPS_MINUTES;

const clampIndex = (steps: readonly number[], index: number) =>
  Math.min(Math.max(0, Math.floor(index) || 0), steps.length - 1);

/**
 * Anki's `left` for a card waiting at step `step` (0-based) and due at `dueMs`: the remaining
 * steps, plus 1000 × those that end before `cutoffMs` (the next rollover), at least one.
 */
export function ankiLeft(relearning: boolean, step: number, dueMs: number, cutoffMs: number) {
  const steps = stepsOf(relearning);
  const index = clampIndex(steps, step);
  const remaining = steps.length - index;
  let today = 1;
  let at = dueMs;
  for (let next = index + 1; next < steps.length; next++) {
    at += (steps[next] ?? 0) * 60_000;
    if (at > cutoffMs) break;
    today++;
  }
  return today * 1000 + remaining;
}

/** Mnemo's `learning_step` from Anki's `left` (rslib steps.rs `get_index`). */
export function learningStepFromLeft(relearning: boolean, left: number): number {
  const steps = stepsOf(relearning);
  const remaining = Math.max(0, Math.floor(left) || 0) % 1000;
  return clampIndex(steps, steps.length - remaining);
}

/** What the export knows of an answer, and of the card before it (`previous_card` JSON). */
export interface ReviewForRevlog {
  previous_card_state: 'new' | 'learning' | 'review' | 'suspended';
  previous_interval_days: number;
  new_interval_days: number;
  new_due_date: string;
  reviewed_at: string;
  previous?: {
    fsrs_state?: number;
    learning_step?: number;
    lapses?: number;
    /** When the card was due and last answered before this answer: its step's length. */
    due_date?: string | null;
    last_reviewed_at?: string | null;
    /** The revlog kind Anki wrote, for an answer imported from Anki. */
    anki_type?: number;
  };
}

/** A revlog row's `type`, `ivl` and `lastIvl`, as Anki writes them. */
export function ankiRevlogTiming(review: ReviewForRevlog): {
  type: number;
  ivl: number;
  lastIvl: number;
} {
  const previous = review.previous ?? {};
  const reviewed = Date.parse(review.reviewed_at);
  const ivl =
    review.new_interval_days >= 1
      ? Math.round(review.new_interval_days)
      : -Math.max(1, Math.round((Date.parse(review.new_due_date) - reviewed) / 1000));
  const learning = review.previous_card_state === 'learning';
  const relearning =
    learning &&
    (previous.fsrs_state === 3 || (previous.lapses ?? 0) > 0 || review.previous_interval_days >= 1);
  let type = review.previous_card_state === 'review' ? 1 : relearning ? 2 : 0;
  if (Number.isInteger(previous.anki_type) && (previous.anki_type ?? -1) >= 0) {
    type = previous.anki_type as number;
  }
  let lastIvl = 0;
  if (review.previous_card_state === 'review') {
    lastIvl = Math.round(review.previous_interval_days);
  } else if (review.previous_interval_days > 0 && review.previous_interval_days < 1) {
    // An answer imported from Anki kept its seconds as a fraction of a day.
    lastIvl = -Math.max(1, Math.round(review.previous_interval_days * 86_400));
  } else if (learning && previous.due_date && previous.last_reviewed_at) {
    const seconds = (Date.parse(previous.due_date) - Date.parse(previous.last_reviewed_at)) / 1000;
    if (seconds > 0 && seconds < 86_400) lastIvl = -Math.round(seconds);
  }
  if (learning && lastIvl === 0) {
    const steps = stepsOf(relearning);
    lastIvl = -(steps[clampIndex(steps, previous.learning_step ?? 0)] ?? 1) * 60;
  }
  return { type, ivl, lastIvl };
}
