import { type SqlBool, sql } from 'kysely';

/**
 * The condition every query that selects or counts cards to study adds: the card is not buried
 * at `now` (a buried card comes back by itself once `buried_until` has passed). Suspended cards
 * are left out by their state.
 */
export function notBuried(now: string) {
  return sql<SqlBool>`(flashcards.buried_until is null or flashcards.buried_until <= ${now})`;
}
