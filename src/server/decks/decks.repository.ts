import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, DeckTable } from '../db/database';
import { type DueCutoffsIso, isDueSql } from '../db/due';
import { notBuried } from '../flashcards/availability';

export type DeckRow = Selectable<DeckTable> & { new_count: number; due_review_count: number };

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function selectDecks(db: Kysely<Database>, userId: string, due: DueCutoffsIso) {
  return db
    .selectFrom('decks')
    .selectAll('decks')
    .select((eb) => [
      eb
        .selectFrom('flashcards')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('flashcards.deck_id', '=', 'decks.id')
        .where('flashcards.card_state', '=', 'new')
        .where(notBuried(due.now))
        .as('new_count'),
      eb
        .selectFrom('flashcards')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('flashcards.deck_id', '=', 'decks.id')
        .where((eb) => isDueSql(eb, due))
        .where(notBuried(due.now))
        .as('due_review_count'),
    ])
    .where('decks.user_id', '=', userId);
}

/** The decks of one user, most recently updated first; optionally those matching a search. */
export async function findDecksByUser(
  db: Kysely<Database>,
  userId: string,
  due: DueCutoffsIso,
  search?: string,
): Promise<DeckRow[]> {
  let query = selectDecks(db, userId, due);
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(decks.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(decks.description, ''))`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return (await query
    .orderBy('decks.updated_at', 'desc')
    .orderBy('decks.id')
    .execute()) as DeckRow[];
}

export async function findDeckById(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  due: DueCutoffsIso,
): Promise<DeckRow | undefined> {
  return (await selectDecks(db, userId, due).where('decks.id', '=', deckId).executeTakeFirst()) as
    DeckRow | undefined;
}

/** The daily limits of the user's decks (or of one of them), for the forecast. */
export async function findDeckLimits(db: Kysely<Database>, userId: string, deckId?: string) {
  let query = db
    .selectFrom('decks')
    .select(['id', 'new_cards_per_day', 'max_reviews_per_day'])
    .where('user_id', '=', userId);
  if (deckId) query = query.where('id', '=', deckId);
  return query.execute();
}

/** The ids among `deckIds` that belong to the user. */
export async function findOwnedDeckIds(
  db: Kysely<Database>,
  userId: string,
  deckIds: string[],
): Promise<Set<string>> {
  if (deckIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('decks')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', deckIds)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function insertDeck(db: Kysely<Database>, row: Insertable<DeckTable>): Promise<void> {
  await db.insertInto('decks').values(row).execute();
}

export async function updateDeckRow(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  changes: Updateable<DeckTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('decks')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', deckId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Adds `delta` to a deck's card count, in the caller's transaction. */
export async function addToCardCount(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  delta: number,
  now: string,
): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('decks')
    .set({ card_count: sql`card_count + ${delta}`, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', deckId)
    .execute();
}

export async function deleteDeckRow(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('decks')
    .where('user_id', '=', userId)
    .where('id', '=', deckId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Counts of a deck's cards per state, and how many are due now. */
export async function countCardsByState(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  due: DueCutoffsIso,
) {
  const rows = await db
    .selectFrom('flashcards')
    .select((eb) => [
      'card_state',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(eb.case().when(isDueSql(eb, due)).then(1).else(0).end()).as('due'),
    ])
    .where('user_id', '=', userId)
    .where('deck_id', '=', deckId)
    .groupBy('card_state')
    .execute();
  return rows.map((row) => ({
    state: row.card_state,
    count: Number(row.n),
    due: Number(row.due ?? 0),
  }));
}
