import { tagsFromColumn } from '../../core/tags';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  type bulkCreateFlashcardsSchema,
  CARD_MESSAGES,
  type createFlashcardSchema,
  type Flashcard,
  type FlashcardPage,
  type listFlashcardsSchema,
  type updateFlashcardSchema,
} from '../../core/flashcard-schemas';
import { CURSOR_MESSAGE, decodeCursor, encodeCursor } from '../../core/list-cursor';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/time';
import { addToCardCount, findOwnedDeckIds } from '../decks/decks.repository';
import { badRequest, notFound } from '../http/errors';
import {
  deleteFlashcardRows,
  type FlashcardRow,
  findFlashcardById,
  findFlashcards,
  findFlashcardsByIds,
  insertFlashcards,
  moveFlashcardRows,
  searchFlashcardRows,
} from './flashcards.repository';
import { noteCardRows, withSiblingIds } from './cloze-notes';
import { editNote } from './note-edit';
import { checkCardQuota, NO_QUOTAS, type Quotas } from '../quotas/quotas.service';

export function toFlashcard(row: FlashcardRow): Flashcard {
  return {
    id: row.id,
    deck_id: row.deck_id,
    card_type: row.card_type,
    front_content: row.front_content,
    back_content: row.back_content,
    source_job_id: row.source_job_id,
    source_quote: row.source_quote ?? null,
    is_edited: Boolean(Number(row.is_edited)),
    note_id: row.note_id ?? null,
    cloze_number: row.cloze_number === null ? null : Number(row.cloze_number),
    tags: tagsFromColumn(row.tags),
    card_state: row.card_state,
    due_date: toIso(row.due_date),
    interval_days: Number(row.interval_days),
    ease_factor: Number(row.ease_factor),
    review_count: Number(row.review_count),
    learning_step: Number(row.learning_step),
    last_reviewed_at: toIso(row.last_reviewed_at),
    average_response_time:
      row.average_response_time === null ? null : Number(row.average_response_time),
    buried_until: toIso(row.buried_until ?? null),
    is_leech: Boolean(Number(row.is_leech ?? 0)),
    suspended_from: row.suspended_from ?? null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** A deck id given as a filter must be one of the user's decks: 404 'Deck not found' otherwise. */
async function assertDeckOwned(db: Kysely<Database>, userId: string, deckId: string) {
  const owned = await findOwnedDeckIds(db, userId, [deckId]);
  if (!owned.has(deckId)) throw notFound(DECK_MESSAGES.notFound);
}

export async function listFlashcards(
  db: Kysely<Database>,
  userId: string,
  query: z.output<typeof listFlashcardsSchema>,
): Promise<FlashcardPage> {
  const { limit, offset, after: cursor, ...filters } = query;
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  if (after === null) throw badRequest(CURSOR_MESSAGE, 'BAD_CURSOR');
  if (filters.deck_id !== undefined) await assertDeckOwned(db, userId, filters.deck_id);
  const { rows, total } = await findFlashcards(
    db,
    userId,
    { ...filters, now: nowIso() },
    { limit, offset, ...(after ? { after } : {}) },
  );
  const last = rows.at(-1);
  const full = rows.length === limit;
  return {
    flashcards: rows.map(toFlashcard),
    total,
    limit,
    offset: after ? 0 : offset,
    next_offset: !after && offset + rows.length < total ? offset + rows.length : null,
    next_cursor:
      full && last ? encodeCursor({ created_at: toIso(last.created_at)!, id: last.id }) : null,
  };
}

export async function getFlashcard(db: Kysely<Database>, userId: string, cardId: string) {
  const row = await findFlashcardById(db, userId, cardId);
  if (!row) throw notFound(CARD_MESSAGES.notFound);
  return toFlashcard(row);
}

/** Creates one card; the deck's card count changes in the same transaction. */
export async function createFlashcard(
  db: Kysely<Database>,
  userId: string,
  input: z.output<typeof createFlashcardSchema>,
  quotas: Quotas = NO_QUOTAS,
): Promise<Flashcard> {
  const rows = noteCardRows(userId, input.deck_id, input, randomUUID, nowIso());
  await db.transaction().execute(async (trx) => {
    const owned = await findOwnedDeckIds(trx, userId, [input.deck_id]);
    if (!owned.has(input.deck_id)) throw notFound(CARD_MESSAGES.deckNotFound);
    await checkCardQuota(trx, userId, quotas, rows.length);
    await insertFlashcards(trx, rows);
    await addToCardCount(trx, userId, input.deck_id, rows.length, nowIso());
  });
  // A cloze note's first card (c1) answers for its siblings.
  return getFlashcard(db, userId, rows[0]?.id ?? '');
}

/**
 * Creates many cards, in decks that must all be the user's (SPEC §7, bulk create). A cloze card
 * with several numbers makes its siblings: every card made is returned.
 */
export async function bulkCreateFlashcards(
  db: Kysely<Database>,
  userId: string,
  input: z.output<typeof bulkCreateFlashcardsSchema>,
  quotas: Quotas = NO_QUOTAS,
): Promise<Flashcard[]> {
  const deckIds = [...new Set(input.cards.map((card) => card.deck_id))];
  const now = nowIso();
  const rows = input.cards.flatMap((card) =>
    noteCardRows(userId, card.deck_id, card, randomUUID, now),
  );
  await db.transaction().execute(async (trx) => {
    const owned = await findOwnedDeckIds(trx, userId, deckIds);
    if (owned.size !== deckIds.length) throw notFound(CARD_MESSAGES.decksNotFound);
    await checkCardQuota(trx, userId, quotas, rows.length);
    await insertFlashcards(trx, rows);
    const perDeck = new Map<string, number>();
    for (const row of rows) perDeck.set(row.deck_id, (perDeck.get(row.deck_id) ?? 0) + 1);
    for (const [deckId, count] of perDeck) await addToCardCount(trx, userId, deckId, count, now);
  });
  const ids = rows.map((row) => row.id);
  const created = await findFlashcardsByIds(db, userId, ids);
  return Promise.all(created.map((row) => getFlashcard(db, userId, row.id)));
}

/**
 * Edits a card and with it its note's siblings; editing marks them as edited (SPEC §4). See
 * `editNote` for cloze numbers added and removed.
 */
export async function updateFlashcard(
  db: Kysely<Database>,
  userId: string,
  cardId: string,
  input: z.output<typeof updateFlashcardSchema>,
  quotas: Quotas = NO_QUOTAS,
): Promise<Flashcard> {
  return getFlashcard(db, userId, await editNote(db, userId, cardId, input, randomUUID, quotas));
}

/**
 * Deletes cards, all or nothing: an id that is not the user's card answers 404. As in Anki's
 * browser, deleting a cloze card deletes its note: every sibling goes with it.
 */
export async function deleteFlashcards(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  let deleted = 0;
  await db.transaction().execute(async (trx) => {
    const owned = await findFlashcardsByIds(trx, userId, unique);
    if (owned.length !== unique.length) throw notFound(CARD_MESSAGES.notFound);
    const perDeck = await deleteFlashcardRows(
      trx,
      userId,
      await withSiblingIds(trx, userId, unique),
    );
    const now = nowIso();
    for (const [deckId, count] of perDeck) {
      await addToCardCount(trx, userId, deckId, -count, now);
      deleted += count;
    }
  });
  return { deleted };
}

export async function searchFlashcards(
  db: Kysely<Database>,
  userId: string,
  text: string,
  deckId: string | undefined,
  limit: number,
): Promise<Flashcard[]> {
  if (deckId !== undefined) await assertDeckOwned(db, userId, deckId);
  return (await searchFlashcardRows(db, userId, text, deckId, limit)).map(toFlashcard);
}

/**
 * Moves cards (with their cloze siblings) to another of the user's decks; both decks' counts
 * change in one transaction.
 */
export async function moveFlashcards(
  db: Kysely<Database>,
  userId: string,
  ids: string[],
  targetDeckId: string,
): Promise<{ moved: number }> {
  const unique = [...new Set(ids)];
  let moved = 0;
  await db.transaction().execute(async (trx) => {
    const target = await findOwnedDeckIds(trx, userId, [targetDeckId]);
    if (!target.has(targetDeckId)) throw notFound(CARD_MESSAGES.targetDeckNotFound);
    const given = await findFlashcardsByIds(trx, userId, unique);
    if (given.length !== unique.length) throw notFound(CARD_MESSAGES.notFound);
    const owned = await findFlashcardsByIds(trx, userId, await withSiblingIds(trx, userId, unique));
    const leaving = owned.filter((row) => row.deck_id !== targetDeckId);
    if (leaving.length === 0) return;
    const now = nowIso();
    await moveFlashcardRows(
      trx,
      userId,
      leaving.map((row) => row.id),
      targetDeckId,
      now,
    );
    const perDeck = new Map<string, number>();
    for (const row of leaving) perDeck.set(row.deck_id, (perDeck.get(row.deck_id) ?? 0) + 1);
    for (const [deckId, count] of perDeck) await addToCardCount(trx, userId, deckId, -count, now);
    await addToCardCount(trx, userId, targetDeckId, leaving.length, now);
    moved = leaving.length;
  });
  return { moved };
}
