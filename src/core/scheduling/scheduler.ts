import { fsrsNext } from './fsrs';
import { calculateNextReview } from './sm2';
import { DAY_MS, dueAfterStudyDays, MINUTE_MS, studyDaysBetween } from './time';
import {
  RATINGS,
  type Rating,
  type ScheduleResult,
  type SchedulerSettings,
  type SchedulingCard,
} from './types';

/**
 * The one entry point: the card after a review, by the deck's scheduler (the spec's SM-2 by
 * default, FSRS on request), in the user's study days (`timeZone`, 4 am rollover): an interval
 * of days is due from the start of its study day, a step in minutes exactly. Pure: the same
 * card, rating, settings, `now` and zone give the same result.
 */
export function scheduleReview(
  card: SchedulingCard,
  rating: Rating,
  settings: SchedulerSettings,
  now: Date,
  timeZone = 'UTC',
): ScheduleResult {
  if (settings.scheduler === 'fsrs') return fsrsNext(card, rating, settings, now, timeZone);
  const next = calculateNextReview(card, rating, now, settings.maximumIntervalDays);
  return {
    ...next,
    due_date:
      next.card_state === 'review'
        ? dueAfterStudyDays(now, next.interval_days, timeZone)
        : next.due_date,
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

const trim = (value: number) => String(Number(value.toFixed(1)));
const plural = (value: string, unit: string) => `${value} ${unit}${value === '1' ? '' : 's'}`;

/**
 * A rating button's wait, as SPEC §2 writes them: '1 min', '10 min', '2 hours', '1 day',
 * '4 days', '3 weeks', '2.5 months', '1.2 years'.
 */
export function formatInterval(wait: { minutes: number } | { days: number }): string {
  if ('minutes' in wait) {
    const minutes = Math.max(1, Math.round(wait.minutes));
    if (minutes < 60) return `${minutes} min`;
    if (minutes < 24 * 60) return plural(trim(minutes / 60), 'hour');
    return plural(trim(minutes / (24 * 60)), 'day');
  }
  const days = Math.max(1, Math.round(wait.days));
  if (days < 21) return plural(String(days), 'day');
  if (days < 60) return plural(trim(days / 7), 'week');
  if (days < 365) return plural(trim(days / 30), 'month');
  return plural(trim(days / 365), 'year');
}

/**
 * The wait a review result gives, as its button shows it: study days for an interval of days
 * (so the label is the interval given, whatever the hour), minutes for a step.
 */
export function waitLabel(result: ScheduleResult, now: Date, timeZone: string): string {
  if (result.scheduled_days >= 1) {
    return formatInterval({ days: studyDaysBetween(now, result.due_date, timeZone) });
  }
  return formatInterval({ minutes: (result.due_date.getTime() - now.getTime()) / MINUTE_MS });
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
  timeZone = 'UTC',
): IntervalPreview[] {
  return RATINGS.map((rating) => {
    const next = scheduleReview(card, rating, settings, now, timeZone);
    return { rating, dueDate: next.due_date, label: waitLabel(next, now, timeZone) };
  });
}

export type { ScheduleResult };
