import type { CardState, Rating, SchedulerName } from './types';

/** Session estimate: 30 seconds per card, rounded up to minutes (SPEC §9). */
export const SECONDS_PER_CARD = 30;
/** Requeue delays on the learn page (SPEC §4, §9). */
export const REQUEUE_AGAIN_SECONDS = 60;
export const REQUEUE_HARD_LEARNING_SECONDS = 600;
/** How often the learn page appends requeued cards that became available. */
export const REQUEUE_CHECK_MS = 5000;

export function estimatedMinutes(cards: number): number {
  return Math.ceil((cards * SECONDS_PER_CARD) / 60);
}

/** The session preview (SPEC §3 derived views). */
export function sessionPreview(deckName: string, newCards: number, dueCards: number) {
  return {
    deckName,
    newCards,
    dueCards,
    estimatedDuration: estimatedMinutes(newCards + dueCards),
  };
}

/**
 * When a rated card comes back in the same session: again after 60 s; hard on a learning card
 * (by the answer's resulting state or the card's state before it) after 600 s; otherwise never.
 */
export function requeueDelaySeconds(
  rating: Rating,
  stateBefore: CardState,
  stateAfter: CardState,
): number | null {
  if (rating === 'again') return REQUEUE_AGAIN_SECONDS;
  if (rating === 'hard' && (stateBefore === 'learning' || stateAfter === 'learning')) {
    return REQUEUE_HARD_LEARNING_SECONDS;
  }
  return null;
}

/** Anki's learn-ahead limit: at the end of the queue, a learning card due this soon is shown. */
export const LEARN_AHEAD_SECONDS = 20 * 60;

/**
 * When a rated card comes back in the same session, by the deck's scheduler: SM-2 keeps the
 * spec's delays (`requeueDelaySeconds`); FSRS brings a card in (re)learning back when its step
 * is due (Anki's learning queue), if that is within the study day; otherwise never.
 */
export function sessionRequeueDelaySeconds(
  scheduler: SchedulerName,
  rating: Rating,
  stateBefore: CardState,
  result: { card_state: CardState; due_date: Date },
  now: Date,
  studyDayEnd: Date,
): number | null {
  if (scheduler === 'sm2') return requeueDelaySeconds(rating, stateBefore, result.card_state);
  if (result.card_state !== 'learning') return null;
  if (result.due_date.getTime() >= studyDayEnd.getTime()) return null;
  return Math.max(0, Math.ceil((result.due_date.getTime() - now.getTime()) / 1000));
}

/**
 * At the end of the queue in FSRS mode: the requeued card to show now (the earliest, if it is
 * due within the learn-ahead limit), as Anki does when nothing else is left; else undefined.
 */
export function learnAhead<T extends { availableAt: number }>(
  waiting: T[],
  nowMs: number,
): T | undefined {
  const earliest = [...waiting].sort((a, b) => a.availableAt - b.availableAt)[0];
  if (!earliest || earliest.availableAt - nowMs > LEARN_AHEAD_SECONDS * 1000) return undefined;
  return earliest;
}

/** A small, fast, seedable PRNG (mulberry32) from a string seed. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let index = 0; index < seed.length; index++) {
    h = Math.imul(h ^ seed.charCodeAt(index), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SessionType = 'mixed' | 'new_only' | 'review_only';

interface QueueItem {
  card_state: CardState;
  created_at: string | Date;
  due_date: string | Date;
  id: string;
}

const time = (value: string | Date) => new Date(value).getTime();

/**
 * get_fresh_session_queue's order: new cards oldest first, reviews by due date (both capped by
 * the caller's limits); a mixed session shuffles them together (Fisher–Yates, seeded so a
 * session's order can be reproduced); suspended cards never come.
 */
export function orderSessionQueue<T extends QueueItem>(
  newCards: T[],
  dueCards: T[],
  sessionType: SessionType,
  seed: string,
): T[] {
  const fresh = newCards
    .filter((card) => card.card_state === 'new')
    .sort((a, b) => time(a.created_at) - time(b.created_at) || a.id.localeCompare(b.id));
  const due = dueCards
    .filter((card) => card.card_state === 'learning' || card.card_state === 'review')
    .sort((a, b) => time(a.due_date) - time(b.due_date) || a.id.localeCompare(b.id));
  if (sessionType === 'new_only') return fresh;
  if (sessionType === 'review_only') return due;
  const queue = [...fresh, ...due];
  const random = seededRandom(seed);
  for (let index = queue.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [queue[index], queue[other]] = [queue[other] as T, queue[index] as T];
  }
  return queue;
}
