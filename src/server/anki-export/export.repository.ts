import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';

/**
 * What an .apkg export reads, a page at a time (issue 21 item 8): the user's decks (one, or
 * all), then the ids of their cards and answers in the package's order, then the rows of each
 * page of ids. Ids rather than a cursor on the time: PostgreSQL keeps microseconds that a
 * JavaScript date loses, and the ids are all a large export holds at once.
 */
export async function findExportDecks(db: Kysely<Database>, userId: string, deckId?: string) {
  let decks = db
    .selectFrom('decks')
    .select([
      'id',
      'name',
      'description',
      'new_cards_per_day',
      'max_reviews_per_day',
      'desired_retention',
      'maximum_interval_days',
      'leech_threshold',
      'leech_action',
      'bury_new_siblings',
      'bury_review_siblings',
    ])
    .where('user_id', '=', userId);
  if (deckId !== undefined) decks = decks.where('id', '=', deckId);
  return decks.orderBy('created_at').orderBy('id').execute();
}

/** The ids of the decks' cards, in the order their notes go into the package. */
export async function findExportCardIds(db: Kysely<Database>, userId: string, deckIds: string[]) {
  if (deckIds.length === 0) return [];
  const rows = await db
    .selectFrom('flashcards')
    .select('id')
    .where('user_id', '=', userId)
    .where('deck_id', 'in', deckIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The ids of the decks' answers (not undone), oldest first. */
export async function findExportReviewIds(db: Kysely<Database>, userId: string, deckIds: string[]) {
  if (deckIds.length === 0) return [];
  const rows = await db
    .selectFrom('card_reviews')
    .select('id')
    .where('user_id', '=', userId)
    .where('deck_id', 'in', deckIds)
    .where('undone_at', 'is', null)
    .orderBy('reviewed_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The owner's check for a page of rows found by id: `user_id || ''` keeps the planner on the
 * primary key (with 500 ids, SQLite would otherwise walk the user's index, every row of the
 * user for every page: a 64 s stall on 100,000 answers).
 */
const ownedBy = (userId: string) =>
  [sql<string>`${sql.ref('user_id')} || ''`, '=', userId] as const;

const inOrder = <T extends { id: string }>(ids: string[], rows: T[]): T[] => {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** A page of the user's cards, in the order of `ids` (a card deleted meanwhile is left out). */
export async function findExportCards(db: Kysely<Database>, userId: string, ids: string[]) {
  const rows = await db
    .selectFrom('flashcards')
    .select([
      'id',
      'deck_id',
      'card_type',
      'front_content',
      'back_content',
      'tags',
      'note_id',
      'cloze_number',
      'card_state',
      'suspended_from',
      'buried_until',
      'due_date',
      'interval_days',
      'ease_factor',
      'lapses',
      'reps',
      'review_count',
      'stability',
      'difficulty',
      'fsrs_state',
      'learning_step',
      'is_leech',
      'created_at',
      'updated_at',
    ])
    .where(...ownedBy(userId))
    .where('id', 'in', ids)
    .execute();
  return inOrder(ids, rows);
}

/** A page of the user's answers, in the order of `ids`. */
export async function findExportReviews(db: Kysely<Database>, userId: string, ids: string[]) {
  const rows = await db
    .selectFrom('card_reviews')
    .select([
      'id',
      'card_id',
      'user_response',
      'response_time_seconds',
      'previous_interval_days',
      'previous_card_state',
      'new_interval_days',
      'new_ease_factor',
      'new_due_date',
      'reviewed_at',
      'previous_card',
    ])
    .where(...ownedBy(userId))
    .where('id', 'in', ids)
    .execute();
  return inOrder(ids, rows);
}
