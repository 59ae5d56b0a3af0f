/**
 * An Anki revlog as Mnemo's review history (issue 12): every answer becomes a `card_reviews`
 * row in one completed, auto-completed session per deck (the 'import' session), so statistics,
 * streaks and FSRS tuning see the past. Each row's client review id is `anki-<revlog id>-<card
 * id>`: importing the package again adds only the answers not seen before.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { ankiReviewToMnemo } from '../../../core/anki/scheduling';
import type { CardReviewTable, Database } from '../../db/database';
import type { AnkiReview } from './collection';
import { findExistingReviewIds, insertReviews } from './import.repository';

/** Mnemo card (id, deck) of each imported Anki card id. */
export type CardTargets = Map<number, { id: string; deckId: string }>;

export async function importReviews(
  trx: Kysely<Database>,
  userId: string,
  revlog: AnkiReview[],
  targets: CardTargets,
  now: string,
): Promise<number> {
  const candidates = revlog.filter((entry) => targets.has(entry.cid));
  const clientId = (entry: AnkiReview) => `anki-${entry.id}-${entry.cid}`;
  const existing = await findExistingReviewIds(trx, userId, candidates.map(clientId));
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
  let count = 0;
  for (const [deckId, rows] of byDeck) {
    const sessionId = randomUUID();
    const counts = { again: 0, hard: 0, good: 0, easy: 0 };
    for (const row of rows) counts[row.user_response]++;
    const started = rows[0]!.reviewed_at as string;
    const ended = rows[rows.length - 1]!.reviewed_at as string;
    await trx
      .insertInto('learning_sessions')
      .values({
        id: sessionId,
        user_id: userId,
        deck_id: deckId,
        session_type: 'mixed',
        time_zone: 'UTC',
        started_at: started,
        last_activity_at: ended,
        completed_at: ended < now ? ended : now,
        duration_seconds: Math.round(
          rows.reduce((sum, row) => sum + Number(row.response_time_seconds ?? 0), 0),
        ),
        is_completed: 1,
        auto_completed: 1,
        cards_studied: rows.length,
        again_count: counts.again,
        hard_count: counts.hard,
        good_count: counts.good,
        easy_count: counts.easy,
      })
      .execute();
    await insertReviews(
      trx,
      rows.map((row) => ({ ...row, session_id: sessionId })),
    );
    count += rows.length;
  }
  return count;
}
