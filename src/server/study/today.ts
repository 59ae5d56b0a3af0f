import type { Kysely } from 'kysely';
import { type StudiedToday, studiedToday } from '../../core/scheduling';
import type { Database } from '../db/database';
import { findAnswersBetween } from './study.repository';
import { studyDay } from './scheduling';

/**
 * What the user already studied today (their study day in `timeZone`), per deck, counted by
 * the one definition in src/core/scheduling (`studiedToday`).
 */
export async function studiedTodayByDeck(
  db: Kysely<Database>,
  userId: string,
  timeZone: string,
  now: Date,
  deckId?: string,
): Promise<Map<string, StudiedToday>> {
  const day = studyDay(now, timeZone);
  const answers = await findAnswersBetween(db, userId, day.start, day.end, deckId);
  const byDeck = new Map<
    string,
    { cardId: string; previousState: (typeof answers)[0]['previous_card_state'] }[]
  >();
  for (const answer of answers) {
    const list = byDeck.get(answer.deck_id) ?? [];
    list.push({ cardId: answer.card_id, previousState: answer.previous_card_state });
    byDeck.set(answer.deck_id, list);
  }
  return new Map([...byDeck].map(([id, list]) => [id, studiedToday(list)]));
}

export const NOTHING_STUDIED: StudiedToday = { newCount: 0, reviewCount: 0 };
