import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { now as clockNow } from '../clock';
import {
  ABANDONED_SESSION_IDLE_MINUTES,
  type LearningSession,
  type QueueCard,
  type SessionPreview,
  type startSessionSchema,
  type StartedSession,
  STUDY_MESSAGES,
} from '../../core/study-schemas';
import type { Database } from '../db/database';
import { dueCutoffsIso } from '../db/due';
import { nowIso, toIso } from '../db/time';
import { getDeck } from '../decks/decks.service';
import { toFlashcard } from '../flashcards/flashcards.service';
import { HttpError, notFound } from '../http/errors';
import { buildSessionQueue, todaysRoom } from '../../core/scheduling';
import { toPreview } from './scheduling';
import {
  autoCompleteAbandonedSessions,
  type CardRow,
  findDueCards,
  findNewCards,
  findSession,
  insertSession,
  type SessionRow,
  updateSession,
} from './study.repository';
import { NOTHING_STUDIED, studiedTodayByDeck } from './today';

export function toSession(row: SessionRow): LearningSession {
  return {
    id: row.id,
    deck_id: row.deck_id,
    session_type: row.session_type,
    started_at: toIso(row.started_at),
    completed_at: toIso(row.completed_at),
    duration_seconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    is_completed: Boolean(Number(row.is_completed)),
    cards_studied: Number(row.cards_studied),
    again_count: Number(row.again_count),
    hard_count: Number(row.hard_count),
    good_count: Number(row.good_count),
    easy_count: Number(row.easy_count),
  };
}

export function toQueueCard(row: CardRow): QueueCard {
  return {
    ...toFlashcard(row),
    stability: row.stability === null ? null : Number(row.stability),
    difficulty: row.difficulty === null ? null : Number(row.difficulty),
    lapses: Number(row.lapses),
    reps: Number(row.reps),
    scheduled_days: Number(row.scheduled_days),
    elapsed_days: Number(row.elapsed_days),
    fsrs_state: Number(row.fsrs_state),
    priority_type: row.card_state === 'new' ? 'new' : 'review',
  };
}

/**
 * Due-cards info (SPEC §3): the new and due cards a session started now would hold, the same
 * numbers as the deck's `due_count`, the preview and the session's queue.
 */
export async function dueCardsInfo(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  timeZone = 'UTC',
) {
  const deck = await getDeck(db, userId, deckId, timeZone);
  return { newCards: deck.new_count, dueCards: deck.due_count - deck.new_count };
}

/** The session preview (SPEC §3): deck name, new and due cards, estimated minutes. */
export async function sessionPreview(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  timeZone: string,
): Promise<SessionPreview> {
  const deck = await getDeck(db, userId, deckId, timeZone);
  return toPreview(deck.name, deck.new_count, deck.due_count - deck.new_count);
}

/**
 * Starts a fresh session: completes the user's abandoned sessions first, then builds the queue
 * (get_fresh_session_queue): new cards oldest first, reviews by due date, mixed sessions
 * shuffled.
 */
export async function startSession(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  input: z.output<typeof startSessionSchema>,
): Promise<StartedSession> {
  const now = clockNow();
  const deck = await getDeck(db, userId, deckId, input.time_zone, now);
  const id = randomUUID();
  // The deck's limits rule; a session may ask for fewer (max_new_cards, max_review_cards).
  const studied = await studiedTodayByDeck(db, userId, input.time_zone, now, deckId);
  const rules = {
    limits: { newCardsPerDay: deck.new_cards_per_day, maxReviewsPerDay: deck.max_reviews_per_day },
    studied: studied.get(deckId) ?? NOTHING_STUDIED,
    sessionType: input.session_type,
    maxNewCards: input.max_new_cards,
    maxReviewCards: input.max_review_cards,
    now,
    timeZone: input.time_zone,
  };
  // The queries find the candidates with the deck's indexes; the queue itself is the one
  // definition in src/core (buildSessionQueue), which the device runs too when offline.
  const room = todaysRoom(rules.limits, rules.studied, rules);
  const [newCards, dueCards] = await Promise.all([
    findNewCards(db, userId, deckId, room.newLimit, nowIso(now)),
    findDueCards(db, userId, deckId, dueCutoffsIso(now, input.time_zone), room.reviewLimit),
  ]);
  const ordered = buildSessionQueue([...newCards, ...dueCards], { ...rules, seed: id });
  if (ordered.length === 0) {
    throw new HttpError(409, 'NOTHING_TO_STUDY', STUDY_MESSAGES.nothingToStudy);
  }
  const idleBefore = nowIso(new Date(now.getTime() - ABANDONED_SESSION_IDLE_MINUTES * 60_000));
  const autoCompleted = await db.transaction().execute(async (trx) => {
    const count = await autoCompleteAbandonedSessions(trx, userId, deckId, idleBefore);
    await insertSession(trx, {
      id,
      user_id: userId,
      deck_id: deckId,
      session_type: input.session_type,
      time_zone: input.time_zone,
      started_at: nowIso(now),
      last_activity_at: nowIso(now),
      completed_at: null,
      duration_seconds: null,
      is_completed: 0,
      auto_completed: 0,
      cards_studied: 0,
      again_count: 0,
      hard_count: 0,
      good_count: 0,
      easy_count: 0,
    });
    return count;
  });
  const queue = ordered.map(toQueueCard);
  const session = await findSession(db, userId, id);
  if (!session) throw notFound(STUDY_MESSAGES.sessionNotFound);
  return { session: toSession(session), queue, autoCompleted };
}

export async function getSession(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
): Promise<LearningSession> {
  const session = await findSession(db, userId, sessionId);
  if (!session) throw notFound(STUDY_MESSAGES.sessionNotFound);
  return toSession(session);
}

/**
 * Completes a session: completed_at, duration and the final counts. Completing it again
 * returns the same result, so a retried call is harmless.
 */
export async function completeSession(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
): Promise<LearningSession> {
  const session = await findSession(db, userId, sessionId);
  if (!session) throw notFound(STUDY_MESSAGES.sessionNotFound);
  if (!Number(session.is_completed)) {
    const now = clockNow();
    const started = new Date(session.started_at).getTime();
    await updateSession(db, userId, sessionId, {
      is_completed: 1,
      completed_at: nowIso(now),
      last_activity_at: nowIso(now),
      duration_seconds: Math.max(0, Math.round((now.getTime() - started) / 1000)),
    });
  }
  return getSession(db, userId, sessionId);
}
