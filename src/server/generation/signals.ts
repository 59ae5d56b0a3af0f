import { EventEmitter } from 'node:events';

/**
 * Wake-ups of the job queues: 'job' (generation) or 'import-job' (Anki import) when a job may
 * have become claimable (idle workers look at
 * once instead of at their next poll) and 'changed' with the job's id once a status change is
 * committed (the status long-poll answers at once). A change is emitted in this process and
 * handed to the publisher: on PostgreSQL `pg-job-signals.ts` sends it to every other process
 * sharing the database (NOTIFY) and emits what the others send. 'changed' with ANY_JOB means
 * "changes may have been missed" (the listener reconnected): every waiting poll looks again.
 */
export const jobSignals = new EventEmitter();
jobSignals.setMaxListeners(0);

export const ANY_JOB = '*';

/** The kind of job a notification is about; other job tables add theirs. */
export type JobKind = 'generation' | 'anki-import';

/** The event that wakes a kind's idle workers. */
export const WAKE_EVENTS: Record<JobKind, string> = {
  generation: 'job',
  'anki-import': 'import-job',
};

const isKind = (kind: string): kind is JobKind => Object.hasOwn(WAKE_EVENTS, kind);

/** Wakes the idle workers of one kind, or of every kind after a reconnection (ANY_JOB). */
export function wakeWorkers(kind: string): void {
  if (isKind(kind)) jobSignals.emit(WAKE_EVENTS[kind], kind);
  else if (kind === ANY_JOB) for (const event of Object.values(WAKE_EVENTS)) jobSignals.emit(event);
}

interface SignalSettings {
  /** Sends a committed change to the other processes (none on SQLite). */
  publish: ((kind: JobKind, jobId: string) => void) | undefined;
  /**
   * How long a status long-poll waits for a wake-up before it reads the job again anyway: short
   * when other processes are heard only by reading (SQLite), long as a safety net when they
   * notify (PostgreSQL).
   */
  recheckMs: number;
}

const settings: SignalSettings = { publish: undefined, recheckMs: 250 };

export function configureJobSignals(next: Partial<SignalSettings>): void {
  Object.assign(settings, next);
}

export function statusRecheckMs(): number {
  return settings.recheckMs;
}

/** A status change of this job was committed: wake this process's polls and tell the others. */
export function notifyJobChanged(jobId: string, kind: JobKind = 'generation'): void {
  jobSignals.emit('changed', jobId);
  settings.publish?.(kind, jobId);
}

/** A job became pending (created or retried): wake idle workers here and in other processes. */
export function notifyJobPending(jobId: string, kind: JobKind = 'generation'): void {
  jobSignals.emit('changed', jobId);
  wakeWorkers(kind);
  settings.publish?.(kind, jobId);
}

/**
 * What a notification from another process means here: the job's polls wake, and idle workers
 * look (the change may have made a job claimable: a new one, or a user's running job finished,
 * which frees a place under the per-user limit).
 */
export function receiveJobNotification(payload: string): void {
  const colon = payload.indexOf(':');
  const jobId = colon === -1 ? payload : payload.slice(colon + 1);
  const kind = colon === -1 ? 'generation' : payload.slice(0, colon);
  if (!jobId) return;
  jobSignals.emit('changed', jobId);
  wakeWorkers(kind);
}

/**
 * Watches one job from now on: `next` resolves at the first change since the previous `next`
 * (one that came while nobody waited is kept, so a change between a read and the wait is not
 * lost), after `ms`, or on abort. `close` stops watching.
 */
export function watchJob(jobId: string) {
  let changed = false;
  let wake: (() => void) | undefined;
  const onChange = (id: string) => {
    if (id !== jobId && id !== ANY_JOB) return;
    changed = true;
    wake?.();
  };
  jobSignals.on('changed', onChange);
  return {
    next(ms: number, signal?: AbortSignal): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          wake = undefined;
          changed = false;
          resolve();
        };
        if (changed || signal?.aborted) {
          changed = false;
          resolve();
          return;
        }
        const timer = setTimeout(done, ms);
        wake = done;
        signal?.addEventListener('abort', done, { once: true });
      });
    },
    close(): void {
      jobSignals.off('changed', onChange);
      wake?.();
    },
  };
}
