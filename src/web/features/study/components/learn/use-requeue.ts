import { type Dispatch, type SetStateAction, useCallback, useEffect, useMemo, useRef } from 'react';
import { learnAhead, REQUEUE_CHECK_MS } from '../../../../../core/scheduling';
import type { QueueCard } from '../../api/study';

interface Requeued {
  card: QueueCard;
  availableAt: number;
  /** The answer that sent the card back. */
  reviewId: string;
}

/**
 * Cards an answer sends back into the session: they wait until available and join the queue at
 * the spec's check every 5 s; `takeAhead` brings the earliest in at once (FSRS's learn-ahead);
 * `takeBack` forgets what an undone answer sent back and says which copy already joined;
 * `nextAt` and `joinReady` let the end of the queue wait for a card still to come.
 */
export function useRequeue(active: boolean, setQueue: Dispatch<SetStateAction<QueueCard[]>>) {
  const waiting = useRef<Requeued[]>([]);
  const joined = useRef<Requeued[]>([]);

  /** The waiting cards now available join the queue. */
  const joinReady = useCallback(() => {
    const now = Date.now();
    const ready = waiting.current.filter((item) => item.availableAt <= now);
    if (ready.length === 0) return;
    waiting.current = waiting.current.filter((item) => item.availableAt > now);
    joined.current.push(...ready);
    setQueue((current) => [...current, ...ready.map((item) => item.card)]);
  }, [setQueue]);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(joinReady, REQUEUE_CHECK_MS);
    return () => clearInterval(timer);
  }, [active, joinReady]);

  return useMemo(
    () => ({
      joinReady,
      /** When the earliest waiting card is available (ms since the epoch), if any waits. */
      nextAt(): number | undefined {
        const times = waiting.current.map((item) => item.availableAt);
        return times.length > 0 ? Math.min(...times) : undefined;
      },
      reset() {
        waiting.current = [];
        joined.current = [];
      },
      add(card: QueueCard, delaySeconds: number, reviewId: string) {
        waiting.current.push({ card, availableAt: Date.now() + delaySeconds * 1000, reviewId });
      },
      /** Forgets the waiting copies of these cards (suspended, buried). */
      drop(cardIds: Set<string>) {
        waiting.current = waiting.current.filter((item) => !cardIds.has(item.card.id));
      },
      /** The earliest waiting card due within the learn-ahead limit, now in the queue. */
      takeAhead(): QueueCard | undefined {
        const ahead = learnAhead(waiting.current, Date.now());
        if (!ahead) return undefined;
        waiting.current = waiting.current.filter((item) => item !== ahead);
        joined.current.push(ahead);
        setQueue((current) => [...current, ahead.card]);
        return ahead.card;
      },
      /** Undo of `reviewId`: its copy no longer waits; returns the copy that already joined. */
      takeBack(reviewId: string): QueueCard | undefined {
        waiting.current = waiting.current.filter((item) => item.reviewId !== reviewId);
        const copy = joined.current.find((item) => item.reviewId === reviewId);
        joined.current = joined.current.filter((item) => item !== copy);
        return copy?.card;
      },
    }),
    [setQueue, joinReady],
  );
}
