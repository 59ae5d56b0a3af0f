import { z } from 'zod';
import { isKnownTimeZone, STUDY_MESSAGES } from '../study-schemas';

/** Issue 12: the texts of the Anki import's form. */
export const ANKI_IMPORT_MESSAGES = {
  chooseTarget: 'Choose a deck for the cards, or keep the package’s decks',
  bothTargets: 'Choose either a deck for the cards or keeping the package’s decks, not both',
} as const;

/**
 * The fields beside the file of `POST /api/import/anki`: `deck_id` (every card goes to that
 * deck) or `keep_decks=true` (cards go to decks named like the package's, made when missing).
 */
export const ankiImportFieldsSchema = z
  .strictObject({
    deck_id: z.string().min(1).max(100).optional(),
    keep_decks: z.enum(['true', 'false']).optional(),
    /** The user's zone: the package's due days are study days there (issue 20, 6). */
    time_zone: z
      .string()
      .max(64, STUDY_MESSAGES.timeZone)
      .refine(isKnownTimeZone, STUDY_MESSAGES.timeZone)
      .optional(),
  })
  .refine((value) => value.deck_id !== undefined || value.keep_decks === 'true', {
    message: ANKI_IMPORT_MESSAGES.chooseTarget,
  })
  .refine((value) => !(value.deck_id !== undefined && value.keep_decks === 'true'), {
    message: ANKI_IMPORT_MESSAGES.bothTargets,
  });

/** What an import did. */
export interface AnkiImportSummary {
  /** Notes new to the user, and the cards made of them (and of new cards of known notes). */
  notes: number;
  /** Notes imported before (same GUID), and the cards of theirs whose content changed. */
  notes_updated: number;
  cards: number;
  cards_updated: number;
  decks_created: string[];
  reviews: number;
  /** Media files (images, sounds) the cards show, stored once each (content-addressed). */
  media: number;
  /** Why cards, media files or review-log entries were left out, with counts and notes. */
  skipped: AnkiSummaryEntry[];
  /** What was changed in cards on the way (issue 20: e.g. Image Occlusion), with counts. */
  changed: AnkiSummaryEntry[];
}

/** One line of an import summary: a reason, how many things, and the notes they came from. */
export interface AnkiSummaryEntry {
  reason: string;
  /** Cards, media files or review-log entries. */
  count: number;
  /**
   * The notes they came from, named by their first field ('“Mitochondria is…”'), at most 20
   * (issue 20 item 8); absent in summaries written before.
   */
  notes?: string[];
  /** How many other notes are not named ('and 4 more'). */
  more_notes?: number;
}

/** An Anki import running in the background (`POST /api/import/anki` answers it, 202). */
export interface AnkiImportJob {
  id: string;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  /** What it does now: 'Reading the package', 'Converting cards' (done of total), 'Writing cards'. */
  phase: string | null;
  done: number;
  total: number;
  file_name: string;
  deck_id: string | null;
  keep_decks: boolean;
  /** Once completed. */
  summary: AnkiImportSummary | null;
  /** Once failed: why, in the words the import would have answered with at once. */
  error: { code: string; message: string } | null;
  created_at: string;
  completed_at: string | null;
}

/** `GET /api/import/jobs/{id}?wait=` holds the request up to this many seconds for a change. */
export const IMPORT_JOB_WAIT_MAX = 30;

export const importJobQuerySchema = z.strictObject({
  wait: z.coerce.number().int().min(0).max(IMPORT_JOB_WAIT_MAX).default(0),
});

export const IMPORT_JOB_MESSAGES = {
  notFound: 'Import not found',
  tooLarge: (mb: number) => `The Anki package is larger than ${mb} MB`,
  tooLong: 'The import took too long and was stopped',
  interrupted: 'The import was interrupted too many times; try again',
  uploadGone: 'The uploaded package is gone; import it again',
  /** The conversion passed the memory an import may use (ANKI_IMPORT_MEMORY_MB). */
  tooMuchMemory:
    'This package is too large to import here: split it into smaller decks in Anki and import each of them',
  /** An error of ours, not of the package: its own text stays in the log. */
  unexpected:
    'The import failed and nothing was imported; try again, and if it fails again the package may be damaged',
} as const;
