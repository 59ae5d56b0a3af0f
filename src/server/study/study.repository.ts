import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { type DueCutoffsIso, isDueSql } from '../db/due';
import type {
  CardReviewTable,
  Database,
  FlashcardTable,
  LearningSessionTable,
  ReviewResponse,
} from '../db/database';
import { notBuried } from '../flashcards/availability';

export type SessionRow = Selectable<LearningSessionTable>;
export type ReviewRow = Selectable<CardReviewTable>;
export type CardRow = Selectable<FlashcardTable>;

/** Every query here is scoped by the user's id: a row of another user is never read or written. */

export async function findSession(db: Kysely<Database>, userId: string, sessionId: string) {
  return db
    .selectFrom('learning_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

export async function insertSession(db: Kysely<Database>, row: Insertable<LearningSessionTable>) {
  await db.insertInto('learning_sessions').values(row).execute();
}

export async function updateSession(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
  changes: Updateable<LearningSessionTable>,
) {
  await db
    .updateTable('learning_sessions')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', sessionId)
    .execute();
}

/** Adds one answer (or takes one back, with `delta` -1) to a session's counters. */
export async function countAnswerInSession(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
  response: ReviewResponse,
  delta: 1 | -1,
  now: string,
) {
  const column = `${response}_count` as const;
  await db
    .updateTable('learning_sessions')
    .set((eb) => ({
      cards_studied: eb('cards_studied', '+', delta),
      [column]: eb(column, '+', delta),
      last_activity_at: now,
    }))
    .where('user_id', '=', userId)
    .where('id', '=', sessionId)
    .execute();
}

/**
 * Completes the user's abandoned sessions (auto_complete_abandoned_sessions): open sessions idle
 * since before `idleBefore`, and any open session of `deckId`, which a new session replaces.
 * They end at their last activity and count as abandoned in the statistics.
 */
export async function autoCompleteAbandonedSessions(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  idleBefore: string,
): Promise<number> {
  const open = await db
    .selectFrom('learning_sessions')
    .select(['id', 'started_at', 'last_activity_at'])
    .where('user_id', '=', userId)
    .where('is_completed', '=', 0)
    .where((eb) => eb.or([eb('last_activity_at', '<', idleBefore), eb('deck_id', '=', deckId)]))
    .execute();
  for (const session of open) {
    const started = new Date(session.started_at).getTime();
    const last = new Date(session.last_activity_at).getTime();
    await updateSession(db, userId, session.id, {
      is_completed: 1,
      auto_completed: 1,
      completed_at: new Date(last).toISOString(),
      duration_seconds: Math.max(0, Math.round((last - started) / 1000)),
    });
  }
  return open.length;
}

export async function findCardInDeck(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  cardId: string,
) {
  return db
    .selectFrom('flashcards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deck_id', '=', deckId)
    .where('id', '=', cardId)
    .executeTakeFirst();
}

export async function updateCardScheduling(
  db: Kysely<Database>,
  userId: string,
  cardId: string,
  changes: Updateable<FlashcardTable>,
) {
  await db
    .updateTable('flashcards')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', cardId)
    .execute();
}

export async function findReviewByClientId(
  db: Kysely<Database>,
  userId: string,
  clientReviewId: string,
) {
  return db
    .selectFrom('card_reviews')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_review_id', '=', clientReviewId)
    .executeTakeFirst();
}

export async function insertReview(db: Kysely<Database>, row: Insertable<CardReviewTable>) {
  await db.insertInto('card_reviews').values(row).execute();
}

/** The session's latest answer that has not been taken back. */
export async function findLastReviewInSession(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
) {
  return db
    .selectFrom('card_reviews')
    .selectAll()
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .where('undone_at', 'is', null)
    .orderBy('reviewed_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function markReviewUndone(
  db: Kysely<Database>,
  userId: string,
  reviewId: string,
  now: string,
) {
  await db
    .updateTable('card_reviews')
    .set({ undone_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', reviewId)
    .execute();
}

/**
 * The answers of the user (optionally in one deck) during [start, end) that were not taken
 * back: card, deck and the card's state before the answer, for the daily limits.
 */
export async function findAnswersBetween(
  db: Kysely<Database>,
  userId: string,
  start: string,
  end: string,
  deckId?: string,
) {
  let query = db
    .selectFrom('card_reviews')
    .select(['card_id', 'deck_id', 'previous_card_state'])
    .where('user_id', '=', userId)
    .where('undone_at', 'is', null)
    .where('reviewed_at', '>=', start)
    .where('reviewed_at', '<', end);
  if (deckId) query = query.where('deck_id', '=', deckId);
  return query.execute();
}

/** The time of the deck's latest answer that was not taken back, or null. */
export async function findLastAnswerAt(db: Kysely<Database>, userId: string, deckId: string) {
  const row = await db
    .selectFrom('card_reviews')
    .select('reviewed_at')
    .where('user_id', '=', userId)
    .where('deck_id', '=', deckId)
    .where('undone_at', 'is', null)
    .orderBy('reviewed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.reviewed_at ?? null;
}

/** Up to `limit` new cards of a deck, oldest first (index flashcards_deck_state_created_idx). */
export async function findNewCards(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  limit: number,
  now: string,
): Promise<CardRow[]> {
  if (limit <= 0) return [];
  return db
    .selectFrom('flashcards')
    .selectAll()
    .where('deck_id', '=', deckId)
    .where('user_id', '=', userId)
    .where('card_state', '=', 'new')
    .where(notBuried(now))
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Up to `limit` learning and review cards due (`isDue`), earliest first. */
export async function findDueCards(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  due: DueCutoffsIso,
  limit: number,
): Promise<CardRow[]> {
  if (limit <= 0) return [];
  return db
    .selectFrom('flashcards')
    .selectAll()
    .where('deck_id', '=', deckId)
    .where('user_id', '=', userId)
    .where((eb) => isDueSql(eb, due))
    .where(notBuried(due.now))
    .orderBy('due_date')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function touchDeckStudied(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  now: string | null,
) {
  await db
    .updateTable('decks')
    .set({ last_studied_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', deckId)
    .execute();
}

/** Sessions of the user (optionally one deck) started since `since`, for statistics. */
export async function findSessionsSince(
  db: Kysely<Database>,
  userId: string,
  since: string,
  deckId?: string,
) {
  let query = db
    .selectFrom('learning_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('started_at', '>=', since);
  if (deckId) query = query.where('deck_id', '=', deckId);
  return query.orderBy('started_at').execute();
}

/** Answers of the user (optionally one deck) since `since`, not taken back, for statistics. */
export async function findReviewsSince(
  db: Kysely<Database>,
  userId: string,
  since: string,
  deckId?: string,
) {
  let query = db
    .selectFrom('card_reviews')
    .select(['card_id', 'user_response', 'reviewed_at', 'session_id', 'previous_card_state'])
    .where('user_id', '=', userId)
    .where('undone_at', 'is', null)
    .where('reviewed_at', '>=', since);
  if (deckId) query = query.where('deck_id', '=', deckId);
  return query.orderBy('reviewed_at').execute();
}

/** State and due date of every card of the user (optionally one deck), for counts and forecast. */
export async function findCardSchedules(db: Kysely<Database>, userId: string, deckId?: string) {
  let query = db
    .selectFrom('flashcards')
    .select(['deck_id', 'card_state', 'due_date', 'buried_until'])
    .where('user_id', '=', userId);
  if (deckId) query = query.where('deck_id', '=', deckId);
  return query.execute();
}

/** The review log of a deck in time order, for FSRS parameter tuning. */
export async function findReviewLog(db: Kysely<Database>, userId: string, deckId: string) {
  return db
    .selectFrom('card_reviews')
    .select(['card_id', 'user_response', 'reviewed_at'])
    .where('user_id', '=', userId)
    .where('deck_id', '=', deckId)
    .where('undone_at', 'is', null)
    .orderBy('card_id')
    .orderBy('reviewed_at')
    .execute();
}
