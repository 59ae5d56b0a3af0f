/**
 * Lengths the forms check before sending (documented in docs/ARCHITECTURE.md), without zod: the
 * web app's forms import these; flashcard-schemas.ts and deck-schemas.ts re-export them.
 */
export const CARD_CONTENT_MAX = 20_000;
export const DECK_NAME_MAX = 200;
