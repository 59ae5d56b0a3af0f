import type { ApiError } from '../../lib/api-client';
import {
  all,
  ANSWER_SYNC_TAG,
  counted,
  isPermanent,
  noTally,
  type OfflineSessionInfo,
  type PendingReview,
  put,
  remove,
  send,
  SEND_ANSWERS_MESSAGE,
  type SyncTally,
} from './answer-store';

export type { OfflineSessionInfo, PendingReview, SyncTally };

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
 *
 * Background sync: while answers wait (offline, or the server out of reach), the page asks the
 * browser for a 'sync' (where it offers it: Chromium); the service worker then sends them even
 * with the app closed, or asks an open page to (sw.ts). Otherwise they go at the next start or
 * when the tab regains the network.
 */

type Listener = (pending: number) => void;
type ErrorListener = (error: ApiError, review: PendingReview) => void;
type TallyListener = (tally: SyncTally) => void;

const listeners = new Set<Listener>();
const errorListeners = new Set<ErrorListener>();
let pendingCount = 0;
let sending: Promise<void> | undefined;
const tallyListeners = new Set<TallyListener>();
let tally: SyncTally = noTally();
/** The item being sent now, and when its sending ends (a withdrawal waits for it). */
let inFlight: { id: string; done: Promise<void> } | undefined;
/** Answers taken back (undo) before they were sent: never sent, even if read meanwhile. */
const withdrawn = new Set<string>();
/** Answers this page sent and the server recorded (an undo of one asks the server). */
const recorded = new Set<string>();

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

/** Asks the browser to wake the service worker when the network returns (Background Sync). */
function askBackgroundSync() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) =>
      (
        registration as ServiceWorkerRegistration & {
          sync?: { register(tag: string): Promise<void> };
        }
      ).sync?.register(ANSWER_SYNC_TAG),
    )
    .catch(() => undefined); // not offered, or refused: the next start or 'online' sends them
}

function reportTally() {
  if (tally.recorded + tally.deleted + tally.refused === 0) return;
  const merged = tally;
  tally = noTally();
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
      tally = counted(tally, next);
      await remove(next.id);
      await publish();
      delay = 1000;
    } catch (error) {
      if (isPermanent(error)) {
        tally = counted(tally, next, error);
        await remove(next.id);
        await publish();
        // A card deleted elsewhere while offline is part of the merge's report, not an error.
        const merged = next.offline && error.code === 'CARD_NOT_FOUND';
        if (!merged) for (const listener of errorListeners) listener(error, next);
        continue;
      }
      inFlight = undefined;
      ended();
      askBackgroundSync();
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
  if (navigator.onLine === false) askBackgroundSync();
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

// Back online, or the service worker's background sync asks: send at once instead of waiting
// for the backoff (this page sends, so an answer it withdrew is never sent by the worker).
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void flushReviews());
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === SEND_ANSWERS_MESSAGE) {
      void flushReviews();
    }
  });
}
