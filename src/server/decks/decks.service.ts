import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { now as clockNow } from '../clock';
import { DEFAULT_MAX_REVIEWS_PER_DAY, DEFAULT_NEW_CARDS_PER_DAY } from '../../core/constants';
import {
  type createDeckSchema,
  type Deck,
  DECK_MESSAGES,
  type DeckStats,
  type updateDeckSchema,
} from '../../core/deck-schemas';
import { sessionCounts, type StudiedToday } from '../../core/scheduling';
import type { Database } from '../db/database';
import { dueCutoffsIso } from '../db/due';
import { getPreferences } from '../preferences/preferences.service';
import { nowIso, toIso } from '../db/time';
import { notFound } from '../http/errors';
import { studyOptionsOf, studyOptionsRow } from './study-options';
import { copyFlashcardRows } from '../flashcards/flashcards.repository';
import { NOTHING_STUDIED, studiedTodayByDeck } from '../study/today';
import {
  addToCardCount,
  countCardsByState,
  type DeckRow,
  deleteDeckRow,
  findDeckById,
  findDecksByUser,
  insertDeck,
  updateDeckRow,
} from './decks.repository';
import { checkCardQuota, NO_QUOTAS, type Quotas } from '../quotas/quotas.service';

/**
 * A deck with its due counts: what a session started now would hold under the deck's daily
 * limits after today's studies (`sessionCounts`, the same as the preview and the queue).
 */
function toDeck(row: DeckRow, studied: StudiedToday = NOTHING_STUDIED): Deck {
  const counts = sessionCounts(
    { newCards: Number(row.new_count ?? 0), dueCards: Number(row.due_review_count ?? 0) },
    {
      newCardsPerDay: Number(row.new_cards_per_day),
      maxReviewsPerDay: Number(row.max_reviews_per_day),
    },
    studied,
  );
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    card_count: Number(row.card_count),
    new_count: counts.newCards,
    due_count: counts.newCards + counts.dueCards,
    new_cards_per_day: Number(row.new_cards_per_day),
    max_reviews_per_day: Number(row.max_reviews_per_day),
    scheduler: row.scheduler,
    desired_retention: Number(row.desired_retention),
    maximum_interval_days: Number(row.maximum_interval_days),
    fsrs_weights: row.fsrs_weights ? (JSON.parse(row.fsrs_weights) as number[]) : null,
    ...studyOptionsOf(row),
    last_studied_at: toIso(row.last_studied_at),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** The user's decks; due counts are for the user's study day in `timeZone`. */
export async function listDecks(
  db: Kysely<Database>,
  userId: string,
  search?: string,
  timeZone = 'UTC',
): Promise<Deck[]> {
  const now = clockNow();
  const [rows, studied] = await Promise.all([
    findDecksByUser(db, userId, dueCutoffsIso(now, timeZone), search || undefined),
    studiedTodayByDeck(db, userId, timeZone, now),
  ]);
  return rows.map((row) => toDeck(row, studied.get(row.id)));
}

export async function getDeck(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  timeZone = 'UTC',
  now = clockNow(),
): Promise<Deck> {
  const [row, studied] = await Promise.all([
    findDeckById(db, userId, deckId, dueCutoffsIso(now, timeZone)),
    studiedTodayByDeck(db, userId, timeZone, now, deckId),
  ]);
  if (!row) throw notFound(DECK_MESSAGES.notFound);
  return toDeck(row, studied.get(deckId));
}

export async function createDeck(
  db: Kysely<Database>,
  userId: string,
  input: z.output<typeof createDeckSchema>,
): Promise<Deck> {
  const now = nowIso();
  const id = randomUUID();
  const preferences = await getPreferences(db, userId);
  await insertDeck(db, {
    id,
    user_id: userId,
    name: input.name,
    description: input.description,
    scheduler: preferences.default_scheduler,
    card_count: 0,
    new_cards_per_day: DEFAULT_NEW_CARDS_PER_DAY,
    max_reviews_per_day: DEFAULT_MAX_REVIEWS_PER_DAY,
    last_studied_at: null,
    created_at: now,
    updated_at: now,
  });
  return getDeck(db, userId, id);
}

export async function updateDeck(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  input: z.output<typeof updateDeckSchema>,
): Promise<Deck> {
  const changes = Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== undefined)
      // The bury options are stored as 0 or 1.
      .map(([key, value]) => [key, typeof value === 'boolean' ? Number(value) : value]),
  );
  const updated = await updateDeckRow(db, userId, deckId, { ...changes, updated_at: nowIso() });
  if (!updated) throw notFound(DECK_MESSAGES.notFound);
  return getDeck(db, userId, deckId);
}

/** Deletes a deck; its cards (and later its sessions and reviews) go with it by cascade. */
export async function deleteDeck(db: Kysely<Database>, userId: string, deckId: string) {
  if (!(await deleteDeckRow(db, userId, deckId))) throw notFound(DECK_MESSAGES.notFound);
}

/**
 * Duplicates a deck (SPEC §7): '{name} Copy', same description, every card copied as a fresh
 * card (no source job, not edited). One transaction: if anything fails, no new deck remains.
 */
export async function duplicateDeck(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  name?: string,
  quotas: Quotas = NO_QUOTAS,
): Promise<Deck> {
  const source = await getDeck(db, userId, deckId);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await checkCardQuota(trx, userId, quotas, source.card_count);
    const now = nowIso();
    await insertDeck(trx, {
      id,
      user_id: userId,
      name: name ?? `${source.name} Copy`.slice(0, 200),
      description: source.description,
      card_count: 0,
      new_cards_per_day: source.new_cards_per_day,
      max_reviews_per_day: source.max_reviews_per_day,
      scheduler: source.scheduler,
      desired_retention: source.desired_retention,
      maximum_interval_days: source.maximum_interval_days,
      fsrs_weights: source.fsrs_weights ? JSON.stringify(source.fsrs_weights) : null,
      fsrs_tuning: null,
      ...studyOptionsRow(source),
      last_studied_at: null,
      created_at: now,
      updated_at: now,
    });
    const copied = await copyFlashcardRows(trx, userId, deckId, id, randomUUID, now);
    await addToCardCount(trx, userId, id, copied, now);
  });
  return getDeck(db, userId, id);
}

/** Cards per state, and `due`: what a session now would hold (as the deck's `due_count`). */
export async function deckStats(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  timeZone = 'UTC',
): Promise<DeckStats> {
  const now = clockNow();
  const deck = await getDeck(db, userId, deckId, timeZone, now);
  const stats: DeckStats = {
    total: 0,
    new: 0,
    learning: 0,
    review: 0,
    suspended: 0,
    due: deck.due_count,
  };
  for (const { state, count } of await countCardsByState(
    db,
    userId,
    deckId,
    dueCutoffsIso(now, timeZone),
  )) {
    stats[state] = count;
    stats.total += count;
  }
  return stats;
}
