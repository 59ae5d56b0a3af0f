import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';

/**
 * The ids of the cards a CSV export writes (one per note: a cloze note's first card), in the
 * file's order: by deck name, then as created. Only the keys, so a large export holds little;
 * the rows are read a page at a time (`findExportRowsByIds`).
 */
export async function findExportIds(
  db: Kysely<Database>,
  userId: string,
  deckId?: string,
): Promise<string[]> {
  let query = db
    .selectFrom('flashcards')
    .innerJoin('decks', (join) =>
      join
        .onRef('decks.id', '=', 'flashcards.deck_id')
        .onRef('decks.user_id', '=', 'flashcards.user_id'),
    )
    .select('flashcards.id')
    .where('flashcards.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('flashcards.note_id', 'is', null),
        eb('flashcards.note_id', '=', eb.ref('flashcards.id')),
      ]),
    );
  if (deckId !== undefined) query = query.where('flashcards.deck_id', '=', deckId);
  const rows = await query
    .orderBy('decks.name')
    .orderBy('flashcards.created_at')
    .orderBy('flashcards.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The export's columns of these cards of the user (in no order: the caller orders them). The
 * page is found by primary key: the owner's check is written `user_id || ''` and the deck's
 * name is read per card by the deck's key, since with `user_id = ?`, or a join on decks,
 * SQLite walked the user's (or the deck's) index, every card for each page
 * (`export-plans.api.test.ts`).
 */
export async function findExportRowsByIds(db: Kysely<Database>, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('flashcards')
    .select((eb) => [
      'flashcards.id',
      eb
        .selectFrom('decks')
        .select('decks.name')
        .whereRef('decks.id', '=', 'flashcards.deck_id')
        .where('decks.user_id', '=', userId)
        .as('deck'),
      'flashcards.front_content',
      'flashcards.back_content',
      'flashcards.card_type',
      'flashcards.tags',
      'flashcards.card_state',
      'flashcards.due_date',
    ])
    .where(sql<string>`${sql.ref('flashcards.user_id')} || ''`, '=', userId)
    .where('flashcards.id', 'in', ids)
    .execute();
  // Every card has its deck (a foreign key of the same user); the check keeps the type exact.
  return rows.flatMap((row) => (row.deck === null ? [] : [{ ...row, deck: row.deck }]));
}

export async function findDeckName(db: Kysely<Database>, userId: string, deckId: string) {
  return db
    .selectFrom('decks')
    .select('name')
    .where('user_id', '=', userId)
    .where('id', '=', deckId)
    .executeTakeFirst();
}
