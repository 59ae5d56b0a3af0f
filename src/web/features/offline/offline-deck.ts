import {
  buildSessionQueue,
  sessionCards,
  type SessionKind,
  type StudiedToday,
} from '../../../core/scheduling';
import type { QueueCard } from '../../../core/study-schemas';
import { dayStart, type KeptDeck } from './kept-deck';

/**
 * A deck kept on the device for offline study (issue 24): the server's copy
 * (GET /api/decks/:id/study/offline) and what was studied on the device since, so that the
 * queue built offline is the server's (`buildSessionQueue`, one definition in src/core).
 * Pure functions: the IndexedDB side is offline-store.ts.
 */
export { type KeptDeck, keptDeckFrom, keptKey } from './kept-deck';

/** What was studied today: the server's count when the copy was made, plus the device's. */
export function studiedNow(kept: KeptDeck, now: Date): StudiedToday {
  const { studiedOffline, copy } = kept;
  if (dayStart(now, copy.time_zone) !== studiedOffline.dayStart) {
    return { newCount: 0, reviewCount: 0 }; // a new study day began since
  }
  return {
    newCount: copy.studied_today.new_count + studiedOffline.newCardIds.length,
    reviewCount: copy.studied_today.review_count + studiedOffline.reviewCount,
  };
}

function rules(kept: KeptDeck, now: Date, sessionType: SessionKind) {
  const { deck, time_zone: timeZone } = kept.copy;
  return {
    limits: { newCardsPerDay: deck.new_cards_per_day, maxReviewsPerDay: deck.max_reviews_per_day },
    studied: studiedNow(kept, now),
    sessionType,
    now,
    timeZone,
  };
}

/** The queue of a session started offline now, as the server would build it. */
export function offlineQueue(
  kept: KeptDeck,
  now: Date,
  seed: string,
  sessionType: SessionKind = 'mixed',
): QueueCard[] {
  return buildSessionQueue(kept.copy.cards, { ...rules(kept, now, sessionType), seed });
}

/** The preview's counts offline (the same numbers as the queue's). */
export function offlineCounts(kept: KeptDeck, now: Date) {
  const { newCards, dueCards } = sessionCards(kept.copy.cards, rules(kept, now, 'mixed'));
  return { newCards: newCards.length, dueCards: dueCards.length };
}

/**
 * The copy after an answer given on the device: the card takes the schedule the device gave it
 * (so a reload does not ask it again), and the answer counts against today's limits.
 */
export function withAnswer(
  kept: KeptDeck,
  previous: QueueCard,
  updated: QueueCard,
  now: Date,
): KeptDeck {
  const today = dayStart(now, kept.copy.time_zone);
  const sameDay = today === kept.studiedOffline.dayStart;
  const studied = sameDay
    ? kept.studiedOffline
    : { dayStart: today, newCardIds: [], reviewCount: 0 };
  const copy = sameDay
    ? kept.copy
    : { ...kept.copy, studied_today: { new_count: 0, review_count: 0 } };
  return {
    ...kept,
    copy: {
      ...copy,
      cards: copy.cards.map((card) => (card.id === updated.id ? updated : card)),
    },
    studiedOffline:
      previous.card_state === 'new'
        ? {
            ...studied,
            newCardIds: studied.newCardIds.includes(previous.id)
              ? studied.newCardIds
              : [...studied.newCardIds, previous.id],
          }
        : { ...studied, reviewCount: studied.reviewCount + 1 },
  };
}

/**
 * The copy after an answer given on the device was undone: the card is back as it was before
 * (`previous`), and the answer no longer counts against today's limits.
 */
export function withoutAnswer(kept: KeptDeck, previous: QueueCard): KeptDeck {
  const studied = kept.studiedOffline;
  return {
    ...kept,
    copy: {
      ...kept.copy,
      cards: kept.copy.cards.map((card) => (card.id === previous.id ? previous : card)),
    },
    studiedOffline:
      previous.card_state === 'new'
        ? { ...studied, newCardIds: studied.newCardIds.filter((id) => id !== previous.id) }
        : { ...studied, reviewCount: Math.max(0, studied.reviewCount - 1) },
  };
}
