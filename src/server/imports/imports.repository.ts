import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/**
 * The user's cards to export, one row per note: a cloze note's siblings are one row (the
 * first card's, whose state and due date it shows), as the import makes them again.
 */
export async function findExportRows(db: Kysely<Database>, userId: string, deckId?: string) {
  let query = db
    .selectFrom('flashcards')
    .innerJoin('decks', (join) =>
      join
        .onRef('decks.id', '=', 'flashcards.deck_id')
        .onRef('decks.user_id', '=', 'flashcards.user_id'),
    )
    .select([
      'decks.name as deck',
      'flashcards.front_content',
      'flashcards.back_content',
      'flashcards.card_type',
      'flashcards.tags',
      'flashcards.card_state',
      'flashcards.due_date',
    ])
    .where('flashcards.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('flashcards.note_id', 'is', null),
        eb('flashcards.note_id', '=', eb.ref('flashcards.id')),
      ]),
    );
  if (deckId !== undefined) query = query.where('flashcards.deck_id', '=', deckId);
  return query
    .orderBy('decks.name')
    .orderBy('flashcards.created_at')
    .orderBy('flashcards.id')
    .execute();
}

/** The name of one of the user's decks, or undefined. */
export async function findDeckName(db: Kysely<Database>, userId: string, deckId: string) {
  return db
    .selectFrom('decks')
    .select('name')
    .where('user_id', '=', userId)
    .where('id', '=', deckId)
    .executeTakeFirst();
}
