import { z } from 'zod';
import type { Deck } from './deck-schemas';
import { SESSION_TYPES, studyQuerySchema, type QueueCard } from './study-schemas';

/**
 * A deck kept for offline study (issue 24): what the device stores to build a session's queue
 * (`buildSessionQueue` of src/core/scheduling) and schedule answers (`scheduleReview`) without
 * the server, today and for the next days.
 */
export const OFFLINE_DAYS_DEFAULT = 3;
export const OFFLINE_DAYS_MAX = 14;

export const OFFLINE_MESSAGES = {
  days: `days must be a whole number from 1 to ${OFFLINE_DAYS_MAX}`,
  sessionId: 'A session needs an id made by the client (8 to 100 letters, digits, - or _)',
  startedAt: 'started_at must be an ISO 8601 date and time',
  completedAt: 'completed_at must be an ISO 8601 date and time',
  sessionIdUsed: 'This session id was already used for another session',
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

/**
 * A session studied on the device while offline, made a server session when it syncs: sent
 * before its first answer (without `completed_at`) and again when it was finished. Sending it
 * again is harmless (the client's id).
 */
export const offlineSessionSchema = z.strictObject({
  id: z
    .string({ message: OFFLINE_MESSAGES.sessionId })
    .regex(/^[\w-]{8,100}$/, OFFLINE_MESSAGES.sessionId),
  session_type: z.enum(SESSION_TYPES).default('mixed'),
  time_zone: studyQuerySchema.shape.time_zone,
  started_at: z.iso.datetime({ offset: true, message: OFFLINE_MESSAGES.startedAt }),
  completed_at: z.iso.datetime({ offset: true, message: OFFLINE_MESSAGES.completedAt }).optional(),
});

export type OfflineSessionInput = z.input<typeof offlineSessionSchema>;
