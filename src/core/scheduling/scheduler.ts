import { fsrsNext } from './fsrs';
import { calculateNextReview } from './sm2';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time';
import {
  RATINGS,
  type Rating,
  type ScheduleResult,
  type SchedulerSettings,
  type SchedulingCard,
} from './types';

/**
 * The one entry point: the card after a review, by the deck's scheduler (FSRS by default,
 * SM-2 on request). Pure: the same card, rating, settings and `now` give the same result.
 */
export function scheduleReview(
  card: SchedulingCard,
  rating: Rating,
  settings: SchedulerSettings,
  now: Date,
): ScheduleResult {
  if (settings.scheduler === 'fsrs') return fsrsNext(card, rating, settings, now);
  const next = calculateNextReview(card, rating, now, settings.maximumIntervalDays);
  return {
    ...next,
    stability: card.stability,
    difficulty: card.difficulty,
    reps: card.reps + 1,
    scheduled_days: next.interval_days,
    elapsed_days: card.last_reviewed_at
      ? Math.max(0, (now.getTime() - card.last_reviewed_at.getTime()) / DAY_MS)
      : 0,
    fsrs_state: next.card_state === 'review' ? 2 : card.card_state === 'review' ? 3 : 1,
  };
}

/**
 * A short, Anki-style label for a wait: '1m', '10m', '3h', '1d', '12d', '3.5mo', '1.2y'.
 */
export function formatInterval(milliseconds: number): string {
  const ms = Math.max(0, milliseconds);
  const trim = (value: number) => String(Number(value.toFixed(1)));
  if (ms < HOUR_MS) return `${Math.max(1, Math.round(ms / MINUTE_MS))}m`;
  if (ms < DAY_MS) return `${Math.round(ms / HOUR_MS)}h`;
  const days = ms / DAY_MS;
  if (days < 30) return `${Math.round(days)}d`;
  if (days < 365) return `${trim(days / 30)}mo`;
  return `${trim(days / 365)}y`;
}

export interface IntervalPreview {
  rating: Rating;
  dueDate: Date;
  label: string;
}

/** What each rating would give now: due date and label, for the four rating buttons. */
export function previewIntervals(
  card: SchedulingCard,
  settings: SchedulerSettings,
  now: Date,
): IntervalPreview[] {
  return RATINGS.map((rating) => {
    const next = scheduleReview(card, rating, settings, now);
    return {
      rating,
      dueDate: next.due_date,
      label: formatInterval(next.due_date.getTime() - now.getTime()),
    };
  });
}

export type { ScheduleResult };
