import { type IDBPDatabase, openDB } from 'idb';
import { ApiError, apiRequest } from '../../lib/api-client';
import { keepNotice } from './sync-notices';

/**
 * The answers waiting to be sent, in IndexedDB ('mnemo', 'pending-reviews'), and how one is
 * sent: shared by the page's queue (review-queue.ts) and the service worker's background sync
 * (sw.ts), so both send an answer the same way.
 */

export interface OfflineSessionInfo {
  deckId: string;
  sessionType: 'mixed' | 'new_only' | 'review_only';
  timeZone: string;
  startedAt: string;
}

export interface PendingReview {
  id: string;
  sessionId: string;
  cardId: string;
  response: 'again' | 'hard' | 'good' | 'easy';
  responseTimeSeconds: number;
  createdAt: number;
  /** A session studied offline: made on the server before its first answer is sent. */
  offline?: OfflineSessionInfo;
  /** 'complete': not an answer but the end of an offline session (at `createdAt`). */
  kind?: 'answer' | 'complete';
}

/** What a sync of offline answers merged (reported once the queue is empty). */
export interface SyncTally {
  recorded: number;
  deleted: number;
  refused: number;
}

export const noTally = (): SyncTally => ({ recorded: 0, deleted: 0, refused: 0 });

/** The tally after `next` was sent (no error) or refused for good (`error`). */
export function counted(tally: SyncTally, next: PendingReview, error?: ApiError): SyncTally {
  if (!next.offline || next.kind === 'complete') return tally;
  if (!error) return { ...tally, recorded: tally.recorded + 1 };
  if (error.code === 'CARD_NOT_FOUND') return { ...tally, deleted: tally.deleted + 1 };
  return { ...tally, refused: tally.refused + 1 };
}

/** The background sync's tag: the page registers it when an answer waits offline. */
export const ANSWER_SYNC_TAG = 'mnemo-answers';
/** The worker's message asking an open page to send the answers itself. */
export const SEND_ANSWERS_MESSAGE = 'mnemo-send-answers';

const STORE = 'pending-reviews';
let database: Promise<IDBPDatabase> | undefined;
let memoryFallback: PendingReview[] | undefined;
/** Offline sessions made on the server by this page or worker (asked once each). */
const madeSessions = new Set<string>();

function db(): Promise<IDBPDatabase> {
  database ??= openDB('mnemo', 1, {
    upgrade(upgrade) {
      upgrade.createObjectStore(STORE, { keyPath: 'id' });
    },
  });
  return database;
}

/** Every answer waiting, oldest first. */
export async function all(): Promise<PendingReview[]> {
  const oldestFirst = (items: PendingReview[]) => items.sort((a, b) => a.createdAt - b.createdAt);
  if (memoryFallback) return oldestFirst([...memoryFallback]);
  try {
    return oldestFirst((await (await db()).getAll(STORE)) as PendingReview[]);
  } catch {
    // Private windows of some browsers refuse IndexedDB: keep answers in memory instead.
    memoryFallback = [];
    return [];
  }
}

export async function put(review: PendingReview) {
  if (memoryFallback) memoryFallback.push(review);
  else {
    try {
      await (await db()).put(STORE, review);
    } catch {
      memoryFallback = [review];
    }
  }
}

export async function remove(id: string) {
  if (memoryFallback) memoryFallback = memoryFallback.filter((item) => item.id !== id);
  else await (await db()).delete(STORE, id);
}

/**
 * Never retried: the server will refuse this answer whatever happens. Not a 401: the sign-in
 * ran out (a device offline for days); the answer waits until the learner signs in again.
 */
export function isPermanent(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

const offlineSessionPath = (info: OfflineSessionInfo) =>
  `/api/decks/${encodeURIComponent(info.deckId)}/study/offline-sessions`;

/**
 * Sends one item: an answer, or an offline session's end; an offline session is made first.
 * Throws when it failed (a repeated send is harmless: the server records an id once).
 */
export async function send(next: PendingReview): Promise<void> {
  const { offline } = next;
  const session = offline && {
    id: next.sessionId,
    session_type: offline.sessionType,
    time_zone: offline.timeZone,
    started_at: offline.startedAt,
  };
  if (session && !madeSessions.has(next.sessionId)) {
    await apiRequest(offlineSessionPath(offline), { method: 'POST', body: session });
    madeSessions.add(next.sessionId);
  }
  if (session && next.kind === 'complete') {
    await apiRequest(offlineSessionPath(offline), {
      method: 'POST',
      body: { ...session, completed_at: new Date(next.createdAt).toISOString() },
    });
    return;
  }
  await apiRequest(`/api/study/sessions/${encodeURIComponent(next.sessionId)}/reviews`, {
    method: 'POST',
    body: {
      id: next.id,
      card_id: next.cardId,
      response: next.response,
      response_time_seconds: next.responseTimeSeconds,
      // When it was answered: the server schedules from this instant, as the buttons did.
      answered_at: new Date(next.createdAt).toISOString(),
    },
  });
}

/**
 * One pass over the waiting answers, in order (the service worker's background sync): each sent
 * or, refused for good, dropped; throws at the first that failed otherwise (the browser then
 * tries the sync again later). What it merged is kept for the app to say when it next opens
 * (sync-notices.ts): no page was open to be told. Passes run one after another.
 */
export function sendWaiting(): Promise<void> {
  // One pass at a time: the browser's own sync and another (a retry, a second tag) may fire
  // together, and two passes reading the same answers would send and count each twice.
  const pass = passing.catch(() => undefined).then(sendPass);
  passing = pass;
  return pass;
}

let passing: Promise<void> = Promise.resolve();

async function sendPass(): Promise<void> {
  let tally = noTally();
  try {
    for (const next of await all()) {
      try {
        await send(next);
        tally = counted(tally, next);
      } catch (error) {
        if (!isPermanent(error)) throw error;
        tally = counted(tally, next, error);
      }
      await remove(next.id);
    }
  } finally {
    await keepNotice(tally).catch(() => undefined);
  }
}
