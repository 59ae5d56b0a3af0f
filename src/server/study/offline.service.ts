import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { OfflineCopy, offlineCopyQuerySchema } from '../../core/offline-schemas';
import { dueAfterStudyDays } from '../../core/scheduling';
import { now as clockNow } from '../clock';
import type { Database } from '../db/database';
import { nowIso } from '../db/time';
import { getDeck } from '../decks/decks.service';
import { findUpcomingDueCards, findUpcomingNewCards } from './offline.repository';
import { toQueueCard } from './study.service';
import { NOTHING_STUDIED, studiedTodayByDeck } from './today';

/**
 * A deck's copy for offline study: its settings, today's answers and the cards the sessions of
 * today and the next `days - 1` days would take (issue 24). The device builds its queue from
 * them with the same `buildSessionQueue` the server uses.
 */
export async function offlineCopy(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  query: z.output<typeof offlineCopyQuerySchema>,
): Promise<OfflineCopy> {
  const now = clockNow();
  const deck = await getDeck(db, userId, deckId, query.time_zone, now);
  const studied =
    (await studiedTodayByDeck(db, userId, query.time_zone, now, deckId)).get(deckId) ??
    NOTHING_STUDIED;
  // The end of the last study day kept (the start of the one after it, 4 am in the zone).
  const until = dueAfterStudyDays(now, query.days, query.time_zone);
  const [fresh, due] = await Promise.all([
    findUpcomingNewCards(db, userId, deckId, deck.new_cards_per_day * query.days),
    findUpcomingDueCards(db, userId, deckId, nowIso(until), deck.max_reviews_per_day * query.days),
  ]);
  return {
    deck,
    studied_today: { new_count: studied.newCount, review_count: studied.reviewCount },
    cards: [...fresh, ...due].map(toQueueCard),
    days: query.days,
    time_zone: query.time_zone,
    updated_at: now.toISOString(),
  };
}
