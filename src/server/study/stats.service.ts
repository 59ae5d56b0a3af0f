import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { now as clockNow } from '../clock';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import type { statsQuerySchema } from '../../core/study-schemas';
import type { ForecastDeck } from '../../core/scheduling';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/time';
import { findDeckLimits } from '../decks/decks.repository';
import { notFound } from '../http/errors';
import { computeStatistics } from './scheduling';
import { findCardSchedules, findReviewsSince, findSessionsSince } from './study.repository';
import { NOTHING_STUDIED, studiedTodayByDeck } from './today';

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * Study statistics (SPEC §3, §9) for the user, overall or for one deck, in the user's time
 * zone: card counts per state, sessions, retention over 30 days, totals per rating, the streak,
 * reviews per day over the last year and a 30-day forecast of due cards.
 */
export async function studyStatistics(
  db: Kysely<Database>,
  userId: string,
  query: z.output<typeof statsQuerySchema>,
) {
  const decks = await findDeckLimits(db, userId, query.deck_id);
  if (query.deck_id && decks.length === 0) throw notFound(DECK_MESSAGES.notFound);
  const now = clockNow();
  const since = nowIso(new Date(now.getTime() - YEAR_MS));
  const [sessions, reviews, cards, studied] = await Promise.all([
    findSessionsSince(db, userId, since, query.deck_id),
    findReviewsSince(db, userId, since, query.deck_id),
    findCardSchedules(db, userId, query.deck_id),
    studiedTodayByDeck(db, userId, query.time_zone, now, query.deck_id),
  ]);
  const dueCards = new Map<string, ForecastDeck['dueCards']>();
  for (const card of cards) {
    if (card.card_state !== 'learning' && card.card_state !== 'review') continue;
    const list = dueCards.get(card.deck_id) ?? [];
    // A buried card is due again when it comes back (the next study day).
    const due = toIso(card.due_date);
    const buried = toIso(card.buried_until ?? null);
    list.push({ card_state: card.card_state, due_date: buried && buried > due ? buried : due });
    dueCards.set(card.deck_id, list);
  }
  return computeStatistics({
    now,
    timeZone: query.time_zone,
    sessions: sessions.map((session) => ({
      startedAt: toIso(session.started_at),
      completedAt: toIso(session.completed_at),
      isCompleted: Boolean(Number(session.is_completed)),
      autoCompleted: Boolean(Number(session.auto_completed)),
      durationSeconds: session.duration_seconds === null ? null : Number(session.duration_seconds),
      cardsStudied: Number(session.cards_studied),
    })),
    reviews: reviews.map((review) => ({
      response: review.user_response,
      reviewedAt: toIso(review.reviewed_at),
    })),
    cards: cards.map((card) => ({ state: card.card_state })),
    decks: decks.map((deck) => ({
      limits: {
        newCardsPerDay: Number(deck.new_cards_per_day),
        maxReviewsPerDay: Number(deck.max_reviews_per_day),
      },
      studied: studied.get(deck.id) ?? NOTHING_STUDIED,
      dueCards: dueCards.get(deck.id) ?? [],
    })),
  });
}
