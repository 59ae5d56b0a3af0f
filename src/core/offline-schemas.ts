import { z } from 'zod';
import type { Deck } from './deck-schemas';
import { studyQuerySchema, type QueueCard } from './study-schemas';

/**
 * A deck kept for offline study (issue 24): what the device stores to build a session's queue
 * (`buildSessionQueue` of src/core/scheduling) and schedule answers (`scheduleReview`) without
 * the server, today and for the next days.
 */
export const OFFLINE_DAYS_DEFAULT = 3;
export const OFFLINE_DAYS_MAX = 14;

export const OFFLINE_MESSAGES = {
  days: `days must be a whole number from 1 to ${OFFLINE_DAYS_MAX}`,
} as const;

export const offlineCopyQuerySchema = studyQuerySchema.extend({
  days: z.coerce
    .number({ message: OFFLINE_MESSAGES.days })
    .int(OFFLINE_MESSAGES.days)
    .min(1, OFFLINE_MESSAGES.days)
    .max(OFFLINE_DAYS_MAX, OFFLINE_MESSAGES.days)
    .default(OFFLINE_DAYS_DEFAULT),
});

export interface OfflineCopy {
  /** The deck with its limits and scheduler settings (the device schedules with them). */
  deck: Deck;
  /** Answers already given today in the user's zone, taken off the daily limits. */
  studied_today: { new_count: number; review_count: number };
  /**
   * New cards for `days` days of the deck's new-card limit, oldest first, and the learning and
   * review cards due before the end of the last of those study days, earliest first.
   */
  cards: QueueCard[];
  days: number;
  time_zone: string;
  /** When the server made this copy. */
  updated_at: string;
}
