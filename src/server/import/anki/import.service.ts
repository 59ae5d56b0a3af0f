/**
 * The write step of an Anki import (issue 12): the plan of convert.ts (run in the import
 * thread) becomes rows in short transactions, page by page (issue 21); a job that fails takes
 * back what it wrote (import-undo.ts), so any refusal leaves nothing behind. Cards go to one chosen deck, or to decks named like the package's ('Parent::
 * Child'), found by name or created. A note imported before (same GUID) has its cards' content
 * and tags updated when they changed, their schedule and deck kept; new cards of it are added.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { AnkiImportSummary } from '../../../core/anki/import-schemas';
import { DECK_MESSAGES } from '../../../core/deck-schemas';
import type { Database, DeckTable, FlashcardTable } from '../../db/database';
import { addToCardCount, findOwnedDeckIds, insertDeck } from '../../decks/decks.repository';
import { DEFAULT_MAX_REVIEWS_PER_DAY, DEFAULT_NEW_CARDS_PER_DAY } from '../../../core/constants';
import { notFound } from '../../http/errors';
import { getPreferences } from '../../preferences/preferences.service';
import {
  breathe,
  type CardContentChange,
  findDecksByName,
  findImportedCards,
  insertCards,
  updateCardContent,
} from './import.repository';
import type { PagedPlan } from './plan-pages';
import type { AnkiDeckSettings } from './deck-settings';
import { type CardTargets, importReviews } from './reviews';

export interface ImportTarget {
  /** The deck receiving every card, or null to keep the package's decks. */
  deckId: string | null;
}

/** Refuses a target deck that is not the user's (404). */
export async function checkImportTarget(
  db: Kysely<Database>,
  userId: string,
  target: ImportTarget,
) {
  if (target.deckId === null) return;
  const owned = await findOwnedDeckIds(db, userId, [target.deckId]);
  if (!owned.has(target.deckId)) throw notFound(DECK_MESSAGES.notFoundOrDenied);
}

/** What an import has written so far, to take back if it fails (import-undo.ts). */
export interface WrittenRows {
  decks: string[];
  /** Inserted card ids, by deck. */
  cards: Map<string, string[]>;
  sessions: string[];
}

export const nothingWritten = (): WrittenRows => ({ decks: [], cards: new Map(), sessions: [] });

export interface WriteOptions {
  /** Checked between batches: the job's deadline, a lost lease. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  written?: WrittenRows;
}

/**
 * Writes the plan page by page (issue 21): each page of cards (plan-pages.ts) in a short
 * transaction of its own, the event loop let run between them, so other users' requests go on
 * while a large package is written, and only a page of rows is held at a time. What is written
 * is noted in `written`; a job that fails takes it back (import-undo.ts). `now` is the instant
 * the plan's schedules were computed at.
 */
export async function writeImportPlan(
  db: Kysely<Database>,
  userId: string,
  plan: PagedPlan,
  target: ImportTarget,
  now: string,
  options: WriteOptions = {},
): Promise<AnkiImportSummary> {
  const written = options.written ?? nothingWritten();
  const total = plan.cardCount + plan.revlogCount;
  let done = 0;
  const step = async (count: number) => {
    done += count;
    options.onProgress?.(done, total);
    await breathe();
    options.signal?.throwIfAborted();
  };
  await checkImportTarget(db, userId, target);
  const existing = await findImportedCards(db, userId, plan.guids);
  const byKey = new Map(existing.map((row) => [`${row.anki_guid}\u0000${row.anki_ord}`, row]));
  const knownGuids = new Set(existing.map((row) => row.anki_guid));
  const noteIds = new Map<string, string>();
  const noteDecks = new Map<string, string>();
  for (const row of existing) {
    if (row.note_id) noteIds.set(row.anki_guid!, row.note_id);
    if (row.note_id) noteDecks.set(row.anki_guid!, row.deck_id);
  }

  // Decks: the chosen one, or the package's by name (found, else created when a new card
  // goes there). A cloze note's cards stay together, in the deck of its first card.
  const created: string[] = [];
  const found = new Map<string, string>();
  const looked = new Set<string>();
  let scheduler: 'fsrs' | 'sm2' | null = null;
  // The package's description and options for the decks made here (issue 20, 7).
  const settings = new Map<string, AnkiDeckSettings>();
  for (const [name, value] of plan.deckSettings ?? [])
    if (!settings.has(name)) settings.set(name, value);
  const targets: CardTargets = new Map();
  const touchedNotes = new Set<string>();
  const newNotes = new Set<string>();
  let updated = 0;
  let inserted = 0;
  for await (const cards of plan.cardPages()) {
    if (target.deckId === null) {
      const names = [...new Set(cards.map((card) => card.deckName))].filter((n) => !looked.has(n));
      for (const [name, id] of await findDecksByName(db, userId, names)) found.set(name, id);
      for (const name of names) looked.add(name);
    }
    const newDecks: Insertable<DeckTable>[] = [];
    const deckFor = async (name: string): Promise<string> => {
      const id = target.deckId ?? found.get(name);
      if (id) return id;
      const newId = randomUUID();
      scheduler ??= (await getPreferences(db, userId)).default_scheduler;
      newDecks.push({
        id: newId,
        user_id: userId,
        name,
        description: null,
        scheduler,
        card_count: 0,
        new_cards_per_day: DEFAULT_NEW_CARDS_PER_DAY,
        max_reviews_per_day: DEFAULT_MAX_REVIEWS_PER_DAY,
        last_studied_at: null,
        created_at: now,
        updated_at: now,
        ...settings.get(name),
      });
      created.push(name);
      found.set(name, newId);
      return newId;
    };
    const rows: Insertable<FlashcardTable>[] = [];
    const changes: { id: string; content: CardContentChange }[] = [];
    const added = new Map<string, string[]>();
    for (const card of cards) {
      const { content, tags, deckName, guid } = card;
      const known = byKey.get(`${guid}\u0000${card.ord}`);
      if (known) {
        touchedNotes.add(guid);
        targets.set(card.ankiId, { id: known.id, deckId: known.deck_id });
        const unchanged =
          known.front_content === content.front_content &&
          known.back_content === content.back_content &&
          known.tags === tags;
        if (unchanged) continue;
        changes.push({
          id: known.id,
          content: {
            front_content: content.front_content,
            back_content: content.back_content,
            tags,
          },
        });
        updated++;
        continue;
      }
      const id = randomUUID();
      let deckId: string;
      let noteId: string | null = null;
      if (content.card_type === 'cloze') {
        noteId = noteIds.get(guid) ?? id;
        noteIds.set(guid, noteId);
        deckId = noteDecks.get(guid) ?? (await deckFor(deckName));
        noteDecks.set(guid, deckId);
      } else deckId = await deckFor(deckName);
      if (!knownGuids.has(guid)) newNotes.add(guid);
      else touchedNotes.add(guid);
      rows.push({
        id,
        user_id: userId,
        deck_id: deckId,
        card_type: content.card_type,
        front_content: content.front_content,
        back_content: content.back_content,
        source_job_id: null,
        is_edited: 0,
        average_response_time: null,
        created_at: new Date(Date.parse(now) + inserted++).toISOString(),
        updated_at: now,
        ...card.schedule,
        is_leech: card.leech ? 1 : 0,
        note_id: noteId,
        cloze_number: content.cloze_number,
        tags,
        anki_guid: guid,
        anki_ord: card.ord,
      });
      targets.set(card.ankiId, { id, deckId });
      const ids = added.get(deckId) ?? [];
      ids.push(id);
      added.set(deckId, ids);
    }
    await db.transaction().execute(async (trx) => {
      for (const deck of newDecks) await insertDeck(trx, deck);
      await insertCards(trx, rows);
      for (const change of changes) {
        await updateCardContent(trx, userId, change.id, change.content, now);
      }
      for (const [deckId, ids] of added) {
        await addToCardCount(trx, userId, deckId, ids.length, now);
      }
    });
    written.decks.push(...newDecks.map((deck) => deck.id as string));
    for (const [deckId, ids] of added) {
      const all = written.cards.get(deckId) ?? [];
      for (const id of ids) all.push(id);
      written.cards.set(deckId, all);
    }
    await step(cards.length);
  }
  const reviews = await importReviews(db, userId, plan.revlogPages(), targets, now, {
    written,
    step,
  });
  for (const guid of newNotes) touchedNotes.delete(guid);
  return {
    notes: newNotes.size,
    notes_updated: touchedNotes.size,
    cards: inserted,
    cards_updated: updated,
    decks_created: created,
    reviews,
    media: plan.media.length,
    skipped: plan.skipped,
    changed: plan.changed,
  };
}
