import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import {
  ANY_JOB,
  configureJobSignals,
  type JobKind,
  jobSignals,
  receiveJobNotification,
  wakeWorkers,
} from './signals';

/** The PostgreSQL channel every process listens on; the payload is `<kind>:<job id>`. */
export const JOB_CHANNEL = 'mnemo_jobs';
/** The listener's `application_name`, to find it in `pg_stat_activity`. */
export const LISTENER_NAME = 'mnemo-job-listener';

export interface PgJobSignalsOptions {
  url: string;
  db: Kysely<Database>;
  logger: Logger;
  /** First wait before reconnecting a dropped listener; doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface PgJobSignals {
  /** Resolves once the listener has listened at least once (or was stopped). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Job signals across processes on PostgreSQL. Publishing: after a change commits, one
 * `pg_notify` through the pool (PostgreSQL delivers it to every listening session, this one's
 * included). Listening: one dedicated connection per process runs `LISTEN mnemo_jobs` and turns
 * each notification into the in-process signals; when it drops it reconnects with backoff and
 * then wakes every waiting poll and worker once, since notifications sent meanwhile are lost.
 */
export function startPgJobSignals(options: PgJobSignalsOptions): PgJobSignals {
  const { url, db, logger } = options;
  const log = logger.child({ component: 'job-signals' });
  const firstBackoff = options.backoffMs ?? 100;
  const maxBackoff = options.maxBackoffMs ?? 5000;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let backoff = firstBackoff;
  let listenedOnce = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const publish = (kind: JobKind, jobId: string) => {
    sql`select pg_notify(${JOB_CHANNEL}, ${`${kind}:${jobId}`})`
      .execute(db)
      .catch((error: unknown) => {
        // The change is committed; other processes will see it at their next look.
        if (!stopped) log.warn({ err: error, jobId }, 'job notification not sent');
      });
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    const wait = backoff;
    backoff = Math.min(maxBackoff, backoff * 2);
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, wait);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    client = next;
    let dropped = false;
    const onDrop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = undefined;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (stopped) return;
      log.warn({ err: error }, 'job listener connection lost; reconnecting');
      scheduleReconnect();
    };
    next.on('error', onDrop);
    next.on('end', () => onDrop());
    next.on('notification', (message) => {
      if (message.channel === JOB_CHANNEL && message.payload) {
        receiveJobNotification(message.payload);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${JOB_CHANNEL}`);
    } catch (error) {
      onDrop(error as Error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    backoff = firstBackoff;
    if (listenedOnce) {
      log.info('job listener reconnected');
      // Whatever was notified while the listener was away is lost: everyone looks again.
      jobSignals.emit('changed', ANY_JOB);
      wakeWorkers(ANY_JOB);
    }
    listenedOnce = true;
    markReady();
  };

  configureJobSignals({ publish });
  void connect();

  return {
    ready,
    async stop() {
      stopped = true;
      configureJobSignals({ publish: undefined });
      if (retry) clearTimeout(retry);
      markReady();
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
