import type { Kysely } from 'kysely';
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

/** The export's columns of these cards of the user (in no order: the caller orders them). */
export async function findExportRowsByIds(db: Kysely<Database>, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('flashcards')
    .innerJoin('decks', (join) =>
      join
        .onRef('decks.id', '=', 'flashcards.deck_id')
        .onRef('decks.user_id', '=', 'flashcards.user_id'),
    )
    .select([
      'flashcards.id',
      'decks.name as deck',
      'flashcards.front_content',
      'flashcards.back_content',
      'flashcards.card_type',
      'flashcards.tags',
      'flashcards.card_state',
      'flashcards.due_date',
    ])
    .where('flashcards.user_id', '=', userId)
    .where('flashcards.id', 'in', ids)
    .execute();
}

export async function findDeckName(db: Kysely<Database>, userId: string, deckId: string) {
  return db
    .selectFrom('decks')
    .select('name')
    .where('user_id', '=', userId)
    .where('id', '=', deckId)
    .executeTakeFirst();
}
