import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/** The user's cards: the sum of their decks' exact `card_count`s (no scan of the cards). */
export async function countUserCards(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('decks')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('card_count'), eb.lit(0)).as('cards'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.cards ?? 0);
}

/**
 * One page of the user's cards that refer to stored media, in (created_at, id) order after
 * `after` (the user's index on cards); only their text.
 */
export async function findCardsWithMedia(
  db: Kysely<Database>,
  userId: string,
  after: { created_at: string; id: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom('flashcards')
    .select(['id', 'created_at', 'front_content', 'back_content'])
    .where('user_id', '=', userId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.created_at),
        eb.and([eb('created_at', '=', after.created_at), eb('id', '>', after.id)]),
      ]),
    );
  }
  return query
    .where((eb) =>
      eb.or([
        eb('front_content', 'like', '%mnemo-media:%'),
        eb('back_content', 'like', '%mnemo-media:%'),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Whether an Anki import of the user is running (it stores media before its cards). */
export async function hasActiveImport(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('import_jobs')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'processing')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
