import type { Selectable } from 'kysely';
import {
  computeStatistics,
  type Rating,
  type ScheduleResult,
  scheduleReview,
  type SchedulingCard,
  sessionPreview,
  studyDayBounds,
} from '../../core/scheduling';
import type { DeckTable, FlashcardTable } from '../db/database';
import { nowIso, toIso } from '../db/time';

/** The glue between rows and the pure scheduler in src/core/scheduling. */

type CardRow = Selectable<FlashcardTable>;
type DeckRow = Selectable<DeckTable>;

export function toSchedulingCard(row: CardRow): SchedulingCard {
  return {
    id: row.id,
    card_state: row.card_state,
    due_date: new Date(toIso(row.due_date)),
    interval_days: Number(row.interval_days),
    ease_factor: Number(row.ease_factor),
    review_count: Number(row.review_count),
    learning_step: Number(row.learning_step),
    last_reviewed_at: row.last_reviewed_at ? new Date(toIso(row.last_reviewed_at)) : null,
    stability: row.stability === null ? null : Number(row.stability),
    difficulty: row.difficulty === null ? null : Number(row.difficulty),
    lapses: Number(row.lapses),
    reps: Number(row.reps),
    scheduled_days: Number(row.scheduled_days),
    elapsed_days: Number(row.elapsed_days),
    fsrs_state: Number(row.fsrs_state),
  };
}

export function settingsOf(
  deck: Pick<DeckRow, 'scheduler' | 'desired_retention' | 'maximum_interval_days' | 'fsrs_weights'>,
) {
  return {
    scheduler: deck.scheduler,
    desiredRetention: Number(deck.desired_retention),
    maximumIntervalDays: Number(deck.maximum_interval_days),
    fsrsWeights: deck.fsrs_weights ? (JSON.parse(deck.fsrs_weights) as number[]) : null,
  };
}

/** calculate_next_review for a stored card under its deck's settings, in the user's zone. */
export function nextSchedule(
  card: CardRow,
  deck: Parameters<typeof settingsOf>[0],
  rating: Rating,
  now: Date,
  timeZone: string,
) {
  const next = scheduleReview(toSchedulingCard(card), rating, settingsOf(deck), now, timeZone);
  if (Number.isNaN(next.due_date.getTime()) || !Number.isFinite(next.interval_days)) {
    throw new Error('The scheduler produced an invalid date');
  }
  return next;
}

/** The columns a review writes on the card. */
export function cardChangesFrom(next: ScheduleResult) {
  return {
    card_state: next.card_state,
    due_date: nowIso(next.due_date),
    interval_days: next.interval_days,
    ease_factor: next.ease_factor,
    learning_step: next.learning_step,
    stability: next.stability,
    difficulty: next.difficulty,
    lapses: next.lapses,
    reps: next.reps,
    scheduled_days: next.scheduled_days,
    elapsed_days: next.elapsed_days,
    fsrs_state: next.fsrs_state,
  };
}

/** The user's study day (4 am rollover in their zone) as ISO bounds for queries. */
export function studyDay(now: Date, timeZone: string) {
  const bounds = studyDayBounds(now, timeZone);
  return { start: nowIso(bounds.start), end: nowIso(bounds.end) };
}

export const toPreview = sessionPreview;
export { computeStatistics };
