import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, FlashcardTable } from '../db/database';
import { tagsToColumn } from '../../core/tags';
import { likePattern } from '../decks/decks.repository';

/** LIKE wildcards and the escape character, escaped (pattern built by the caller). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export type FlashcardRow = Selectable<FlashcardTable>;

export interface FlashcardFilters {
  deck_id?: string;
  card_type?: 'qa' | 'cloze';
  is_edited?: boolean;
  source_job_id?: string;
  status?: 'suspended' | 'buried' | 'leech';
  /** Cards with this tag, or under it ('lang' finds 'lang' and 'lang::verbs'), any case. */
  tag?: string;
  /** The instant 'buried' is judged at. */
  now?: string;
}

function filtered(db: Kysely<Database>, userId: string, filters: FlashcardFilters) {
  let query = db.selectFrom('flashcards').where('user_id', '=', userId);
  if (filters.deck_id !== undefined) query = query.where('deck_id', '=', filters.deck_id);
  if (filters.card_type !== undefined) query = query.where('card_type', '=', filters.card_type);
  if (filters.is_edited !== undefined)
    query = query.where('is_edited', '=', filters.is_edited ? 1 : 0);
  if (filters.source_job_id !== undefined) {
    query = query.where('source_job_id', '=', filters.source_job_id);
  }
  if (filters.status === 'suspended') query = query.where('card_state', '=', 'suspended');
  if (filters.status === 'leech') query = query.where('is_leech', '=', 1);
  if (filters.status === 'buried') {
    query = query.where('buried_until', '>', filters.now ?? new Date().toISOString());
  }
  if (filters.tag !== undefined) {
    const tag = escapeLike(filters.tag.toLowerCase());
    const tags = sql`' ' || lower(tags) || ' '`;
    query = query.where((eb) =>
      eb.or([
        eb(tags, 'like', sql`${`% ${tag} %`} escape '\\'`),
        eb(tags, 'like', sql`${`% ${tag}::%`} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** One page of a user's cards, newest first, and the total matching the filters. */
export async function findFlashcards(
  db: Kysely<Database>,
  userId: string,
  filters: FlashcardFilters,
  page: { limit: number; offset: number; after?: { created_at: string; id: string } },
): Promise<{ rows: FlashcardRow[]; total: number }> {
  const { after } = page;
  let rowsQuery = filtered(db, userId, filters);
  if (after) {
    // Keyset paging along the (deck_id | user_id, created_at, id) indexes.
    rowsQuery = rowsQuery.where((eb) =>
      eb.or([
        eb('created_at', '<', after.created_at),
        eb.and([eb('created_at', '=', after.created_at), eb('id', '<', after.id)]),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    rowsQuery
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(after ? 0 : page.offset)
      .execute(),
    filtered(db, userId, filters)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findFlashcardById(
  db: Kysely<Database>,
  userId: string,
  cardId: string,
): Promise<FlashcardRow | undefined> {
  return db
    .selectFrom('flashcards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', cardId)
    .executeTakeFirst();
}

/** The user's cards among `ids` (fewer rows than ids means some are not theirs or unknown). */
export async function findFlashcardsByIds(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
): Promise<Array<Pick<FlashcardRow, 'id' | 'deck_id'>>> {
  return db
    .selectFrom('flashcards')
    .select(['id', 'deck_id'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

/** Cards whose front or back contains the text (case-insensitive), newest first. */
export async function searchFlashcardRows(
  db: Kysely<Database>,
  userId: string,
  text: string,
  deckId: string | undefined,
  limit: number,
): Promise<FlashcardRow[]> {
  const pattern = likePattern(text);
  let query = db
    .selectFrom('flashcards')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb(sql`lower(front_content)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(back_content, ''))`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(tags)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  if (deckId !== undefined) query = query.where('deck_id', '=', deckId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

// SQLite allows 32,766 bound parameters per statement; 19 columns per row stays far below it.
const INSERT_CHUNK = 500;

export async function insertFlashcards(
  db: Kysely<Database>,
  rows: Insertable<FlashcardTable>[],
): Promise<void> {
  for (let index = 0; index < rows.length; index += INSERT_CHUNK) {
    await db
      .insertInto('flashcards')
      .values(rows.slice(index, index + INSERT_CHUNK))
      .execute();
  }
}

export async function updateFlashcardRow(
  db: Kysely<Database>,
  userId: string,
  cardId: string,
  changes: Updateable<FlashcardTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('flashcards')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', cardId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the user's cards among `ids`; returns how many went from each deck. */
export async function deleteFlashcardRows(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
): Promise<Map<string, number>> {
  const owned = await findFlashcardsByIds(db, userId, ids);
  const perDeck = new Map<string, number>();
  if (owned.length === 0) return perDeck;
  const result = await db
    .deleteFrom('flashcards')
    .where('user_id', '=', userId)
    .where(
      'id',
      'in',
      owned.map((row) => row.id),
    )
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== owned.length) {
    throw new Error('cards changed while they were being deleted');
  }
  for (const row of owned) perDeck.set(row.deck_id, (perDeck.get(row.deck_id) ?? 0) + 1);
  return perDeck;
}

export async function moveFlashcardRows(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
  targetDeckId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('flashcards')
    .set({ deck_id: targetDeckId, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Copies a deck's cards into another deck as fresh cards (duplicate deck, SPEC §7); a cloze
 * note's siblings stay one note in the copy.
 */
export async function copyFlashcardRows(
  db: Kysely<Database>,
  userId: string,
  fromDeckId: string,
  toDeckId: string,
  newId: () => string,
  now: string,
): Promise<number> {
  const cards = await db
    .selectFrom('flashcards')
    .select(['card_type', 'front_content', 'back_content', 'note_id', 'cloze_number', 'tags'])
    .where('user_id', '=', userId)
    .where('deck_id', '=', fromDeckId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const notes = new Map<string, string>();
  await insertFlashcards(
    db,
    cards.map((card) => {
      const id = newId();
      if (card.note_id !== null && !notes.has(card.note_id)) notes.set(card.note_id, id);
      return {
        ...newCardRow(userId, toDeckId, { ...card, tags: [] }, id, now),
        note_id: card.note_id === null ? null : (notes.get(card.note_id) ?? id),
        cloze_number: card.cloze_number,
        tags: card.tags,
      };
    }),
  );
  return cards.length;
}

/** A new card's row with the scheduling defaults of SPEC §3. */
export function newCardRow(
  userId: string,
  deckId: string,
  card: Pick<FlashcardTable, 'card_type' | 'front_content' | 'back_content'> & {
    source_job_id?: string | null;
    tags?: readonly string[];
  },
  id: string,
  now: string,
): Insertable<FlashcardTable> {
  return {
    id,
    user_id: userId,
    deck_id: deckId,
    card_type: card.card_type,
    front_content: card.front_content,
    back_content: card.back_content,
    source_job_id: card.source_job_id ?? null,
    tags: tagsToColumn(card.tags ?? []),
    is_edited: 0,
    card_state: 'new',
    due_date: now,
    interval_days: 0,
    ease_factor: 2.5,
    review_count: 0,
    learning_step: 0,
    last_reviewed_at: null,
    average_response_time: null,
    created_at: now,
    updated_at: now,
  };
}
