/**
 * The database side of an Anki import (issue 12): plain Kysely functions taking the user id,
 * run inside the import's short transactions (issue 21).
 */
import type { Insertable, Kysely } from 'kysely';
import type { CardReviewTable, Database, FlashcardTable } from '../../db/database';

/** Rows per insert: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 200;

/**
 * Lets the event loop run between batches. better-sqlite3 answers synchronously, so a
 * transaction of awaited queries would otherwise run as one long chain of microtasks, and the
 * server would answer nothing else (not even /healthz) until it ends.
 */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ImportedCardRow {
  id: string;
  deck_id: string;
  note_id: string | null;
  front_content: string;
  back_content: string | null;
  tags: string;
  anki_guid: string | null;
  anki_ord: number | null;
}

/** The user's cards already imported from these notes (by GUID). */
export async function findImportedCards(
  db: Kysely<Database>,
  userId: string,
  guids: string[],
): Promise<ImportedCardRow[]> {
  const rows: ImportedCardRow[] = [];
  for (let index = 0; index < guids.length; index += 500) {
    rows.push(
      ...(await db
        .selectFrom('flashcards')
        .select([
          'id',
          'deck_id',
          'note_id',
          'front_content',
          'back_content',
          'tags',
          'anki_guid',
          'anki_ord',
        ])
        .where('user_id', '=', userId)
        .where('anki_guid', 'in', guids.slice(index, index + 500))
        .execute()),
    );
    await breathe();
  }
  return rows;
}

/** The user's decks named exactly so, by name (the oldest when names repeat). */
export async function findDecksByName(
  db: Kysely<Database>,
  userId: string,
  names: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let index = 0; index < names.length; index += 500) {
    const rows = await db
      .selectFrom('decks')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('name', 'in', names.slice(index, index + 500))
      .orderBy('created_at', 'desc')
      .execute();
    for (const row of rows) found.set(row.name, row.id);
    await breathe();
  }
  return found;
}

export async function insertCards(
  db: Kysely<Database>,
  rows: Insertable<FlashcardTable>[],
): Promise<void> {
  for (let index = 0; index < rows.length; index += BATCH) {
    await db
      .insertInto('flashcards')
      .values(rows.slice(index, index + BATCH))
      .execute();
  }
}

export type CardContentChange = Pick<FlashcardTable, 'front_content' | 'back_content'> & {
  tags: string;
};

/** A re-imported note's new content (schedule and deck stay the user's). */
export async function updateCardContent(
  db: Kysely<Database>,
  userId: string,
  cardId: string,
  content: CardContentChange,
  now: string,
): Promise<void> {
  await db
    .updateTable('flashcards')
    .set({ ...content, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', cardId)
    .execute();
}

/** The client review ids among `ids` the user already has (revlog entries imported before). */
export async function findExistingReviewIds(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let index = 0; index < ids.length; index += 500) {
    const rows = await db
      .selectFrom('card_reviews')
      .select('client_review_id')
      .where('user_id', '=', userId)
      .where('client_review_id', 'in', ids.slice(index, index + 500))
      .execute();
    for (const row of rows) found.add(row.client_review_id);
    await breathe();
  }
  return found;
}

export async function insertReviews(
  db: Kysely<Database>,
  rows: Insertable<CardReviewTable>[],
): Promise<void> {
  for (let index = 0; index < rows.length; index += BATCH) {
    await db
      .insertInto('card_reviews')
      .values(rows.slice(index, index + BATCH))
      .execute();
  }
}
