/**
 * Importing an Anki package (issue 12): read the zip and its collection, turn each Anki card
 * into a Mnemo card (`core/anki`), and write everything in one transaction — any refusal leaves
 * nothing behind. Cards go to one chosen deck, or to decks named like the package's ('Parent::
 * Child'), found by name or created. A note imported before (same GUID) has its cards' content
 * and tags updated when they changed, their schedule and deck kept; new cards of it are added.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { ankiCardToMnemo } from '../../../core/anki/cards';
import type { AnkiImportSummary } from '../../../core/anki/import-schemas';
import { ankiScheduleToMnemo } from '../../../core/anki/scheduling';
import { DECK_MESSAGES, DECK_NAME_MAX } from '../../../core/deck-schemas';
import { normalizeTags, TAG_MAX_LENGTH, TAGS_MAX } from '../../../core/tags';
import type { Database, FlashcardTable } from '../../db/database';
import type { FileStorage } from '../../storage/storage';
import { nowIso } from '../../db/time';
import { addToCardCount, findOwnedDeckIds, insertDeck } from '../../decks/decks.repository';
import { DEFAULT_MAX_REVIEWS_PER_DAY, DEFAULT_NEW_CARDS_PER_DAY } from '../../../core/constants';
import { notFound } from '../../http/errors';
import { getPreferences } from '../../preferences/preferences.service';
import { type AnkiCollection, readCollection } from './collection';
import {
  findDecksByName,
  findImportedCards,
  insertCards,
  updateCardContent,
} from './import.repository';
import { importPackageMedia } from './media';
import { readAnkiPackage } from './package';
import { type CardTargets, importReviews } from './reviews';

export interface ImportTarget {
  /** The deck receiving every card, or null to keep the package's decks. */
  deckId: string | null;
}

/** Anki's tags ('a b' with spaces around) as Mnemo's column, within Mnemo's tag limits. */
function tagsColumn(tags: string): string {
  return normalizeTags(tags)
    .filter((tag) => tag.length <= TAG_MAX_LENGTH)
    .slice(0, TAGS_MAX)
    .join(' ');
}

const deckNameOf = (collection: AnkiCollection, did: string) =>
  (collection.decks.get(did) ?? 'Default').slice(0, DECK_NAME_MAX).trim() || 'Default';

export async function importAnkiPackage(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
  bytes: Uint8Array,
  target: ImportTarget,
): Promise<AnkiImportSummary> {
  const pkg = await readAnkiPackage(bytes);
  const collection = await readCollection(pkg.collection, pkg.version);
  if (target.deckId !== null) {
    const owned = await findOwnedDeckIds(db, userId, [target.deckId]);
    if (!owned.has(target.deckId)) throw notFound(DECK_MESSAGES.notFoundOrDenied);
  }
  const now = nowIso();
  const lastReview = new Map<number, number>();
  for (const entry of collection.revlog) lastReview.set(entry.cid, entry.id);
  // --- Media (media.ts): stored before the transaction, fields rewritten to mnemo-media:.
  const media = await importPackageMedia(storage, userId, bytes, pkg, collection.notes);
  const notes = new Map(media.notes.map((note) => [note.id, note]));
  const skipped = new Map<string, number>(media.skipped);
  // --- end of media.
  const skip = (reason: string) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);

  return db.transaction().execute(async (trx) => {
    const existing = await findImportedCards(
      trx,
      userId,
      collection.notes.map((note) => note.guid),
    );
    const byKey = new Map(existing.map((row) => [`${row.anki_guid}\u0000${row.anki_ord}`, row]));
    const knownGuids = new Set(existing.map((row) => row.anki_guid));
    const noteIds = new Map<string, string>();
    for (const row of existing) if (row.note_id) noteIds.set(row.anki_guid!, row.note_id);

    // Decks: the chosen one, or the package's by name (found, else created when a new card
    // goes there). A cloze note's cards stay together, in the deck of its first card.
    const created: string[] = [];
    const names = [...new Set(collection.cards.map((card) => deckNameOf(collection, card.did)))];
    const found =
      target.deckId === null
        ? await findDecksByName(trx, userId, names)
        : new Map<string, string>();
    let scheduler: 'fsrs' | 'sm2' | null = null;
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
    for (const card of collection.cards) {
      const note = notes.get(card.nid);
      const noteType = note && collection.noteTypes.get(note.mid);
      if (!note || !noteType) {
        skip('The card’s note or note type is missing from the package');
        continue;
      }
      const deckName = deckNameOf(collection, card.did);
      const tags = tagsColumn(note.tags);
      const conversion = ankiCardToMnemo(noteType, note.fields, card.ord, {
        tags: note.tags,
        deck: deckName,
      });
      if (!conversion.ok) {
        skip(conversion.reason);
        continue;
      }
      const content = conversion.card;
      const known = byKey.get(`${note.guid}\u0000${card.ord}`);
      if (known) {
        touchedNotes.add(note.guid);
        targets.set(card.id, { id: known.id, deckId: known.deck_id });
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
        noteId = noteIds.get(note.guid) ?? id;
        noteIds.set(note.guid, noteId);
        deckId = noteDecks.get(note.guid) ?? (await deckFor(deckName));
        noteDecks.set(note.guid, deckId);
      } else deckId = await deckFor(deckName);
      if (!knownGuids.has(note.guid)) newNotes.add(note.guid);
      else touchedNotes.add(note.guid);
      const schedule = ankiScheduleToMnemo(
        card,
        collection.crt,
        now,
        lastReview.get(card.id) ?? null,
      );
      rows.push({
        id,
        user_id: userId,
        deck_id: deckId,
        card_type: content.card_type,
        front_content: content.front_content,
        back_content: content.back_content,
        source_job_id: null,
        is_edited: 0,
        learning_step: 0,
        average_response_time: null,
        created_at: new Date(Date.parse(now) + rows.length).toISOString(),
        updated_at: now,
        ...schedule,
        note_id: noteId,
        cloze_number: content.cloze_number,
        tags,
        anki_guid: note.guid,
        anki_ord: card.ord,
      });
      targets.set(card.id, { id, deckId });
      added.set(deckId, (added.get(deckId) ?? 0) + 1);
    }
    await insertCards(trx, rows);
    for (const [deckId, count] of added) await addToCardCount(trx, userId, deckId, count, now);
    const reviews = await importReviews(trx, userId, collection.revlog, targets, now);
    for (const guid of newNotes) touchedNotes.delete(guid);
    return {
      notes: newNotes.size,
      notes_updated: touchedNotes.size,
      cards: rows.length,
      cards_updated: updated,
      decks_created: created,
      reviews,
      skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
    };
  });
}
