import { Worker } from 'node:worker_threads';
import type { ExportCard, ExportReview } from './collection';
import type { BuildStart } from './collection-builder';

export type ExportRequest =
  | { type: 'start'; start: BuildStart }
  | { type: 'cards'; cards: ExportCard[] }
  | { type: 'referenced' }
  | { type: 'notes'; originals?: [string, string][] }
  | { type: 'reviews'; reviews: ExportReview[] }
  | { type: 'collection' }
  | { type: 'media'; name: string; data: Uint8Array | null }
  | { type: 'close' };

type Answer<R extends ExportRequest> = R extends { type: 'collection' | 'referenced' }
  ? string[]
  : R extends { type: 'close' }
    ? { file: string; size: number }
    : null;

/** The export's thread, asked one request at a time (collection-builder.ts does the work). */
export interface ExportThread {
  /** The thread's answer; rejected with the signal's reason once it aborts. */
  ask<R extends ExportRequest>(request: R): Promise<Answer<R>>;
  /**
   * The export is over: a thread that finished cleanly waits for the next export (starting a
   * thread and loading its modules costs more than a small export), any other is ended.
   */
  stop(): Promise<void>;
  /** The thread's id, as `threadId` gives it (tests check the work is not on the main thread). */
  readonly threadId: number;
}

/** One idle thread kept for the next export. */
let idle: Worker | null = null;

function newThread(): Worker {
  const thread = new Worker(new URL('./export-thread-main.mjs', import.meta.url));
  // While idle, nobody else listens: a failure just ends it, and it is not used again.
  thread.on('error', () => {});
  thread.on('exit', () => {
    if (idle === thread) idle = null;
  });
  return thread;
}

/**
 * A thread for one .apkg export (issue 21 item 8): the idle one, or a new one. When `signal`
 * aborts (the export's deadline) the thread is terminated at once, whatever it is doing, and
 * the pending request is rejected with the signal's reason.
 */
export function startExportThread(signal: AbortSignal): ExportThread {
  const thread = idle ?? newThread();
  idle = null;
  thread.ref();
  let waiting: { resolve: (value: unknown) => void; reject: (error: Error) => void } | null = null;
  let ended: Error | null = null;
  const detach = () => {
    signal.removeEventListener('abort', onAbort);
    thread.off('message', onMessage);
    thread.off('error', onError);
    thread.off('exit', onExit);
  };
  const end = (error: Error) => {
    if (ended) return;
    ended = error;
    detach();
    void thread.terminate();
    waiting?.reject(error);
    waiting = null;
  };
  const onAbort = () => end(signal.reason as Error);
  const onMessage = (reply: { result: unknown } | { error: string }) => {
    const pending = waiting;
    waiting = null;
    if ('error' in reply) pending?.reject(new Error(reply.error));
    else pending?.resolve(reply.result);
  };
  const onError = (error: Error) => end(error);
  const onExit = (code: number) => end(new Error(`the export thread stopped (exit code ${code})`));
  signal.addEventListener('abort', onAbort, { once: true });
  thread.on('message', onMessage);
  thread.on('error', onError);
  thread.on('exit', onExit);
  if (signal.aborted) onAbort();
  let clean = false;
  return {
    threadId: thread.threadId,
    ask<R extends ExportRequest>(request: R) {
      return new Promise<Answer<R>>((resolve, reject) => {
        if (ended) return reject(ended);
        waiting = {
          resolve: (value) => {
            clean = request.type === 'close';
            resolve(value as Answer<R>);
          },
          reject: (error) => {
            clean = false;
            reject(error);
          },
        };
        if (request.type === 'media' && request.data) {
          // A copy of its own is moved, not cloned (storage may hand a view of a shared pool).
          const data = new Uint8Array(request.data);
          thread.postMessage({ ...request, data }, [data.buffer]);
        } else thread.postMessage(request);
      });
    },
    stop: async () => {
      if (!ended && clean && waiting === null && idle === null) {
        ended = new Error('the export is over');
        detach();
        thread.unref(); // idle: it does not keep the process alive
        idle = thread;
        return;
      }
      end(new Error('the export thread was stopped'));
    },
  };
}
