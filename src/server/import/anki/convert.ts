/**
 * The conversion step of an Anki import (issue 12): package bytes in, plain data out — every
 * card rendered as Mnemo content with its schedule, the media files its notes refer to (read,
 * typed and named by content in media.ts, the fields rewritten to `mnemo-media:`), the reasons
 * cards and media were skipped, the revlog. No database and no shared state, so it runs in the
 * import thread (import-thread.ts); the job stores the media (media.ts `storeImportMedia`), then
 * the write step (import.service.ts) turns the plan into rows in one transaction.
 */
import { ankiCardToMnemo, type MnemoCardContent } from '../../../core/anki/cards';
import { ankiScheduleToMnemo, type MnemoSchedule } from '../../../core/anki/scheduling';
import { DECK_NAME_MAX } from '../../../core/deck-schemas';
import { normalizeTags, TAG_MAX_LENGTH, TAGS_MAX } from '../../../core/tags';
import {
  type AnkiCollection,
  type AnkiReview,
  DEFAULT_ROW_LIMITS,
  readCollection,
  type RowLimits,
} from './collection';
import type { AnkiDeckSettings } from './deck-settings';
import { collectPackageMedia, type ImportMediaFile, STORING_MEDIA } from './media';
import { readAnkiPackage } from './package';

/** The phases an import job shows (with done of total while converting). */
export const IMPORT_PHASES = {
  reading: 'Reading the package',
  converting: 'Converting cards',
  storingMedia: STORING_MEDIA,
  writing: 'Writing cards',
} as const;

export interface ConvertedCard {
  /** Anki's card id (the revlog refers to it). */
  ankiId: number;
  guid: string;
  ord: number;
  deckName: string;
  tags: string;
  /** Anki's `leech` tag: the card is a leech in Mnemo (`is_leech`), the tag is not kept. */
  leech: boolean;
  content: MnemoCardContent;
  schedule: MnemoSchedule;
}

export interface ImportPlan {
  /** Every note's GUID (to find the notes imported before). */
  guids: string[];
  cards: ConvertedCard[];
  /** The media files the cards show, to store before the cards are written. */
  media: ImportMediaFile[];
  /** Why cards or media files were not imported, in the order first met, with counts. */
  skipped: [string, number][];
  /** What was changed in cards on the way (e.g. Image Occlusion), with counts. */
  changed: [string, number][];
  revlog: AnkiReview[];
  /** The package's description and options of each deck, by deck name (for decks created). */
  deckSettings: [string, AnkiDeckSettings][];
}

export type ProgressReport = (phase: string, done: number, total: number) => void;

/** Anki's tags ('a b' with spaces around) as Mnemo's column, within Mnemo's tag limits. */
function tagsColumn(tags: string): string {
  return normalizeTags(tags)
    .filter((tag) => tag.length <= TAG_MAX_LENGTH)
    .slice(0, TAGS_MAX)
    .join(' ');
}

export const REVLOG_SKIPS = {
  cardNotImported: 'Review-log entries of cards that were not imported',
  manual:
    'Review-log entries of manual changes (Set Due Date, Forget, Reschedule), which are not answers',
  notAnswer: 'Review-log entries without an answer button (1 to 4)',
} as const;

/** Why a revlog entry is not imported as an answer, or null when it is. */
function revlogSkipReason(entry: AnkiReview, converted: Set<number>): string | null {
  if (!converted.has(entry.cid)) return REVLOG_SKIPS.cardNotImported;
  if (entry.type > 3) return REVLOG_SKIPS.manual;
  if (entry.ease < 1 || entry.ease > 4) return REVLOG_SKIPS.notAnswer;
  return null;
}

/** Anki marks leeches with the tag `leech` (any case). */
const LEECH_TAG = /(?<=^|\s)leech(?=\s|$)/i;

const deckNameOf = (collection: AnkiCollection, did: string) =>
  (collection.decks.get(did) ?? 'Default').slice(0, DECK_NAME_MAX).trim() || 'Default';

/** Reads the package and converts every card; a refusal is an HttpError (400) as before. */
export async function convertAnkiPackage(
  bytes: Uint8Array,
  now: string,
  progress: ProgressReport = () => {},
  timeZone = 'UTC',
  limits: RowLimits = DEFAULT_ROW_LIMITS,
): Promise<ImportPlan> {
  progress(IMPORT_PHASES.reading, 0, 0);
  const pkg = await readAnkiPackage(bytes);
  const collection = await readCollection(pkg.collection, pkg.version, limits);
  const lastReview = new Map<number, number>();
  for (const entry of collection.revlog) lastReview.set(entry.cid, entry.id);
  const media = await collectPackageMedia(bytes, pkg, collection.notes);
  const notes = new Map(media.notes.map((note) => [note.id, note]));
  const skipped = new Map<string, number>(media.skipped);
  const skip = (reason: string) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  const changed = new Map<string, number>();
  const clock = { crt: collection.crt, creationOffset: collection.creationOffset, timeZone };

  const cards: ConvertedCard[] = [];
  const total = collection.cards.length;
  progress(IMPORT_PHASES.converting, 0, total);
  collection.cards.forEach((card, index) => {
    if (index % 500 === 0) progress(IMPORT_PHASES.converting, index, total);
    const note = notes.get(card.nid);
    const noteType = note && collection.noteTypes.get(note.mid);
    if (!note || !noteType) {
      skip('The card’s note or note type is missing from the package');
      return;
    }
    const deckName = deckNameOf(collection, card.did);
    const conversion = ankiCardToMnemo(noteType, note.fields, card.ord, {
      tags: note.tags,
      deck: deckName,
    });
    if (!conversion.ok) {
      skip(conversion.reason);
      return;
    }
    if (conversion.change) {
      changed.set(conversion.change, (changed.get(conversion.change) ?? 0) + 1);
    }
    cards.push({
      ankiId: card.id,
      guid: note.guid,
      ord: card.ord,
      deckName,
      tags: tagsColumn(note.tags.replace(LEECH_TAG, ' ')),
      leech: LEECH_TAG.test(note.tags),
      content: conversion.card,
      schedule: ankiScheduleToMnemo(card, clock, now, lastReview.get(card.id) ?? null),
    });
  });
  progress(IMPORT_PHASES.converting, total, total);
  // Review-log entries that will not become answers, and why (issue 20, 8).
  const converted = new Set(cards.map((card) => card.ankiId));
  for (const entry of collection.revlog) {
    const reason = revlogSkipReason(entry, converted);
    if (reason) skip(reason);
  }
  return {
    guids: collection.notes.map((note) => note.guid),
    cards,
    media: media.files,
    skipped: [...skipped],
    changed: [...changed],
    revlog: collection.revlog,
    deckSettings: [...collection.decks.keys()].map((did) => [
      deckNameOf(collection, did),
      collection.deckSettings.get(did) ?? {},
    ]),
  };
}
