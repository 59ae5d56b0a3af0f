import {
  computeParameters,
  FSRSBindingItem,
  FSRSBindingReview,
} from '@open-spaced-repetition/binding';
import type { Kysely } from 'kysely';
import {
  evaluateParameters,
  MIN_REVIEWS_FOR_TUNING,
  reviewHistories,
  type TuningMetrics,
  type TuningReview,
  trainingItems,
} from '../../core/scheduling';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/time';
import { getDeck } from '../decks/decks.service';
import { findReviewLog } from './study.repository';

/** Personal FSRS parameters from the user's own review log (issue: scheduler tuning). */

export type TuningState =
  | { status: 'never' }
  | { status: 'insufficient'; reviews: number; needed: number }
  | { status: 'running'; startedAt: string; reviews: number }
  | {
      status: 'done';
      startedAt: string;
      finishedAt: string;
      reviews: number;
      before: TuningMetrics;
      after: TuningMetrics;
      /** True when the new parameters predicted better and are used from now on. */
      applied: boolean;
    }
  | { status: 'failed'; startedAt: string; finishedAt: string; message: string };

/** A run that has not finished after this long is considered dead (the process stopped). */
const RUN_TIMEOUT_MS = 10 * 60_000;

/** Optimises FSRS parameters for histories and scores old and new ones on the same log. */
export async function tuneFromHistories(
  histories: TuningReview[][],
  currentWeights: number[] | null,
): Promise<{ weights: number[]; before: TuningMetrics; after: TuningMetrics }> {
  const items = trainingItems(histories).map(
    (reviews) =>
      new FSRSBindingItem(
        reviews.map((review) => new FSRSBindingReview(review.rating, review.deltaT)),
      ),
  );
  // No `timeout` option: with it, binding 0.1.2 never settles (seen on Node 20).
  const weights = await computeParameters(items, { enableShortTerm: true });
  return {
    weights,
    before: evaluateParameters(histories, currentWeights),
    after: evaluateParameters(histories, weights),
  };
}

export async function getTuning(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
): Promise<TuningState> {
  await getDeck(db, userId, deckId);
  const row = await db
    .selectFrom('decks')
    .select('fsrs_tuning')
    .where('user_id', '=', userId)
    .where('id', '=', deckId)
    .executeTakeFirst();
  return row?.fsrs_tuning ? (JSON.parse(row.fsrs_tuning) as TuningState) : { status: 'never' };
}

async function saveTuning(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  state: TuningState,
  weights?: number[],
) {
  await db
    .updateTable('decks')
    .set({
      fsrs_tuning: JSON.stringify(state),
      ...(weights ? { fsrs_weights: JSON.stringify(weights) } : {}),
    })
    .where('user_id', '=', userId)
    .where('id', '=', deckId)
    .execute();
}

/**
 * Starts tuning in the background when the deck has enough reviews; answers at once with the
 * state ('insufficient', or 'running'). The new parameters are used only if they predict the
 * user's own log better than the current ones.
 */
export async function startTuning(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  timeZone: string,
): Promise<TuningState> {
  const current = await getTuning(db, userId, deckId);
  if (
    current.status === 'running' &&
    Date.now() - new Date(current.startedAt).getTime() < RUN_TIMEOUT_MS
  ) {
    return current;
  }
  const rows = await findReviewLog(db, userId, deckId);
  if (rows.length < MIN_REVIEWS_FOR_TUNING) {
    return { status: 'insufficient', reviews: rows.length, needed: MIN_REVIEWS_FOR_TUNING };
  }
  const startedAt = nowIso();
  const running: TuningState = { status: 'running', startedAt, reviews: rows.length };
  await saveTuning(db, userId, deckId, running);
  const deck = await getDeck(db, userId, deckId);
  setImmediate(() => {
    const histories = reviewHistories(
      rows.map((row) => ({
        cardId: row.card_id,
        reviewedAt: toIso(row.reviewed_at),
        response: row.user_response,
      })),
      timeZone,
    );
    tuneFromHistories(histories, deck.fsrs_weights)
      .then(({ weights, before, after }) => {
        const applied = after.logLoss <= before.logLoss;
        return saveTuning(
          db,
          userId,
          deckId,
          {
            status: 'done',
            startedAt,
            finishedAt: nowIso(),
            reviews: rows.length,
            before,
            after,
            applied,
          },
          applied ? weights : undefined,
        );
      })
      .catch((error: unknown) =>
        saveTuning(db, userId, deckId, {
          status: 'failed',
          startedAt,
          finishedAt: nowIso(),
          message: error instanceof Error ? error.message : 'Tuning failed',
        }).catch(() => undefined),
      );
  });
  return running;
}
