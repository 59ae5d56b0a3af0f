import { Worker } from 'node:worker_threads';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IMPORT_JOB_MESSAGES } from '../../../core/anki/import-schemas';
import { HttpError } from '../../http/errors';
import type { RowLimits } from './collection';
import type { ProgressReport } from './convert';
import { type PagedPlan, type PageKind, pagesOf, type PlanHead } from './plan-pages';

type Reply =
  | { type: 'progress'; phase: string; done: number; total: number }
  | { type: 'done'; head: PlanHead }
  | { type: 'page'; kind: PageKind; from: number; items: unknown[] }
  | { type: 'error'; status: number; code: string; message: string };

/**
 * Converts an Anki package (convert.ts) in a worker thread of its own, started for this import
 * and ended with it, posting progress as it goes. The plan comes back as its head; the thread
 * keeps the rows and hands them out in pages (plan-pages.ts) until `close()`. When `signal`
 * aborts (the job's deadline, a lost lease) the thread is terminated at once, whatever it is
 * doing. A refusal of the package comes back as the same HttpError (400) it was in the thread;
 * a package whose conversion passes the thread's heap limit (`memoryMb`) is refused with 413, so
 * one package's memory is bounded whatever its rows (issue 21 item 5).
 */
export function convertInThread(
  bytes: Uint8Array,
  now: string,
  options: {
    signal: AbortSignal;
    onProgress: ProgressReport;
    timeZone?: string;
    limits?: RowLimits;
    /** The thread's heap (ANKI_IMPORT_MEMORY_MB): past it the package is refused (413). */
    memoryMb?: number;
  },
): Promise<PagedPlan> {
  return new Promise<PagedPlan>((resolve, reject) => {
    if (options.signal.aborted) return reject(options.signal.reason as Error);
    const thread = new Worker(new URL('./import-thread-main.mjs', import.meta.url), {
      ...(options.memoryMb
        ? {
            resourceLimits: {
              maxOldGenerationSizeMb: options.memoryMb,
              maxYoungGenerationSizeMb: Math.min(64, Math.max(8, options.memoryMb / 16)),
            },
          }
        : {}),
    });
    let ended: Error | null = null;
    let waiting: { resolve: (items: unknown[]) => void; reject: (error: Error) => void } | null =
      null;
    const end = (error: Error) => {
      if (ended) return;
      ended = error;
      options.signal.removeEventListener('abort', onAbort);
      void thread.terminate();
      reject(error);
      waiting?.reject(error);
      waiting = null;
    };
    const onAbort = () => end(options.signal.reason as Error);
    options.signal.addEventListener('abort', onAbort, { once: true });
    const page = (kind: PageKind, from: number) =>
      new Promise<unknown[]>((resolvePage, rejectPage) => {
        if (ended) return rejectPage(ended);
        waiting = { resolve: resolvePage, reject: rejectPage };
        thread.postMessage({ kind, from });
      });
    thread.on('message', (reply: Reply) => {
      if (reply.type === 'progress') options.onProgress(reply.phase, reply.done, reply.total);
      else if (reply.type === 'page') {
        const pending = waiting;
        waiting = null;
        pending?.resolve(reply.items);
      } else if (reply.type === 'done') {
        resolve({
          ...reply.head,
          cardPages: () => pagesOf((from) => page('cards', from) as never),
          revlogPages: () => pagesOf((from) => page('revlog', from) as never),
          close: () => end(new Error('the import thread was closed')),
        });
      } else {
        const status = (
          reply.status >= 400 && reply.status < 600 ? reply.status : 500
        ) as ContentfulStatusCode;
        end(new HttpError(status, reply.code, reply.message));
      }
    });
    thread.on('error', (error: NodeJS.ErrnoException) =>
      end(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new HttpError(413, 'IMPORT_TOO_LARGE', IMPORT_JOB_MESSAGES.tooMuchMemory)
          : error,
      ),
    );
    thread.on('exit', (code) => end(new Error(`the import thread stopped (exit code ${code})`)));
    const copy = new Uint8Array(bytes);
    thread.postMessage(
      { bytes: copy, now, timeZone: options.timeZone ?? 'UTC', limits: options.limits },
      [copy.buffer],
    );
  });
}
