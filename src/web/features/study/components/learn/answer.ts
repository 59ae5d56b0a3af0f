import type { Deck } from '../../../../../core/deck-schemas';
import {
  type Rating,
  type SchedulerSettings,
  scheduleReview,
  schedulingCardFrom,
  sessionRequeueDelaySeconds,
  studyDayBounds,
} from '../../../../../core/scheduling';
import type { LearningSession, QueueCard } from '../../api/study';
import { leechAfterAnswer } from './session-status';

/** An answer given in the session, kept for undo. */
export interface Answer {
  reviewId: string;
  card: QueueCard;
  rating: Rating;
  position: number;
  /** Siblings this answer buried out of the queue (undo brings them back). */
  buried?: QueueCard[];
}

export const percentOf = (done: number, total: number) =>
  total === 0 ? 0 : Math.min(100, Math.round((done / total) * 100));

/**
 * The card after an answer, with the same scheduler, clock and zone as the server's (to know
 * when it comes back in the session), and the leech outcome: a leech with the deck's 'suspend'
 * action leaves the session (no requeue, `delay` null).
 */
export function answeredCard(
  card: QueueCard,
  rating: Rating,
  settings: SchedulerSettings,
  now: Date,
  zone: string,
  deck: Deck,
) {
  const next = scheduleReview(schedulingCardFrom(card), rating, settings, now, zone);
  const leech = leechAfterAnswer(card, next.lapses, deck);
  const delay = leech.suspend
    ? null
    : sessionRequeueDelaySeconds(
        settings.scheduler,
        rating,
        card.card_state,
        next,
        now,
        studyDayBounds(now, zone).end,
      );
  const updated: QueueCard = {
    ...card,
    ...next,
    due_date: next.due_date.toISOString(),
    last_reviewed_at: now.toISOString(),
    review_count: card.review_count + 1,
  };
  return { updated, delay, leech };
}

/** The session's counts with one answer more (`step` 1) or one taken back (-1). */
export function counted(session: LearningSession, rating: Rating, step: 1 | -1): LearningSession {
  return {
    ...session,
    cards_studied: Math.max(0, session.cards_studied + step),
    [`${rating}_count`]: Math.max(0, session[`${rating}_count`] + step),
  };
}
