import { z } from 'zod';
import { deckSearchSchema } from './deck-schemas';
import { type CardState, type Flashcard, idField } from './flashcard-schemas';

/** Texts of the study API (SPEC §5, §8) and of Mnemo's own additions. */
export const STUDY_MESSAGES = {
  answeredAt: 'answered_at must be an ISO 8601 date and time',
  noActiveSession: 'No active session',
  sessionNotFound: 'Session not found',
  cardNotFound: 'Card not found or access denied',
  calculationFailed: 'Failed to calculate next review',
  cardSuspended: 'This card is suspended: unsuspend it to study it',
  timeZone: 'Unknown time zone: send an IANA name such as Europe/Paris',
  reviewId: 'A review needs an id made by the client (8 to 100 letters, digits, - or _)',
  response: 'Response must be again, hard, good or easy',
  responseTime: 'Response time must be a number of seconds from 0 to 86400',
  /** A session with nothing to study is not started (SPEC §2: the preview's 'All caught up!'). */
  nothingToStudy: 'You have no cards due for review right now.',
} as const;

export const REVIEW_RESPONSES = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewResponse = (typeof REVIEW_RESPONSES)[number];
export const SESSION_TYPES = ['mixed', 'new_only', 'review_only'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** Sessions idle this long are abandoned: the next start completes them (SPEC §4). */
export const ABANDONED_SESSION_IDLE_MINUTES = 30;

/** True for a time zone name the runtime knows (IANA, e.g. 'Europe/Paris', or 'UTC'). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z
  .string({ message: STUDY_MESSAGES.timeZone })
  .max(64, STUDY_MESSAGES.timeZone)
  .refine(isKnownTimeZone, STUDY_MESSAGES.timeZone);
const id = idField;
/** A session's own cap; without one the deck's daily limit rules (SPEC §9 defaults are the deck's). */
const limit = z.number().int().min(0).max(9999);

export const studyQuerySchema = z.strictObject({
  time_zone: timeZone.default('UTC'),
});

/** The deck list: a search, and the user's zone for due counts (their study day). */
export const deckListQuerySchema = deckSearchSchema.extend({
  time_zone: timeZone.default('UTC'),
});

export const startSessionSchema = z.strictObject({
  session_type: z.enum(SESSION_TYPES).default('mixed'),
  max_new_cards: limit.optional(),
  max_review_cards: limit.optional(),
  time_zone: timeZone.default('UTC'),
});

export const reviewSchema = z.strictObject({
  id: z
    .string({ message: STUDY_MESSAGES.reviewId })
    .regex(/^[\w-]{8,100}$/, STUDY_MESSAGES.reviewId),
  card_id: id,
  response: z.enum(REVIEW_RESPONSES, { message: STUDY_MESSAGES.response }),
  response_time_seconds: z
    .number({ message: STUDY_MESSAGES.responseTime })
    .min(0, STUDY_MESSAGES.responseTime)
    .max(86_400, STUDY_MESSAGES.responseTime)
    .transform((seconds) => Math.round(seconds)),
  /** When the learner answered (their clock); the server keeps it within the session and now. */
  answered_at: z.iso.datetime({ offset: true, message: STUDY_MESSAGES.answeredAt }).optional(),
});

export const statsQuerySchema = z.strictObject({
  deck_id: id.optional(),
  time_zone: timeZone.default('UTC'),
});

/** A learning session as the API returns it. */
export interface LearningSession {
  id: string;
  deck_id: string;
  session_type: SessionType;
  started_at: string;
  completed_at: string | null;
  duration_seconds: number | null;
  is_completed: boolean;
  cards_studied: number;
  again_count: number;
  hard_count: number;
  good_count: number;
  easy_count: number;
}

/** A card in a session queue: the card plus its scheduler fields, so the browser can label
 * each rating button with the interval it will really give. */
export interface QueueCard extends Flashcard {
  stability: number | null;
  difficulty: number | null;
  lapses: number;
  reps: number;
  scheduled_days: number;
  elapsed_days: number;
  fsrs_state: number;
  priority_type: 'new' | 'review';
}

export interface SessionPreview {
  deckName: string;
  newCards: number;
  dueCards: number;
  estimatedDuration: number;
}

export interface StartedSession {
  session: LearningSession;
  queue: QueueCard[];
  /** How many abandoned sessions were completed first. */
  autoCompleted: number;
}

export interface ReviewResult {
  updatedCard: QueueCard;
  review: {
    id: string;
    user_response: ReviewResponse;
    previous_card_state: CardState;
    new_card_state: CardState;
    new_interval_days: number;
    new_due_date: string;
  };
  session: LearningSession;
  /** True when this id had already been recorded (a resend): nothing changed. */
  duplicate: boolean;
  /** This answer made the card a leech (with the deck's 'suspend' action it is now suspended). */
  leech: boolean;
  /** The ids of the siblings this answer buried until the next study day. */
  buried: string[];
}
