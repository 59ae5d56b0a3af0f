import { z } from 'zod';

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
  skipped: { reason: string; count: number }[];
}
