/**
 * An Anki revlog as Mnemo's review history (issue 12): every answer becomes a `card_reviews`
 * row in one completed, auto-completed session per deck (the 'import' session), so statistics,
 * streaks and FSRS tuning see the past. Each row's client review id is `anki-<revlog id>-<card
 * id>`: importing the package again adds only the answers not seen before. The revlog comes in
 * pages (issue 21), written in short transactions: a deck's session is made with its first
 * answers and its counts grow with each batch, so they always match the rows written.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import { ankiReviewToMnemo } from '../../../core/anki/scheduling';
import type { CardReviewTable, Database } from '../../db/database';
import type { AnkiReview } from './collection';
import { findExistingReviewIds, insertReviews } from './import.repository';
import type { WrittenRows } from './import.service';

/** Mnemo card (id, deck) of each imported Anki card id. */
export type CardTargets = Map<number, { id: string; deckId: string }>;

/** Review rows per transaction. */
const REVIEW_BATCH = 1000;

export async function importReviews(
  db: Kysely<Database>,
  userId: string,
  pages: AsyncIterable<AnkiReview[]>,
  targets: CardTargets,
  now: string,
  options: { written: WrittenRows; step: (count: number) => Promise<void> },
): Promise<number> {
  const clientId = (entry: AnkiReview) => `anki-${entry.id}-${entry.cid}`;
  const sessions = new Map<string, string>();
  let count = 0;
  for await (const page of pages) {
    for (let index = 0; index < page.length; index += REVIEW_BATCH) {
      const slice = page.slice(index, index + REVIEW_BATCH);
      const candidates = slice.filter((entry) => targets.has(entry.cid));
      const existing = await findExistingReviewIds(db, userId, candidates.map(clientId));
      const byDeck = new Map<string, Insertable<CardReviewTable>[]>();
      for (const entry of candidates) {
        if (existing.has(clientId(entry))) continue;
        const review = ankiReviewToMnemo(entry);
        if (!review) continue;
        const target = targets.get(entry.cid)!;
        const rows = byDeck.get(target.deckId) ?? [];
        rows.push({
          id: randomUUID(),
          client_review_id: clientId(entry),
          user_id: userId,
          card_id: target.id,
          deck_id: target.deckId,
          session_id: '',
          ...review,
          previous_card: JSON.stringify({
            card_state: review.previous_card_state,
            interval_days: review.previous_interval_days,
            ease_factor: review.previous_ease_factor,
            imported: true,
            // Anki's review kind (0 learning, 1 review, 2 relearning): an export writes it back.
            anki_type: entry.type,
          }),
          undone_at: null,
        });
        byDeck.set(target.deckId, rows);
      }
      const made: string[] = [];
      await db.transaction().execute(async (trx) => {
        for (const [deckId, rows] of byDeck) {
          const counts = { again: 0, hard: 0, good: 0, easy: 0 };
          for (const row of rows) counts[row.user_response]++;
          const ended = rows[rows.length - 1]!.reviewed_at as string;
          const seconds = Math.round(
            rows.reduce((sum, row) => sum + Number(row.response_time_seconds ?? 0), 0),
          );
          let sessionId = sessions.get(deckId);
          if (!sessionId) {
            sessionId = randomUUID();
            made.push(sessionId);
            sessions.set(deckId, sessionId);
            await trx
              .insertInto('learning_sessions')
              .values({
                id: sessionId,
                user_id: userId,
                deck_id: deckId,
                session_type: 'mixed',
                time_zone: 'UTC',
                started_at: rows[0]!.reviewed_at as string,
                last_activity_at: ended,
                completed_at: ended < now ? ended : now,
                duration_seconds: seconds,
                is_completed: 1,
                auto_completed: 1,
                cards_studied: rows.length,
                again_count: counts.again,
                hard_count: counts.hard,
                good_count: counts.good,
                easy_count: counts.easy,
              })
              .execute();
          } else {
            await trx
              .updateTable('learning_sessions')
              .set({
                last_activity_at: ended,
                completed_at: ended < now ? ended : now,
                duration_seconds: sql`duration_seconds + ${seconds}`,
                cards_studied: sql`cards_studied + ${rows.length}`,
                again_count: sql`again_count + ${counts.again}`,
                hard_count: sql`hard_count + ${counts.hard}`,
                good_count: sql`good_count + ${counts.good}`,
                easy_count: sql`easy_count + ${counts.easy}`,
              })
              .where('user_id', '=', userId)
              .where('id', '=', sessionId)
              .execute();
          }
          const session = sessionId;
          await insertReviews(
            trx,
            rows.map((row) => ({ ...row, session_id: session })),
          );
          count += rows.length;
        }
      });
      options.written.sessions.push(...made);
      await options.step(slice.length);
    }
  }
  return count;
}
