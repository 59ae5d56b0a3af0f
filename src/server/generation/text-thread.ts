import { Worker } from 'node:worker_threads';
import type { TextTask, TextTaskResult } from './text-tasks';

type Reply = { id: number; result: unknown } | { id: number; error: string };

/** Work on text in a worker thread of its own (see text-tasks.ts). */
export interface TextThread {
  /**
   * Runs a task in the thread, in order after the tasks before it. When `signal` aborts
   * (a cancel, a lost lease, the job's deadline) the thread is stopped at once, whatever it is
   * doing, every task waiting on it is rejected with the signal's reason, and the next task
   * starts a fresh thread.
   */
  run<T extends TextTask>(task: T, signal?: AbortSignal): Promise<TextTaskResult<T>>;
  /** Stops the thread (the next task starts a new one). */
  stop(): Promise<void>;
}

export function createTextThread(): TextThread {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();

  const rejectAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };

  const start = () => {
    const thread = new Worker(new URL('./text-thread-main.mjs', import.meta.url));
    thread.unref();
    thread.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (pending.size === 0) thread.unref(); // idle: it does not keep the process alive
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (error: Error) => {
      if (worker !== thread) return;
      worker = undefined;
      rejectAll(error);
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`the text thread stopped (exit code ${code})`)));
    return thread;
  };

  const stop = async (reason: Error) => {
    const thread = worker;
    worker = undefined;
    rejectAll(reason);
    await thread?.terminate();
  };

  return {
    run<T extends TextTask>(task: T, signal?: AbortSignal) {
      return new Promise<TextTaskResult<T>>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason as Error);
        worker ??= start();
        const thread = worker;
        const id = nextId++;
        const onAbort = () => {
          // Only this thread, and only if it still works on this task.
          if (worker === thread && pending.has(id)) void stop(signal?.reason as Error);
        };
        pending.set(id, {
          resolve: (value) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(value as TextTaskResult<T>);
          },
          reject: (error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        });
        thread.ref();
        signal?.addEventListener('abort', onAbort, { once: true });
        thread.postMessage({ id, task });
      });
    },
    stop: () => stop(new Error('the text thread was stopped')),
  };
}
