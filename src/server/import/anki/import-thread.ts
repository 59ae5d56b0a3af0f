import { Worker } from 'node:worker_threads';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../../http/errors';
import type { ImportPlan, ProgressReport } from './convert';

type Reply =
  | { type: 'progress'; phase: string; done: number; total: number }
  | { type: 'done'; plan: ImportPlan }
  | { type: 'error'; status: number; code: string; message: string };

/**
 * Converts an Anki package (convert.ts) in a worker thread of its own, started for this import
 * and ended with it, posting progress as it goes. When `signal` aborts (the job's deadline, a
 * lost lease) the thread is terminated at once, whatever it is doing. A refusal of the package
 * comes back as the same HttpError (400) it was in the thread.
 */
export function convertInThread(
  bytes: Uint8Array,
  now: string,
  options: { signal: AbortSignal; onProgress: ProgressReport; timeZone?: string },
): Promise<ImportPlan> {
  return new Promise<ImportPlan>((resolve, reject) => {
    if (options.signal.aborted) return reject(options.signal.reason as Error);
    const thread = new Worker(new URL('./import-thread-main.mjs', import.meta.url));
    let settled = false;
    const finish = (error: Error | null, plan?: ImportPlan) => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener('abort', onAbort);
      void thread.terminate();
      if (error) reject(error);
      else resolve(plan!);
    };
    const onAbort = () => finish(options.signal.reason as Error);
    options.signal.addEventListener('abort', onAbort, { once: true });
    thread.on('message', (reply: Reply) => {
      if (reply.type === 'progress') options.onProgress(reply.phase, reply.done, reply.total);
      else if (reply.type === 'done') finish(null, reply.plan);
      else {
        const status = (
          reply.status >= 400 && reply.status < 600 ? reply.status : 500
        ) as ContentfulStatusCode;
        finish(new HttpError(status, reply.code, reply.message));
      }
    });
    thread.on('error', (error) => finish(error));
    thread.on('exit', (code) => finish(new Error(`the import thread stopped (exit code ${code})`)));
    const copy = new Uint8Array(bytes);
    thread.postMessage({ bytes: copy, now, timeZone: options.timeZone ?? 'UTC' }, [copy.buffer]);
  });
}
