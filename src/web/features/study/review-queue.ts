import { type IDBPDatabase, openDB } from 'idb';
import { ApiError, apiRequest } from '../../lib/api-client';

/**
 * The durable answer queue ("nothing lost"): every rating is written to IndexedDB first and
 * sent from there, in order, with the id made when it was given. A network failure or a 5xx is
 * retried with backoff; a reload resends what is left; the server records a resent id once.
 * Only a 4xx that can never succeed drops an answer (and is reported).
 *
 * Answers given offline (issue 24) carry their session's start: the session is made a server
 * session first (POST /api/decks/:id/study/offline-sessions, harmless to repeat), and the
 * session's end waits in the queue after its answers. When the queue is empty, what was merged
 * is reported (answers recorded, cards deleted elsewhere).
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

type Listener = (pending: number) => void;
type ErrorListener = (error: ApiError, review: PendingReview) => void;
type TallyListener = (tally: SyncTally) => void;

const STORE = 'pending-reviews';
let database: Promise<IDBPDatabase> | undefined;
const listeners = new Set<Listener>();
const errorListeners = new Set<ErrorListener>();
let pendingCount = 0;
let sending: Promise<void> | undefined;
let memoryFallback: PendingReview[] | undefined;
const tallyListeners = new Set<TallyListener>();
let tally: SyncTally = { recorded: 0, deleted: 0, refused: 0 };
/** Offline sessions made on the server by this page (asked once each). */
const madeSessions = new Set<string>();
/** The item being sent now, and when its sending ends (a withdrawal waits for it). */
let inFlight: { id: string; done: Promise<void> } | undefined;
/** Answers taken back (undo) before they were sent: never sent, even if read meanwhile. */
const withdrawn = new Set<string>();
/** Answers this page sent and the server recorded (an undo of one asks the server). */
const recorded = new Set<string>();

function db(): Promise<IDBPDatabase> {
  database ??= openDB('mnemo', 1, {
    upgrade(upgrade) {
      upgrade.createObjectStore(STORE, { keyPath: 'id' });
    },
  });
  return database;
}

async function all(): Promise<PendingReview[]> {
  if (memoryFallback) return [...memoryFallback];
  try {
    const items = (await (await db()).getAll(STORE)) as PendingReview[];
    return items.sort((a, b) => a.createdAt - b.createdAt);
  } catch {
    // Private windows of some browsers refuse IndexedDB: keep answers in memory instead.
    memoryFallback = [];
    return [];
  }
}

async function put(review: PendingReview) {
  if (memoryFallback) memoryFallback.push(review);
  else {
    try {
      await (await db()).put(STORE, review);
    } catch {
      memoryFallback = [review];
    }
  }
}

async function remove(id: string) {
  if (memoryFallback) memoryFallback = memoryFallback.filter((item) => item.id !== id);
  else await (await db()).delete(STORE, id);
}

async function publish() {
  pendingCount = (await all()).filter((item) => item.kind !== 'complete').length;
  for (const listener of listeners) listener(pendingCount);
}

/** Waits `ms`, or less when the browser comes back online. */
const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });

/** Never retried: the server will refuse this answer whatever happens. */
function isPermanent(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

const offlineSessionPath = (info: OfflineSessionInfo) =>
  `/api/decks/${encodeURIComponent(info.deckId)}/study/offline-sessions`;

/** Sends one item: an answer, or an offline session's end; an offline session is made first. */
async function send(next: PendingReview): Promise<void> {
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

function count(next: PendingReview, error?: ApiError) {
  if (!next.offline || next.kind === 'complete') return;
  if (!error) tally.recorded++;
  else if (error.code === 'CARD_NOT_FOUND') tally.deleted++;
  else tally.refused++;
}

function reportTally() {
  if (tally.recorded + tally.deleted + tally.refused === 0) return;
  const merged = tally;
  tally = { recorded: 0, deleted: 0, refused: 0 };
  for (const listener of tallyListeners) listener(merged);
}

async function sendAll(): Promise<void> {
  let delay = 1000;
  for (;;) {
    const [next] = await all();
    if (!next) {
      reportTally();
      return;
    }
    if (withdrawn.has(next.id)) {
      await remove(next.id); // read before its undo took it out: not sent
      await publish();
      continue;
    }
    let ended = () => {};
    inFlight = { id: next.id, done: new Promise<void>((resolve) => (ended = resolve)) };
    try {
      await send(next);
      recorded.add(next.id);
      count(next);
      await remove(next.id);
      await publish();
      delay = 1000;
    } catch (error) {
      if (isPermanent(error)) {
        count(next, error);
        await remove(next.id);
        await publish();
        // A card deleted elsewhere while offline is part of the merge's report, not an error.
        const merged = next.offline && error.code === 'CARD_NOT_FOUND';
        if (!merged) for (const listener of errorListeners) listener(error, next);
        continue;
      }
      inFlight = undefined;
      ended();
      await sleep(delay);
      delay = Math.min(30_000, delay * 2);
    } finally {
      inFlight = undefined;
      ended();
    }
  }
}

/**
 * Takes back an answer (undo): 'withdrawn' when it had not been sent (it never will be),
 * 'recorded' when the server has it (the server's undo must take it back), 'gone' when the
 * server refused it (nothing to take back there). An answer being sent is waited for.
 */
export async function withdrawReview(id: string): Promise<'withdrawn' | 'recorded' | 'gone'> {
  for (;;) {
    if (inFlight?.id === id) {
      await inFlight.done;
      continue;
    }
    const waiting = (await all()).some((item) => item.id === id);
    if (inFlight?.id === id) continue; // its sending began meanwhile
    if (!waiting) return recorded.has(id) ? 'recorded' : 'gone';
    withdrawn.add(id); // from here on the sender skips it (checked before each send)
    await remove(id);
    await publish();
    return 'withdrawn';
  }
}

/** Starts sending (if not already) and resolves when the queue is empty. */
export function flushReviews(): Promise<void> {
  sending ??= sendAll().finally(() => {
    sending = undefined;
  });
  return sending;
}

/** Keeps an answer durably, then sends it in the background. */
export async function enqueueReview(review: PendingReview): Promise<void> {
  await put(review);
  await publish();
  void flushReviews();
}

export function onPendingChange(listener: Listener): () => void {
  listeners.add(listener);
  listener(pendingCount);
  void publish();
  return () => listeners.delete(listener);
}

export function onReviewRejected(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

/** Hears what each sync of offline answers merged. */
export function onSyncMerged(listener: TallyListener): () => void {
  tallyListeners.add(listener);
  return () => tallyListeners.delete(listener);
}

// Back online: send at once instead of waiting for the backoff.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void flushReviews());
}
