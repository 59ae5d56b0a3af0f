import { mediaNamesIn } from '../../../core/card-content/media';
import type { OfflineCopy } from '../../../core/offline-schemas';
import { studyDayBounds } from '../../../core/scheduling/time';

/**
 * A deck kept on the device for offline study (issue 24): the server's copy
 * (GET /api/decks/:id/study/offline) and what was studied on the device since. Without the
 * scheduler, so that the deck pages' first script does not carry it (issue 19); the queue and
 * answers on a kept deck are offline-deck.ts's.
 */
export interface KeptDeck {
  /** `${userId}:${deckId}`: a device shared by two accounts keeps each one's decks apart. */
  key: string;
  userId: string;
  deckId: string;
  copy: OfflineCopy;
  /** The media files the cards show, kept in the 'mnemo-media' cache. */
  media: string[];
  /** Answers given on the device on the copy's study day (distinct new cards, reviews). */
  studiedOffline: { dayStart: string; newCardIds: string[]; reviewCount: number };
  /**
   * Why it is kept: the user switched it on ('chosen'), or it was studied in the last days
   * ('recent', within the size budget: keep-plan.ts). Copies kept before had none: chosen.
   */
  reason?: 'chosen' | 'recent';
  /** Bytes it takes on the device: the copy and its media (shown in Settings and on the deck). */
  bytes?: number;
}

export const keptKey = (userId: string, deckId: string) => `${userId}:${deckId}`;

/** The start of the study day `at` falls in, as the copy and the device count it. */
export const dayStart = (at: Date, timeZone: string) =>
  studyDayBounds(at, timeZone).start.toISOString();

export function keptDeckFrom(
  userId: string,
  copy: OfflineCopy,
  reason: 'chosen' | 'recent' = 'chosen',
): KeptDeck {
  const media = new Set<string>();
  for (const card of copy.cards) {
    for (const name of [...mediaNamesIn(card.front_content), ...mediaNamesIn(card.back_content)]) {
      media.add(name);
    }
  }
  return {
    key: keptKey(userId, copy.deck.id),
    userId,
    deckId: copy.deck.id,
    copy,
    media: [...media],
    reason,
    studiedOffline: {
      dayStart: dayStart(new Date(copy.updated_at), copy.time_zone),
      newCardIds: [],
      reviewCount: 0,
    },
  };
}
