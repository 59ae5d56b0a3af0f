import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import { dueCutoffs } from '../../core/scheduling';
import type { Database } from './database';
import { nowIso } from './time';

/** `dueCutoffs` of src/core/scheduling as ISO strings, for queries. */
export interface DueCutoffsIso {
  now: string;
  dayEnd: string;
}

export function dueCutoffsIso(now: Date, timeZone: string): DueCutoffsIso {
  const cutoffs = dueCutoffs(now, timeZone);
  return { now: nowIso(cutoffs.now), dayEnd: nowIso(cutoffs.dayEnd) };
}

/**
 * `isDue` of src/core/scheduling in SQL: review cards due before the end of the study day,
 * learning cards due by now. Written as a range on due_date first (now < dayEnd), so an index
 * on due_date serves it.
 */
export function isDueSql(
  eb: ExpressionBuilder<Database, 'flashcards'>,
  due: DueCutoffsIso,
): ExpressionWrapper<Database, 'flashcards', SqlBool> {
  return eb.and([
    eb('flashcards.card_state', 'in', ['learning', 'review']),
    eb('flashcards.due_date', '<', due.dayEnd),
    eb.or([eb('flashcards.card_state', '=', 'review'), eb('flashcards.due_date', '<=', due.now)]),
  ]);
}
