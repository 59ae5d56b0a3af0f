import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { now as clockNow } from '../clock';
import { type ReviewResult, type reviewSchema, STUDY_MESSAGES } from '../../core/study-schemas';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/time';
import { badRequest, HttpError, notFound } from '../http/errors';
import { cardChangesFrom, nextSchedule } from './scheduling';
import {
  type CardRow,
  countAnswerInSession,
  findLastAnswerAt,
  findLastReviewInSession,
  findReviewByClientId,
  findSession,
  markReviewUndone,
  type ReviewRow,
  touchDeckStudied,
  updateCardScheduling,
} from './study.repository';
import { toQueueCard, toSession } from './study.service';
import { applyAnswerEffects, type BuriedSibling, restoreSiblings } from './answer-effects';
import { findAnswerContext, writeAnswer } from './answer.repository';

// Answers: recording one (card, review row and session counters in one transaction, with the
// answer's leech and sibling effects) and taking the last one back.

function reviewSummary(
  review: Pick<
    ReviewRow,
    | 'client_review_id'
    | 'user_response'
    | 'previous_card_state'
    | 'new_card_state'
    | 'new_interval_days'
    | 'new_due_date'
  >,
): ReviewResult['review'] {
  return {
    id: review.client_review_id,
    user_response: review.user_response,
    previous_card_state: review.previous_card_state,
    new_card_state: review.new_card_state,
    new_interval_days: Number(review.new_interval_days),
    new_due_date: toIso(review.new_due_date),
  };
}

async function resultOf(
  db: Kysely<Database>,
  userId: string,
  review: ReviewRow,
  duplicate: boolean,
): Promise<ReviewResult> {
  const [card, session] = await Promise.all([
    db
      .selectFrom('flashcards')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', review.card_id)
      .executeTakeFirst(),
    findSession(db, userId, review.session_id),
  ]);
  if (!card) throw notFound(STUDY_MESSAGES.cardNotFound);
  if (!session) throw notFound(STUDY_MESSAGES.sessionNotFound);
  return {
    updatedCard: toQueueCard(card),
    review: reviewSummary(review),
    session: toSession(session),
    duplicate,
    leech: false,
    buried: [],
  };
}

/** True when an insert failed on a unique index (both databases). */
function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { code?: string; message?: string })?.message ?? '');
  const code = (error as { code?: string })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(text);
}

/** An answer sent again: the one recorded first, with the card and session as they are now. */
async function recordedAnswer(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
  input: z.output<typeof reviewSchema>,
): Promise<ReviewResult | null> {
  const existing = await findReviewByClientId(db, userId, input.id);
  if (!existing) return null;
  if (existing.session_id !== sessionId || existing.card_id !== input.card_id) {
    throw new HttpError(409, 'CONFLICT', 'This review id was already used for another answer');
  }
  return resultOf(db, userId, existing, true);
}

/** Thrown inside the transaction to roll it back when the answer was recorded before. */
class AlreadyRecorded extends Error {}

/**
 * Records one answer: the card's new schedule, the card_reviews row and the session counters,
 * in one transaction committed before the response. The client's id makes a resend harmless:
 * the insert of the review row skips a copy, and the copy answers what was recorded. The
 * response is built from what was computed, not read back (issue 13: BEGIN, one read, the
 * writes, COMMIT).
 */
export async function reviewCard(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
  input: z.output<typeof reviewSchema>,
): Promise<ReviewResult> {
  const now = clockNow();
  try {
    return await db.transaction().execute(async (trx) => {
      const context = await findAnswerContext(trx, userId, sessionId, input.card_id);
      if (!context) {
        // Rare paths: which one is missing, or an answer recorded before the card moved.
        const session = await findSession(trx, userId, sessionId);
        if (!session) throw notFound(STUDY_MESSAGES.sessionNotFound);
        // Its own code: a device syncing offline answers counts the cards deleted elsewhere.
        throw new HttpError(404, 'CARD_NOT_FOUND', STUDY_MESSAGES.cardNotFound);
      }
      const { session, deck, card } = context;
      if (Number(session.is_completed)) throw badRequest(STUDY_MESSAGES.noActiveSession);
      if (card.card_state === 'suspended') {
        throw new HttpError(409, 'CARD_SUSPENDED', STUDY_MESSAGES.cardSuspended);
      }
      const answeredAt = answerTime(input.answered_at, toIso(session.started_at), now);
      let next: ReturnType<typeof nextSchedule>;
      try {
        next = nextSchedule(card, deck, input.response, answeredAt, session.time_zone);
      } catch (error) {
        const failure = new HttpError(500, 'SCHEDULER_FAILED', STUDY_MESSAGES.calculationFailed);
        failure.cause = error;
        throw failure;
      }
      const at = nowIso(answeredAt);
      const reviewCount = Number(card.review_count);
      const averageResponse =
        card.average_response_time === null
          ? input.response_time_seconds
          : (Number(card.average_response_time) * reviewCount + input.response_time_seconds) /
            (reviewCount + 1);
      const effects = await applyAnswerEffects(
        trx,
        userId,
        card,
        deck,
        next,
        session.time_zone,
        now,
      );
      const changes = {
        ...cardChangesFrom(next),
        ...effects.card,
        review_count: reviewCount + 1,
        last_reviewed_at: at,
        average_response_time: averageResponse,
      };
      const review = {
        id: randomUUID(),
        client_review_id: input.id,
        user_id: userId,
        card_id: card.id,
        deck_id: session.deck_id,
        session_id: sessionId,
        user_response: input.response,
        response_time_seconds: input.response_time_seconds,
        previous_interval_days: Number(card.interval_days),
        previous_ease_factor: Number(card.ease_factor),
        previous_card_state: card.card_state,
        previous_card: JSON.stringify({
          ...snapshotOf(card),
          buried_siblings: effects.buriedSiblings,
        }),
        new_interval_days: next.interval_days,
        new_ease_factor: next.ease_factor,
        new_card_state: next.card_state,
        new_due_date: nowIso(next.due_date),
        reviewed_at: at,
        undone_at: null,
      };
      const recorded = await writeAnswer(trx, {
        userId,
        review,
        card: changes,
        response: input.response,
        at,
      });
      if (!recorded) throw new AlreadyRecorded();
      const counter = `${input.response}_count` as const;
      return {
        updatedCard: toQueueCard({ ...card, ...changes }),
        review: reviewSummary(review),
        session: toSession({
          ...session,
          cards_studied: Number(session.cards_studied) + 1,
          [counter]: Number(session[counter]) + 1,
          last_activity_at: at,
        }),
        duplicate: false,
        leech: effects.leech.leech,
        buried: effects.buriedSiblings.map((sibling) => sibling.id),
      };
    });
  } catch (error) {
    // A copy of an answer already recorded (sent twice, or raced with itself): the first one.
    if (
      error instanceof AlreadyRecorded ||
      error instanceof HttpError ||
      isUniqueViolation(error)
    ) {
      const recorded = await recordedAnswer(db, userId, sessionId, input);
      if (recorded) return recorded;
    }
    throw error;
  }
}

/**
 * The instant an answer is scheduled from: when the learner answered (the browser's clock, so
 * the interval given is the one its button showed, also for an answer sent later from the
 * offline queue), kept between the session's start and now.
 */
function answerTime(answeredAt: string | undefined, sessionStart: string, now: Date): Date {
  if (!answeredAt) return now;
  const at = new Date(answeredAt).getTime();
  return new Date(Math.min(now.getTime(), Math.max(new Date(sessionStart).getTime(), at)));
}

/** The scheduling fields of a card, as kept in card_reviews.previous_card for undo. */
function snapshotOf(card: CardRow) {
  return {
    card_state: card.card_state,
    due_date: toIso(card.due_date),
    interval_days: Number(card.interval_days),
    ease_factor: Number(card.ease_factor),
    review_count: Number(card.review_count),
    learning_step: Number(card.learning_step),
    last_reviewed_at: toIso(card.last_reviewed_at),
    average_response_time:
      card.average_response_time === null ? null : Number(card.average_response_time),
    stability: card.stability === null ? null : Number(card.stability),
    difficulty: card.difficulty === null ? null : Number(card.difficulty),
    lapses: Number(card.lapses),
    reps: Number(card.reps),
    scheduled_days: Number(card.scheduled_days),
    elapsed_days: Number(card.elapsed_days),
    fsrs_state: Number(card.fsrs_state),
    is_leech: Number(card.is_leech),
    suspended_from: card.suspended_from,
    buried_until: toIso(card.buried_until ?? null),
  };
}

/**
 * Takes back the session's last answer (as Anki's undo): the card gets its scheduling fields
 * from before that answer, the answer leaves the counters and the statistics. Nothing to undo
 * answers `{ undone: null }`.
 */
export async function undoLastReview(db: Kysely<Database>, userId: string, sessionId: string) {
  return db.transaction().execute(async (trx) => {
    const session = await findSession(trx, userId, sessionId);
    if (!session) throw notFound(STUDY_MESSAGES.sessionNotFound);
    if (Number(session.is_completed)) throw badRequest(STUDY_MESSAGES.noActiveSession);
    const review = await findLastReviewInSession(trx, userId, sessionId);
    if (!review) return { undone: null, card: null, session: toSession(session) };
    const { buried_siblings: buriedSiblings, ...previous } = JSON.parse(
      review.previous_card,
    ) as ReturnType<typeof snapshotOf> & { buried_siblings?: BuriedSibling[] };
    const at = nowIso();
    await updateCardScheduling(trx, userId, review.card_id, previous);
    await restoreSiblings(trx, userId, buriedSiblings);
    await markReviewUndone(trx, userId, review.id, at);
    await countAnswerInSession(trx, userId, sessionId, review.user_response, -1, at);
    // 'Last studied' follows: the deck's latest answer still standing, or none.
    const lastAnswer = await findLastAnswerAt(trx, userId, session.deck_id);
    await touchDeckStudied(trx, userId, session.deck_id, lastAnswer ? toIso(lastAnswer) : null);
    const card = await trx
      .selectFrom('flashcards')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', review.card_id)
      .executeTakeFirst();
    const updated = await findSession(trx, userId, sessionId);
    return {
      undone: reviewSummary(review),
      card: card ? toQueueCard(card) : null,
      session: updated ? toSession(updated) : toSession(session),
    };
  });
}
