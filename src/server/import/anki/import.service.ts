/**
 * The write step of an Anki import (issue 12): the plan of convert.ts (run in the import
 * thread) becomes rows in one transaction — any refusal leaves nothing behind. Cards go to one chosen deck, or to decks named like the package's ('Parent::
 * Child'), found by name or created. A note imported before (same GUID) has its cards' content
 * and tags updated when they changed, their schedule and deck kept; new cards of it are added.
 */
import type { AnkiDeckSettings } from './deck-settings';
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { AnkiImportSummary } from '../../../core/anki/import-schemas';
import { DECK_MESSAGES } from '../../../core/deck-schemas';
import type { Database, FlashcardTable } from '../../db/database';
import { addToCardCount, findOwnedDeckIds, insertDeck } from '../../decks/decks.repository';
import { DEFAULT_MAX_REVIEWS_PER_DAY, DEFAULT_NEW_CARDS_PER_DAY } from '../../../core/constants';
import { notFound } from '../../http/errors';
import { getPreferences } from '../../preferences/preferences.service';
import type { ImportPlan } from './convert';
import {
  breathe,
  findDecksByName,
  findImportedCards,
  insertCards,
  updateCardContent,
} from './import.repository';
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

/**
 * Writes the plan in `db`'s transaction (the job passes its own, so the job's completion is
 * part of it). `now` is the instant the plan's schedules were computed at.
 */
export async function writeImportPlan(
  trx: Kysely<Database>,
  userId: string,
  plan: ImportPlan,
  target: ImportTarget,
  now: string,
): Promise<AnkiImportSummary> {
  await checkImportTarget(trx, userId, target);
  const existing = await findImportedCards(trx, userId, plan.guids);
  const byKey = new Map(existing.map((row) => [`${row.anki_guid}\u0000${row.anki_ord}`, row]));
  const knownGuids = new Set(existing.map((row) => row.anki_guid));
  const noteIds = new Map<string, string>();
  for (const row of existing) if (row.note_id) noteIds.set(row.anki_guid!, row.note_id);

  // Decks: the chosen one, or the package's by name (found, else created when a new card
  // goes there). A cloze note's cards stay together, in the deck of its first card.
  const created: string[] = [];
  const names = [...new Set(plan.cards.map((card) => card.deckName))];
  const found =
    target.deckId === null ? await findDecksByName(trx, userId, names) : new Map<string, string>();
  let scheduler: 'fsrs' | 'sm2' | null = null;
  // The package's description and options for the decks made here (issue 20, 7).
  const settings = new Map<string, AnkiDeckSettings>();
  for (const [name, value] of plan.deckSettings ?? [])
    if (!settings.has(name)) settings.set(name, value);
  const deckFor = async (name: string): Promise<string> => {
    const id = target.deckId ?? found.get(name);
    if (id) return id;
    const newId = randomUUID();
    scheduler ??= (await getPreferences(trx, userId)).default_scheduler;
    await insertDeck(trx, {
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
  const noteDecks = new Map<string, string>();
  for (const row of existing) if (row.note_id) noteDecks.set(row.anki_guid!, row.deck_id);

  const rows: Insertable<FlashcardTable>[] = [];
  const targets: CardTargets = new Map();
  const added = new Map<string, number>();
  const touchedNotes = new Set<string>();
  const newNotes = new Set<string>();
  let updated = 0;
  for (const [index, card] of plan.cards.entries()) {
    if (index % 500 === 499) await breathe();
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
      await updateCardContent(
        trx,
        userId,
        known.id,
        { front_content: content.front_content, back_content: content.back_content, tags },
        now,
      );
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
    const schedule = card.schedule;
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
      created_at: new Date(Date.parse(now) + rows.length).toISOString(),
      updated_at: now,
      ...schedule,
      is_leech: card.leech ? 1 : 0,
      note_id: noteId,
      cloze_number: content.cloze_number,
      tags,
      anki_guid: guid,
      anki_ord: card.ord,
    });
    targets.set(card.ankiId, { id, deckId });
    added.set(deckId, (added.get(deckId) ?? 0) + 1);
  }
  await insertCards(trx, rows);
  for (const [deckId, count] of added) await addToCardCount(trx, userId, deckId, count, now);
  const reviews = await importReviews(trx, userId, plan.revlog, targets, now);
  for (const guid of newNotes) touchedNotes.delete(guid);
  return {
    notes: newNotes.size,
    notes_updated: touchedNotes.size,
    cards: rows.length,
    cards_updated: updated,
    decks_created: created,
    reviews,
    media: plan.media.length,
    skipped: plan.skipped.map(([reason, count]) => ({ reason, count })),
    changed: plan.changed.map(([reason, count]) => ({ reason, count })),
  };
}
