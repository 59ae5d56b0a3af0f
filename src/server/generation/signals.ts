import { EventEmitter } from 'node:events';

/**
 * In-process wake-ups of the job queue: 'job' when a job becomes pending (workers look at once
 * instead of at their next poll) and 'changed' with the job's id once a status change is
 * committed (the status long-poll answers at once). Other processes sharing the database are
 * still seen, by polling.
 */
export const jobSignals = new EventEmitter();
jobSignals.setMaxListeners(0);

export function notifyJobChanged(jobId: string): void {
  jobSignals.emit('changed', jobId);
}

/** Resolves when this job changes in this process, after `ms`, or when `signal` aborts. */
export function jobChanged(jobId: string, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      jobSignals.off('changed', onChange);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const onChange = (id: string) => {
      if (id === jobId) done();
    };
    const timer = setTimeout(done, ms);
    jobSignals.on('changed', onChange);
    signal?.addEventListener('abort', done, { once: true });
  });
}
