import { isBuried } from './card-status';
import { type DailyLimits, type SessionKind, type StudiedToday, todaysRoom } from './daily-limits';
import { dueCutoffs, isDueBy } from './due';
import { orderSessionQueue } from './queue';
import type { CardState } from './types';

/**
 * The one definition of a study session's queue (get_fresh_session_queue), run by the server
 * (study.service.ts, over the cards its queries found) and by the device when it studies
 * offline (over the cards it keeps): new cards within today's room oldest first, learning and
 * review cards due (`isDue`) within today's room earliest first, never a buried or suspended
 * card, then ordered by `orderSessionQueue` (a mixed session shuffled with the session's seed).
 */

export interface QueueCandidate {
  id: string;
  card_state: CardState;
  created_at: string | Date;
  due_date: string | Date;
  buried_until?: string | Date | null;
}

export interface SessionQueueRules {
  limits: DailyLimits;
  studied: StudiedToday;
  sessionType: SessionKind;
  maxNewCards?: number;
  maxReviewCards?: number;
  now: Date;
  timeZone: string;
  /** The session's id: the shuffle of a mixed session is reproducible from it. */
  seed: string;
}

const time = (value: string | Date) => new Date(value).getTime();

/** The new and due cards a session started now would take, before ordering. */
export function sessionCards<T extends QueueCandidate>(
  cards: T[],
  rules: Omit<SessionQueueRules, 'seed'>,
): { newCards: T[]; dueCards: T[] } {
  const room = todaysRoom(rules.limits, rules.studied, {
    sessionType: rules.sessionType,
    maxNewCards: rules.maxNewCards,
    maxReviewCards: rules.maxReviewCards,
  });
  const cutoffs = dueCutoffs(rules.now, rules.timeZone);
  const available = cards.filter((card) => !isBuried(card.buried_until, rules.now));
  const newCards = available
    .filter((card) => card.card_state === 'new')
    .sort((a, b) => time(a.created_at) - time(b.created_at) || a.id.localeCompare(b.id))
    .slice(0, room.newLimit);
  const dueCards = available
    .filter((card) => isDueBy(card, cutoffs))
    .sort((a, b) => time(a.due_date) - time(b.due_date) || a.id.localeCompare(b.id))
    .slice(0, room.reviewLimit);
  return { newCards, dueCards };
}

/** A session's queue from the deck's cards (any superset of those it takes). */
export function buildSessionQueue<T extends QueueCandidate>(
  cards: T[],
  rules: SessionQueueRules,
): T[] {
  const { newCards, dueCards } = sessionCards(cards, rules);
  return orderSessionQueue(newCards, dueCards, rules.sessionType, rules.seed);
}
