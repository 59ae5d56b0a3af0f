import type { Kysely, Updateable } from 'kysely';
import type { Database, FlashcardTable } from '../db/database';

/** Suspend/bury queries; every one is scoped by the user's id. */

export async function findStatusRows(db: Kysely<Database>, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('flashcards')
    .select(['id', 'card_state', 'suspended_from', 'review_count'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

export async function setCardStatus(
  db: Kysely<Database>,
  userId: string,
  cardId: string,
  changes: Updateable<FlashcardTable>,
) {
  const result = await db
    .updateTable('flashcards')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', cardId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The other cards of a note (same non-null note_id), for burying siblings. */
export async function findSiblings(
  db: Kysely<Database>,
  userId: string,
  noteId: string,
  cardId: string,
) {
  return db
    .selectFrom('flashcards')
    .select(['id', 'card_state', 'interval_days', 'scheduled_days', 'buried_until'])
    .where('user_id', '=', userId)
    .where('note_id', '=', noteId)
    .where('id', '!=', cardId)
    .execute();
}

export async function setBuriedUntil(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
  until: string | null,
) {
  if (ids.length === 0) return;
  await db
    .updateTable('flashcards')
    .set({ buried_until: until })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}
