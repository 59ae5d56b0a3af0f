import type { Deck } from '../../../../../core/deck-schemas';
import { leechNotice, leechOutcome, siblingsToBury } from '../../../../../core/scheduling';
import type { QueueCard } from '../../api/study';

/**
 * Suspend, bury and leeches in a running session, with the server's own pure rules
 * (src/core/scheduling/card-status.ts), so the page knows at once what the answer did.
 */

/** What an answer that took the card's lapses to `lapsesAfter` does (Anki's leech rule). */
export function leechAfterAnswer(card: QueueCard, lapsesAfter: number, deck: Deck) {
  const outcome = leechOutcome(card.lapses, lapsesAfter, {
    threshold: deck.leech_threshold,
    action: deck.leech_action,
  });
  return { ...outcome, notice: leechNotice(outcome) };
}

/** The cards still waiting after `position` that the answer to `card` buries (its siblings). */
export function siblingsBuriedBy(
  card: QueueCard,
  queue: QueueCard[],
  position: number,
  deck: Deck,
) {
  if (!card.note_id) return new Set<string>();
  const waiting = queue
    .slice(position + 1)
    .filter((other) => other.note_id === card.note_id && other.id !== card.id);
  const buried = siblingsToBury(waiting, {
    buryNew: deck.bury_new_siblings,
    buryReview: deck.bury_review_siblings,
    buryInterdayLearning: deck.bury_interday_learning_siblings,
  });
  return new Set(buried.map((other) => other.id));
}

/** The queue without the cards of `ids` from index `from` on (the cards before stay put). */
export function withoutCards(queue: QueueCard[], from: number, ids: Set<string>) {
  if (ids.size === 0) return queue;
  return queue.filter((item, index) => index < from || !ids.has(item.id));
}

/** The learn page's keys for the card shown (Anki's): `@` suspends it, `-` buries it. */
export const SET_ASIDE_KEYS = { suspend: '@', bury: '-' } as const;
