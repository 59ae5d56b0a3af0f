/**
 * The conversion step of an Anki import (issue 12): package bytes in, plain data out — every
 * card rendered as Mnemo content with its schedule, the media files its notes refer to (read,
 * typed and named by content in media.ts, the fields rewritten to `mnemo-media:`), the reasons
 * cards and media were skipped, the revlog. No database and no shared state, so it runs in the
 * import thread (import-thread.ts); the job stores the media (media.ts `storeImportMedia`), then
 * the write step (import.service.ts) turns the plan into rows in one transaction.
 */
import { ankiCardToMnemo, type MnemoCardContent } from '../../../core/anki/cards';
import type { AnkiSummaryEntry } from '../../../core/anki/import-schemas';
import { ankiScheduleToMnemo, type MnemoSchedule } from '../../../core/anki/scheduling';
import { noteLabel, SummaryTally } from '../../../core/anki/summary-notes';
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
  /** Why cards, media files or review-log entries were not imported, in the order first met,
   * with counts and the notes they came from (issue 20, 8). */
  skipped: AnkiSummaryEntry[];
  /** What was changed in cards on the way (e.g. Image Occlusion), with counts and notes. */
  changed: AnkiSummaryEntry[];
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

/** A note's tags beyond Mnemo's limits (issue 20, 8: said in the summary). */
export const TAGS_CHANGE = `Tags longer than ${TAG_MAX_LENGTH} characters or beyond the first ${TAGS_MAX} were left out`;

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
  const skipped = new SummaryTally();
  const changed = new SummaryTally();
  const labels = new Map<number, string>();
  const labelOf = (note: { id: number; fields: string[] }): string => {
    let label = labels.get(note.id);
    if (label === undefined) labels.set(note.id, (label = noteLabel(note.fields)));
    return label;
  };
  for (const { reason, file, note } of media.skipped)
    skipped.add(reason, `${labelOf(note)} (${file.length > 40 ? `${file.slice(0, 40)}…` : file})`);
  const clock = { crt: collection.crt, creationOffset: collection.creationOffset, timeZone };

  const cards: ConvertedCard[] = [];
  const total = collection.cards.length;
  progress(IMPORT_PHASES.converting, 0, total);
  collection.cards.forEach((card, index) => {
    if (index % 500 === 0) progress(IMPORT_PHASES.converting, index, total);
    const note = notes.get(card.nid);
    const noteType = note && collection.noteTypes.get(note.mid);
    if (!note || !noteType) {
      skipped.add(
        'The card’s note or note type is missing from the package',
        note ? labelOf(note) : undefined,
      );
      return;
    }
    const deckName = deckNameOf(collection, card.did);
    const conversion = ankiCardToMnemo(noteType, note.fields, card.ord, {
      tags: note.tags,
      deck: deckName,
    });
    if (!conversion.ok) {
      skipped.add(conversion.reason, labelOf(note));
      return;
    }
    if (conversion.change) changed.add(conversion.change, labelOf(note));
    const tags = tagsColumn(note.tags.replace(LEECH_TAG, ' '));
    if (
      tags.split(' ').filter(Boolean).length <
      normalizeTags(note.tags.replace(LEECH_TAG, ' ')).length
    )
      changed.add(TAGS_CHANGE, labelOf(note));
    cards.push({
      ankiId: card.id,
      guid: note.guid,
      ord: card.ord,
      deckName,
      tags,
      leech: LEECH_TAG.test(note.tags),
      content: conversion.card,
      schedule: ankiScheduleToMnemo(card, clock, now, lastReview.get(card.id) ?? null),
    });
  });
  progress(IMPORT_PHASES.converting, total, total);
  // Review-log entries that will not become answers, and why (issue 20, 8).
  const converted = new Set(cards.map((card) => card.ankiId));
  const cardNotes = new Map(collection.cards.map((card) => [card.id, card.nid]));
  for (const entry of collection.revlog) {
    const reason = revlogSkipReason(entry, converted);
    if (!reason) continue;
    const note = notes.get(cardNotes.get(entry.cid) ?? -1);
    skipped.add(reason, note ? labelOf(note) : undefined);
  }
  return {
    guids: collection.notes.map((note) => note.guid),
    cards,
    media: media.files,
    skipped: skipped.list(),
    changed: changed.list(),
    revlog: collection.revlog,
    deckSettings: [...collection.decks.keys()].map((did) => [
      deckNameOf(collection, did),
      collection.deckSettings.get(did) ?? {},
    ]),
  };
}
