import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { CardRow } from './study.repository';

/** Up to `limit` new cards of a deck, oldest first, buried or not (they may come back). */
export async function findUpcomingNewCards(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  limit: number,
): Promise<CardRow[]> {
  if (limit <= 0) return [];
  return db
    .selectFrom('flashcards')
    .selectAll()
    .where('deck_id', '=', deckId)
    .where('user_id', '=', userId)
    .where('card_state', '=', 'new')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Up to `limit` learning and review cards due before `before`, earliest first. */
export async function findUpcomingDueCards(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  before: string,
  limit: number,
): Promise<CardRow[]> {
  if (limit <= 0) return [];
  return db
    .selectFrom('flashcards')
    .selectAll()
    .where('deck_id', '=', deckId)
    .where('user_id', '=', userId)
    .where('card_state', 'in', ['learning', 'review'])
    .where('due_date', '<', before)
    .orderBy('due_date')
    .orderBy('id')
    .limit(limit)
    .execute();
}
