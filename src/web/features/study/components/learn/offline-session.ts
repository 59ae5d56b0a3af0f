import type { QueueCard } from '../../../../../core/study-schemas';
import { offlineQueue, withAnswer, withoutAnswer } from '../../../offline/offline-deck';
import { keptDeck, saveKept } from '../../../offline/offline-store';
import { isApiError } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import {
  type LearningSession,
  startSession,
  type StartedSession,
  undoReview,
} from '../../api/study';
import {
  enqueueReview,
  flushReviews,
  type OfflineSessionInfo,
  withdrawReview,
} from '../../review-queue';
import { type Answer, counted } from './answer';

/**
 * A session studied offline (issue 24): its queue comes from the deck kept on the device
 * (the server's queue rules, src/core), its answers are scheduled on the device, kept in the
 * copy (a reload does not ask them again) and wait in the answer queue with the session's start,
 * so the sync makes it a server session.
 */
export interface OfflineStart {
  session: LearningSession;
  queue: QueueCard[];
  info: OfflineSessionInfo;
}

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Null when the deck is not kept on this device. */
export async function startOfflineSession(
  userId: string,
  deckId: string,
  timeZone: string,
): Promise<OfflineStart | null> {
  const reading = performance.now();
  const kept = await keptDeck(userId, deckId).catch(() => undefined);
  if (!kept) return null;
  // Marks for bench/offline-deck.ts (reading the copy, building the queue): cheap and harmless.
  performance.measure('mnemo:offline-read', { start: reading });
  const now = new Date();
  const id = `offline-${crypto.randomUUID()}`;
  const building = performance.now();
  const queue = offlineQueue(kept, now, id);
  performance.measure('mnemo:offline-queue', { start: building });
  return {
    session: {
      id,
      deck_id: deckId,
      session_type: 'mixed',
      started_at: now.toISOString(),
      completed_at: null,
      duration_seconds: null,
      is_completed: false,
      cards_studied: 0,
      again_count: 0,
      hard_count: 0,
      good_count: 0,
      easy_count: 0,
    },
    queue,
    info: { deckId, sessionType: 'mixed', timeZone, startedAt: now.toISOString() },
  };
}

let writes: Promise<void> = Promise.resolve();

/** The answer's schedule into the kept copy (one write after another: none is lost). */
export function keepOfflineAnswer(
  userId: string,
  deckId: string,
  previous: QueueCard,
  updated: QueueCard,
  at: Date,
): Promise<void> {
  writes = writes
    .then(async () => {
      const kept = await keptDeck(userId, deckId);
      if (kept) await saveKept(withAnswer(kept, previous, updated, at));
    })
    .catch(() => undefined);
  return writes;
}

/**
 * Undo in a session studied offline: the answer is taken out of the queue before it is sent
 * (never sent), or, sent meanwhile, taken back by the server's undo; the kept copy has the card
 * as it was and the answer off today's counts. Throws when the server's undo fails.
 */
export async function undoOffline(
  userId: string | undefined,
  deckId: string,
  session: LearningSession,
  last: Answer,
): Promise<{ card: QueueCard; session: LearningSession }> {
  if ((await withdrawReview(last.reviewId)) === 'recorded') await undoReview(session.id);
  if (userId) {
    writes = writes
      .then(async () => {
        const kept = await keptDeck(userId, deckId);
        if (kept) await saveKept(withoutAnswer(kept, last.card));
      })
      .catch(() => undefined);
    await writes;
  }
  return { card: last.card, session: counted(session, last.rating, -1) };
}

/** The session as completed on the device now. */
export function completedOffline(session: LearningSession, at: Date): LearningSession {
  const seconds = Math.round((at.getTime() - new Date(session.started_at).getTime()) / 1000);
  return {
    ...session,
    is_completed: true,
    completed_at: at.toISOString(),
    duration_seconds: Math.max(0, seconds),
  };
}

/** Offline, or the server out of reach: the deck kept on the device, if it is. */
async function startOffline(userId: string | undefined, deckId: string, timeZone: string) {
  const started = userId ? await startOfflineSession(userId, deckId, timeZone) : null;
  if (!started) {
    toast.error('Failed to Start Session', {
      description: 'You are offline, and this deck is not available offline on this device.',
    });
  }
  return started;
}

/**
 * A session on the server (after the answers still waiting), or offline one from the deck
 * kept on the device; null when neither can start (the user was told).
 */
export async function startAnySession(
  userId: string | undefined,
  deckId: string,
  timeZone: string,
): Promise<StartedSession | OfflineStart | null> {
  if (isOffline()) return startOffline(userId, deckId, timeZone);
  await flushReviews();
  return startSession(deckId).catch((error: unknown) => {
    if (isApiError(error) && error.status === 0) return startOffline(userId, deckId, timeZone);
    throw error;
  });
}

/** Ends a session studied offline: the end waits in the queue after its answers. */
export async function finishOffline(
  session: LearningSession,
  info: OfflineSessionInfo,
): Promise<LearningSession> {
  const at = new Date();
  await enqueueReview({
    id: `complete-${session.id}`,
    kind: 'complete',
    sessionId: session.id,
    cardId: '',
    response: 'good',
    responseTimeSeconds: 0,
    createdAt: at.getTime(),
    offline: info,
  }).catch(() => undefined);
  return completedOffline(session, at);
}
