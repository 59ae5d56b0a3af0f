import { dueCutoffs, isDueBy } from './due';
import { addDays, studyDate } from './time';
import type { CardState } from './types';

/**
 * What a session today would hold: the one definition behind every due count (the dashboard's
 * 'N Due', the deck page's 'Start Learning (N due)', the learn preview, the session's queue and
 * the statistics forecast). The deck's daily limits rule; what was already studied today (the
 * user's study day, see `studyDayBounds`) is taken off them.
 */

export interface DailyLimits {
  newCardsPerDay: number;
  maxReviewsPerDay: number;
}

/** One answer given today and not taken back: the card and its state before the answer. */
export interface TodaysAnswer {
  cardId: string;
  previousState: CardState;
}

export interface StudiedToday {
  /** Distinct new cards seen today. */
  newCount: number;
  /** Answers on cards that were not new. */
  reviewCount: number;
}

export interface SessionCounts {
  newCards: number;
  dueCards: number;
}

export type SessionKind = 'mixed' | 'new_only' | 'review_only';

/** Today's answers in a deck counted against its limits. */
export function studiedToday(answers: TodaysAnswer[]): StudiedToday {
  const newCards = new Set<string>();
  let reviewCount = 0;
  for (const answer of answers) {
    if (answer.previousState === 'new') newCards.add(answer.cardId);
    else reviewCount++;
  }
  return { newCount: newCards.size, reviewCount };
}

/** Today's room under the deck's limits (or a session's smaller request), never below zero. */
export function todaysRoom(
  limits: DailyLimits,
  studied: StudiedToday,
  options: { sessionType?: SessionKind; maxNewCards?: number; maxReviewCards?: number } = {},
): { newLimit: number; reviewLimit: number } {
  const type = options.sessionType ?? 'mixed';
  const newCap = Math.min(options.maxNewCards ?? limits.newCardsPerDay, limits.newCardsPerDay);
  const reviewCap = Math.min(
    options.maxReviewCards ?? limits.maxReviewsPerDay,
    limits.maxReviewsPerDay,
  );
  return {
    newLimit: type === 'review_only' ? 0 : Math.max(0, newCap - studied.newCount),
    reviewLimit: type === 'new_only' ? 0 : Math.max(0, reviewCap - studied.reviewCount),
  };
}

/**
 * How many new and due cards a session started now would hold, from the cards available now
 * (new cards; learning and review cards due by now).
 */
export function sessionCounts(
  available: SessionCounts,
  limits: DailyLimits,
  studied: StudiedToday,
  options: { sessionType?: SessionKind; maxNewCards?: number; maxReviewCards?: number } = {},
): SessionCounts {
  const room = todaysRoom(limits, studied, options);
  return {
    newCards: Math.min(Math.max(0, available.newCards), room.newLimit),
    dueCards: Math.min(Math.max(0, available.dueCards), room.reviewLimit),
  };
}

/** A deck's learning/review cards for the forecast, with its limits and today's answers. */
export interface ForecastDeck {
  limits: DailyLimits;
  studied: StudiedToday;
  /** The deck's learning and review cards (due dates as ISO strings). */
  dueCards: { card_state: 'learning' | 'review'; due_date: string }[];
}

/**
 * Reviews per day for the next `days` days if the user studies once a day: day 0 is what a
 * session now would hold; a card due later today or on a later day joins the next day's
 * backlog; each day takes at most the deck's review limit and the rest carries over.
 */
export function reviewForecast(
  decks: ForecastDeck[],
  now: Date,
  timeZone: string,
  days = 30,
): { date: string; count: number }[] {
  const today = studyDate(now, timeZone);
  const dates = Array.from({ length: days }, (_, index) => addDays(today, index));
  const counts = dates.map(() => 0);
  const cutoffs = dueCutoffs(now, timeZone);
  for (const deck of decks) {
    const falling = new Map<number, number>();
    let dueNow = 0;
    for (const card of deck.dueCards) {
      if (isDueBy(card, cutoffs)) {
        dueNow++;
        continue;
      }
      const found = dates.indexOf(studyDate(new Date(card.due_date), timeZone));
      const index = found === -1 ? days : Math.max(1, found);
      falling.set(index, (falling.get(index) ?? 0) + 1);
    }
    const first = sessionCounts(
      { newCards: 0, dueCards: dueNow },
      deck.limits,
      deck.studied,
    ).dueCards;
    counts[0] = (counts[0] ?? 0) + first;
    let backlog = dueNow - first;
    for (let index = 1; index < days; index++) {
      backlog += falling.get(index) ?? 0;
      const shown = Math.min(backlog, Math.max(0, deck.limits.maxReviewsPerDay));
      counts[index] = (counts[index] ?? 0) + shown;
      backlog -= shown;
    }
  }
  return dates.map((date, index) => ({ date, count: counts[index] ?? 0 }));
}
