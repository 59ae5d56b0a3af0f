import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../../../lib/toast';
import type { Deck } from '../../../../../core/deck-schemas';
import { REQUEUE_AGAIN_SECONDS, type Rating } from '../../../../../core/scheduling';
import { isApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../decks/utils';
import {
  completeSession,
  type LearningSession,
  type QueueCard,
  timeZone,
  undoReview,
} from '../../api/study';
import {
  enqueueReview,
  flushReviews,
  type OfflineSessionInfo,
  onReviewRejected,
} from '../../review-queue';
import { useAuth } from '../../../../lib/auth';
import { studiedOnline } from '../../../offline/keep-settings';
import { type Answer, answeredCard, counted, percentOf } from './answer';
import { finishOffline, keepOfflineAnswer, startAnySession, undoOffline } from './offline-session';
import { useRatingLabels, useSchedulerSettings } from './use-rating-labels';
import { useRequeue } from './use-requeue';
import { changeCardStatus } from '../../../cards/api/card-status';
import { siblingsBuriedBy, withoutCards } from './session-status';

/**
 * The learn page's session (SPEC §4): start, answers written to IndexedDB first, requeued cards
 * joining every 5 s, undo and completion. The percent only moves forward as cards are answered
 * (a requeued card joining the queue does not push it back); an undo takes it back.
 */
export function useLearnSession(deck: Deck) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  /** Set while the session was started offline (from the deck kept on the device). */
  const offline = useRef<OfflineSessionInfo | null>(null);
  const [phase, setPhase] = useState<'preview' | 'learning' | 'completed'>('preview');
  const [starting, setStarting] = useState(false);
  const [session, setSession] = useState<LearningSession | null>(null);
  const [queue, setQueue] = useState<QueueCard[]>([]);
  const [position, setPosition] = useState(0);
  const [percent, setPercent] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [finishing, setFinishing] = useState<'no' | 'saving' | 'failed'>('no');
  const [result, setResult] = useState<LearningSession | null>(null);
  /** The end of the queue while a requeued card is still to come: when it is due. */
  const [waitingUntil, setWaitingUntil] = useState<number | null>(null);
  const requeue = useRequeue(phase === 'learning', setQueue);
  const answers = useRef<Answer[]>([]);
  const shownAt = useRef(Date.now());
  const settings = useSchedulerSettings(deck);
  const zone = useMemo(() => timeZone(), []);
  const card = queue[position];
  const intervals = useRatingLabels(card, settings, zone);

  useEffect(() => {
    void flushReviews(); // answers left from an earlier visit go first
    return onReviewRejected((error) =>
      toast.error('Review Failed', {
        description: errorMessage(error, 'Failed to record your response.'),
      }),
    );
  }, []);

  const refreshCounts = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['decks'] });
    void queryClient.invalidateQueries({ queryKey: ['stats'] });
  }, [queryClient]);

  const begin = async () => {
    setStarting(true);
    try {
      const started = await startAnySession(user?.id, deck.id, zone);
      if (!started) return;
      offline.current = 'info' in started ? started.info : null;
      if (started.queue.length === 0) {
        refreshCounts(); // nothing to study: the preview says 'All caught up!'
        return;
      }
      setSession(started.session);
      setQueue(started.queue);
      setPosition(0);
      setPercent(0);
      setRevealed(false);
      requeue.reset();
      answers.current = [];
      shownAt.current = Date.now();
      setPhase('learning');
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        refreshCounts(); // studied elsewhere meanwhile: the preview now says 'All caught up!'
        return;
      }
      toast.error('Failed to Start Session', {
        description: errorMessage(error, 'Could not start learning session.'),
      });
    } finally {
      setStarting(false);
    }
  };

  const finish = useCallback(
    async (sessionId: string) => {
      setFinishing('saving');
      if (offline.current && session) {
        setResult(await finishOffline(session, offline.current));
        setPhase('completed');
        setFinishing('no');
        refreshCounts();
        return;
      }
      try {
        await flushReviews();
        const completed = await completeSession(sessionId);
        setResult(completed);
        setPhase('completed');
        setFinishing('no');
        refreshCounts();
        studiedOnline(); // a deck studied recently is kept for offline
      } catch (error) {
        // SPEC §4: a failed completion is only logged; the phase stays 'learning'.
        console.error('Could not complete the session', error);
        setFinishing('failed');
      }
    },
    [refreshCounts, session],
  );

  /**
   * Nothing left in the queue but a requeued card due within a minute (rated Again): the session
   * waits for it, past the last card, with a count-down (Anki's way), instead of ending. Cards
   * due later (Hard's ten minutes) wait for the next session, as before.
   */
  const waitForRequeued = (end: number) => {
    const next = requeue.nextAt();
    if (next === undefined || next - Date.now() > REQUEUE_AGAIN_SECONDS * 1000) return false;
    setPosition(end);
    setWaitingUntil(next);
    return true;
  };

  // The card waited for has joined: the count-down is over.
  useEffect(() => {
    if (card && waitingUntil !== null) setWaitingUntil(null);
  }, [card, waitingUntil]);

  const rate = useCallback(
    async (rating: Rating) => {
      if (!card || !session || !revealed || finishing !== 'no') return;
      const now = new Date();
      const reviewId = crypto.randomUUID();
      const responseTimeSeconds = Math.round((Date.now() - shownAt.current) / 1000);
      try {
        await enqueueReview({
          id: reviewId,
          sessionId: session.id,
          cardId: card.id,
          response: rating,
          responseTimeSeconds,
          createdAt: now.getTime(),
          ...(offline.current ? { offline: offline.current } : {}),
        });
      } catch (error) {
        toast.error('Review Failed', {
          description: errorMessage(error, 'Failed to record your response.'),
        });
        return;
      }
      const { updated, delay, leech } = answeredCard(card, rating, settings, now, zone, deck);
      if (offline.current && user) void keepOfflineAnswer(user.id, deck.id, card, updated, now);
      if (leech.notice) toast.warning(leech.notice);
      // Siblings the deck buries after an answer leave the queue.
      const buried = siblingsBuriedBy(card, queue, position, deck);
      const nextQueue = withoutCards(queue, position + 1, buried);
      if (buried.size > 0) {
        requeue.drop(buried);
        setQueue(nextQueue);
      }
      if (delay !== null) {
        requeue.add(updated, delay, reviewId);
      }
      answers.current.push({
        reviewId,
        card,
        rating,
        position,
        buried: queue.slice(position + 1).filter((item) => buried.has(item.id)),
      });
      setSession((current) => (current ? counted(current, rating, 1) : current));
      setRevealed(false);
      setPercent((current) => Math.max(current, percentOf(position + 1, nextQueue.length)));
      shownAt.current = Date.now();
      if (position + 1 < nextQueue.length) {
        setPosition(position + 1);
        return;
      }
      // FSRS, nothing else left: a learning card due within 20 minutes is shown now (Anki).
      if (settings.scheduler === 'fsrs' && requeue.takeAhead()) setPosition(position + 1);
      else if (!waitForRequeued(position + 1)) void finish(session.id);
    },
    [card, session, revealed, finishing, settings, zone, position, queue, deck, finish, user],
  );

  /** Suspends or buries the card shown: it leaves the session, no answer is recorded. */
  const setAside = useCallback(
    async (action: 'suspend' | 'bury') => {
      if (!card || !session || finishing !== 'no') return;
      try {
        await flushReviews(); // an earlier answer to this card goes first
        await changeCardStatus(card.id, action);
      } catch (error) {
        toast.error('Update Failed', { description: errorMessage(error, 'Please try again.') });
        return;
      }
      requeue.drop(new Set([card.id]));
      const nextQueue = withoutCards(queue, position, new Set([card.id]));
      setQueue(nextQueue);
      setRevealed(false);
      shownAt.current = Date.now();
      refreshCounts();
      toast.success(action === 'suspend' ? 'Card Suspended' : 'Card Buried', {
        description:
          action === 'suspend'
            ? 'It is out of your studies until you unsuspend it in the card list.'
            : 'It comes back at the start of your next study day.',
      });
      if (position >= nextQueue.length && !waitForRequeued(position)) void finish(session.id);
    },
    [card, session, finishing, queue, position, refreshCounts, finish],
  );

  /** Online the server takes the answer back; offline it is never sent (offline-session.ts). */
  const undo = useCallback(async () => {
    const last = answers.current.pop();
    if (!last || !session) return;
    try {
      const result = offline.current
        ? await undoOffline(user?.id, deck.id, session, last)
        : await flushReviews().then(() => undoReview(session.id));
      const rejoined = requeue.takeBack(last.reviewId);
      const restored = result.card ?? last.card;
      setQueue((current) => {
        const next = [...current];
        next[last.position] = restored;
        // The copy this answer sent back is no longer owed.
        const copy = rejoined ? next.indexOf(rejoined, last.position + 1) : -1;
        if (copy !== -1) next.splice(copy, 1);
        return [...next, ...(last.buried ?? [])];
      });
      setPosition(last.position);
      setWaitingUntil(null);
      setPercent(percentOf(last.position, queue.length));
      setRevealed(false);
      setFinishing('no');
      setSession(result.session);
      shownAt.current = Date.now();
      refreshCounts(); // the deck's last studied date follows the undo
      toast('Answer undone', { description: 'The card is back as it was.' });
    } catch (error) {
      answers.current.push(last);
      toast.error('Undo Failed', { description: errorMessage(error, 'Could not undo.') });
    }
  }, [session, queue.length, refreshCounts, user, deck.id]);

  return {
    phase,
    starting,
    session,
    queue,
    position,
    percent,
    card,
    revealed,
    setRevealed,
    finishing,
    result,
    intervals,
    canUndo: answers.current.length > 0,
    /** Started from the deck kept on the device. */
    offline: Boolean(offline.current),
    /** Past the last card, a requeued card still to come at this time (else null). */
    waitingUntil: card ? null : waitingUntil,
    joinReady: requeue.joinReady,
    begin,
    finish,
    rate,
    undo,
    setAside,
  };
}
