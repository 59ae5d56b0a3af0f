import { Worker } from 'node:worker_threads';
import type { ExportCard, ExportReview } from './collection';
import type { BuildStart } from './collection-builder';

export type ExportRequest =
  | { type: 'start'; start: BuildStart }
  | { type: 'cards'; cards: ExportCard[] }
  | { type: 'notes' }
  | { type: 'reviews'; reviews: ExportReview[] }
  | { type: 'collection' }
  | { type: 'media'; name: string; data: Uint8Array | null }
  | { type: 'close' };

type Answer<R extends ExportRequest> = R extends { type: 'collection' }
  ? string[]
  : R extends { type: 'close' }
    ? { file: string; size: number }
    : null;

/** The export's thread, asked one request at a time (collection-builder.ts does the work). */
export interface ExportThread {
  /** The thread's answer; rejected with the signal's reason once it aborts. */
  ask<R extends ExportRequest>(request: R): Promise<Answer<R>>;
  /** Ends the thread (after the export, or when it failed). */
  stop(): Promise<void>;
  /** The thread's id, as `threadId` gives it (tests check the work is not on the main thread). */
  readonly threadId: number;
}

/**
 * Starts a thread of its own for one .apkg export (issue 21 item 8), ended with it. When
 * `signal` aborts (the export's deadline) the thread is terminated at once, whatever it is
 * doing, and the pending request is rejected with the signal's reason.
 */
export function startExportThread(signal: AbortSignal): ExportThread {
  const thread = new Worker(new URL('./export-thread-main.mjs', import.meta.url));
  let waiting: { resolve: (value: unknown) => void; reject: (error: Error) => void } | null = null;
  let ended: Error | null = null;
  const end = (error: Error) => {
    if (ended) return;
    ended = error;
    signal.removeEventListener('abort', onAbort);
    void thread.terminate();
    waiting?.reject(error);
    waiting = null;
  };
  const onAbort = () => end(signal.reason as Error);
  signal.addEventListener('abort', onAbort, { once: true });
  if (signal.aborted) onAbort();
  thread.on('message', (reply: { result: unknown } | { error: string }) => {
    const pending = waiting;
    waiting = null;
    if ('error' in reply) pending?.reject(new Error(reply.error));
    else pending?.resolve(reply.result);
  });
  thread.on('error', (error) => end(error));
  thread.on('exit', (code) => end(new Error(`the export thread stopped (exit code ${code})`)));
  return {
    threadId: thread.threadId,
    ask<R extends ExportRequest>(request: R) {
      return new Promise<Answer<R>>((resolve, reject) => {
        if (ended) return reject(ended);
        waiting = { resolve: resolve as (value: unknown) => void, reject };
        if (request.type === 'media' && request.data) {
          // A copy of its own is moved, not cloned (storage may hand a view of a shared pool).
          const data = new Uint8Array(request.data);
          thread.postMessage({ ...request, data }, [data.buffer]);
        } else thread.postMessage(request);
      });
    },
    stop: async () => end(new Error('the export thread was stopped')),
  };
}
