import { studyDayBounds } from './time';
import type { CardState } from './types';

/**
 * The one definition of 'due' (queue, due counts, preview, dashboard, forecast, statistics):
 * a review card is due from the start of the study day its due date falls in (4 am in the
 * user's zone, as Anki), so a 1-day card answered Monday 21:00 is due Tuesday 04:00; a learning
 * card is due at its exact moment (steps in minutes stay exact). Suspended and new cards are
 * never 'due'.
 */
export function isDue(
  card: { card_state: CardState; due_date: Date | string },
  now: Date,
  timeZone: string,
): boolean {
  return isDueBy(card, dueCutoffs(now, timeZone));
}

/** The two instants a due check compares with: now (learning) and today's end (review). */
export interface DueCutoffs {
  now: Date;
  /** The end of the current study day: review cards due before it are due today. */
  dayEnd: Date;
}

export function dueCutoffs(now: Date, timeZone: string): DueCutoffs {
  return { now, dayEnd: studyDayBounds(now, timeZone).end };
}

export function isDueBy(
  card: { card_state: CardState; due_date: Date | string },
  cutoffs: DueCutoffs,
): boolean {
  const due = new Date(card.due_date).getTime();
  if (card.card_state === 'review') return due < cutoffs.dayEnd.getTime();
  if (card.card_state === 'learning') return due <= cutoffs.now.getTime();
  return false;
}
