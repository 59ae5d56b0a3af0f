import { Worker } from 'node:worker_threads';

/**
 * Runs SQLite's checkpoints in a worker thread every `intervalMs` (checkpoint-thread.mjs). The
 * main connection's automatic checkpoint is pushed far out (a backstop should the thread die),
 * so none runs inside a request's COMMIT. Durability (decision 0008): with WAL and
 * synchronous=NORMAL a COMMIT is in the log before the answer is acknowledged, so it survives a
 * crash of the process; the log reaches the disk at each checkpoint, so a power loss may cost
 * the answers of the last interval (one second by default).
 */
export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, intervalMs: number): Checkpointer {
  const worker = new Worker(new URL('./checkpoint-thread.mjs', import.meta.url), {
    workerData: { file, intervalMs },
  });
  worker.unref();
  return {
    async stop() {
      worker.postMessage('stop');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 2000);
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
