/**
 * The Anki import worker (issue 12), like the generation worker: claims import jobs under a
 * lease (compare-and-set), renews it while it works, converts the package in a thread of its
 * own with a deadline (import-thread.ts), writing progress to the row at most every 250 ms, stores
 * the media the cards show (media.ts, before the cards: content-addressed, so files of a
 * failed import are harmless orphans), then writes the cards page by page in short
 * transactions (issue 21), taken back if the job fails (import-undo.ts), and the job's
 * completion last. A worker that dies leaves a lease
 * that expires, and another worker takes the job again, at most MAX_IMPORT_ATTEMPTS times.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { IMPORT_JOB_MESSAGES } from '../../../core/anki/import-schemas';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/time';
import { jobSignals, notifyJobChanged } from '../../generation/signals';
import { HttpError } from '../../http/errors';
import type { FileStorage } from '../../storage/storage';
import { IMPORT_PHASES } from './convert';
import { convertInThread } from './import-thread';
import { nothingWritten, writeImportPlan } from './import.service';
import { undoImport } from './import-undo';
import type { RowLimits } from './collection';
import type { PagedPlan } from './plan-pages';
import { storeImportMedia } from './media';
import { recordMediaNames } from '../../media/media-names.repository';
import { checkImportQuotas } from './import-quota';
import { removeUnusedMedia } from '../../quotas/media-sweep';
import type { Quotas } from '../../quotas/quotas.service';
import {
  claimImportJob,
  findClaimableImportJobs,
  findImportJobById,
  type ImportJobRow,
  updateHeldImportJob,
} from './jobs.repository';
import { IMPORT_WAKE } from './jobs.service';
import { fairOrder } from './fair-share';

export const MAX_IMPORT_ATTEMPTS = 3;
/** Import jobs of one user that run at once, whatever the number of workers (issue 21). */
export const IMPORT_JOBS_RUNNING_PER_USER = 1;
/** Progress is written to the job's row at most this often. */
export const PROGRESS_INTERVAL_MS = 250;

export interface ImportWorkerOptions {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  leaseSeconds: number;
  deadlineSeconds: number;
  /** Per-user quotas: a package that would pass one is refused whole (import-quota.ts). */
  quotas: Quotas;
  /** Rows a package may hold (ANKI_IMPORT_MAX_CARDS, ANKI_IMPORT_MAX_REVIEWS). */
  rowLimits?: RowLimits;
  /** The conversion thread's heap (ANKI_IMPORT_MEMORY_MB). */
  memoryMb?: number;
  pollMs?: number;
}

class LostLease extends Error {}

export class ImportWorker {
  readonly id = `import-worker-${randomUUID()}`;
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;

  constructor(private readonly options: ImportWorkerOptions) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** Stops taking jobs; a running job's thread is ended and the job left to its lease. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      try {
        const job = await this.claimNext();
        if (job) {
          await this.process(job);
          continue;
        }
      } catch (error) {
        this.options.logger.error({ err: error, worker: this.id }, 'import worker error');
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          jobSignals.off(IMPORT_WAKE, done);
          this.stopping.signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, this.options.pollMs ?? 1000);
        jobSignals.once(IMPORT_WAKE, done);
        this.stopping.signal.addEventListener('abort', done, { once: true });
      });
    }
  }

  private leaseUntil(): string {
    return nowIso(new Date(Date.now() + this.options.leaseSeconds * 1000));
  }

  private async claimNext(): Promise<ImportJobRow | undefined> {
    const { db } = this.options;
    const { candidates, loads } = await findClaimableImportJobs(db, nowIso());
    for (const candidate of fairOrder(candidates, loads, IMPORT_JOBS_RUNNING_PER_USER)) {
      if (await claimImportJob(db, candidate, this.id, nowIso(), this.leaseUntil())) {
        notifyJobChanged(candidate.id, 'anki-import');
        return findImportJobById(db, candidate.id);
      }
    }
    return undefined;
  }

  /** Ends the job (failed or completed) and removes its upload; false when the lease was lost. */
  private async end(job: ImportJobRow, changes: Parameters<typeof updateHeldImportJob>[3]) {
    const now = nowIso();
    const won = await updateHeldImportJob(this.options.db, job.id, this.id, {
      ...changes,
      upload_path: null,
      lease_owner: null,
      completed_at: now,
      updated_at: now,
    });
    if (won) await this.removeUpload(job);
    notifyJobChanged(job.id, 'anki-import');
    if (won) await this.sweepMedia(job);
    return won;
  }

  private async removeUpload(job: ImportJobRow) {
    if (!job.upload_path) return;
    await this.options.storage.remove(job.upload_path).catch((error: unknown) => {
      this.options.logger.warn({ err: error, jobId: job.id }, 'import upload not removed');
    });
  }

  /** Removes the user's media no card uses (a failed import's files, a re-import's old ones). */
  private async sweepMedia(job: ImportJobRow) {
    await removeUnusedMedia(this.options.db, this.options.storage, job.user_id).catch(
      (error: unknown) => this.options.logger.warn({ err: error, jobId: job.id }, 'media sweep'),
    );
  }

  private fail(job: ImportJobRow, code: string, message: string) {
    return this.end(job, { status: 'failed', error_code: code, error_message: message });
  }

  private async process(job: ImportJobRow): Promise<void> {
    const { db, storage, logger } = this.options;
    const log = logger.child({ jobId: job.id, worker: this.id });
    if (Number(job.attempts) > MAX_IMPORT_ATTEMPTS) {
      await this.fail(job, 'IMPORT_INTERRUPTED', IMPORT_JOB_MESSAGES.interrupted);
      return;
    }
    const lost = new AbortController();
    const deadline = AbortSignal.timeout(this.options.deadlineSeconds * 1000);
    const signal = AbortSignal.any([lost.signal, deadline, this.stopping.signal]);
    const heartbeat = setInterval(
      () => {
        updateHeldImportJob(db, job.id, this.id, { lease_expires_at: this.leaseUntil() })
          .then((held) => held || lost.abort(new LostLease()))
          .catch((error: unknown) => log.warn({ err: error }, 'lease renewal failed'));
      },
      Math.max(1000, (this.options.leaseSeconds * 1000) / 3),
    );
    // Progress: the latest report is written, at most every PROGRESS_INTERVAL_MS.
    let latest: { phase: string; done: number; total: number } | null = null;
    let writing: Promise<unknown> = Promise.resolve();
    let lastWrite = 0;
    const writeProgress = () => {
      const report = latest;
      latest = null;
      lastWrite = Date.now();
      if (!report) return;
      writing = writing
        .then(() => updateHeldImportJob(db, job.id, this.id, { ...report, updated_at: nowIso() }))
        .then(() => notifyJobChanged(job.id, 'anki-import'))
        .catch((error: unknown) => log.warn({ err: error }, 'progress not written'));
    };
    const progress = (phase: string, done: number, total: number) => {
      latest = { phase, done, total };
      if (Date.now() - lastWrite >= PROGRESS_INTERVAL_MS) writeProgress();
    };
    const started = Date.now();
    const written = nothingWritten();
    let plan: PagedPlan | undefined;
    try {
      const bytes = job.upload_path ? await storage.get(job.upload_path) : null;
      if (!bytes) {
        await this.fail(job, 'UPLOAD_GONE', IMPORT_JOB_MESSAGES.uploadGone);
        return;
      }
      const now = nowIso();
      plan = await convertInThread(bytes, now, {
        signal,
        onProgress: progress,
        timeZone: job.time_zone ?? 'UTC',
        limits: this.options.rowLimits,
        memoryMb: this.options.memoryMb,
      });
      const converted = Date.now();
      await checkImportQuotas(db, storage, job.user_id, this.options.quotas, plan);
      const mediaWritten = await storeImportMedia(storage, job.user_id, plan.media, {
        signal,
        onProgress: progress,
      });
      await recordMediaNames(
        db,
        job.user_id,
        plan.media.map((file) => ({ stored: file.name, original: file.originalName })),
      );
      const total = plan.cardCount + plan.revlogCount;
      progress(IMPORT_PHASES.writing, 0, total);
      writeProgress();
      await writing;
      const target = { deckId: Number(job.keep_decks) === 1 ? null : job.deck_id };
      const summary = await writeImportPlan(db, job.user_id, plan, target, now, {
        signal,
        written,
        onProgress: (done) => progress(IMPORT_PHASES.writing, done, total),
      });
      progress(IMPORT_PHASES.writing, total, total);
      writeProgress();
      await writing;
      const won = await updateHeldImportJob(db, job.id, this.id, {
        status: 'completed',
        phase: null,
        done: total,
        summary: JSON.stringify(summary),
        upload_path: null,
        lease_owner: null,
        completed_at: nowIso(),
        updated_at: nowIso(),
      });
      if (!won) throw new LostLease();
      notifyJobChanged(job.id, 'anki-import');
      await this.removeUpload(job);
      await this.sweepMedia(job);
      log.info(
        {
          ms: Date.now() - started,
          convertMs: converted - started,
          cards: summary.cards,
          media: summary.media,
          mediaWritten,
        },
        'import job done',
      );
    } catch (error) {
      await writing;
      plan?.close();
      const retried =
        error instanceof LostLease || lost.signal.aborted || this.stopping.signal.aborted;
      if (!retried) {
        // A failure the job ends with: what it wrote is taken back before it is marked failed.
        await undoImport(db, job.user_id, written, nowIso()).catch((undoError: unknown) =>
          log.error({ err: undoError }, 'failed import not undone'),
        );
      }
      if (error instanceof LostLease || lost.signal.aborted) {
        log.warn('import job lost its lease');
      } else if (this.stopping.signal.aborted) {
        log.info('import job left to its lease (worker stopping)');
      } else if (deadline.aborted) {
        log.warn({ ms: Date.now() - started }, 'import job stopped at its deadline');
        await this.fail(job, 'IMPORT_TOO_LONG', IMPORT_JOB_MESSAGES.tooLong);
      } else if (error instanceof HttpError && error.status < 500) {
        log.info({ code: error.code }, 'import job refused the package');
        await this.fail(job, error.code, error.message);
      } else {
        // The exception's own text (SQL, paths) goes to the log only (issue 21).
        log.warn({ err: error }, 'import job failed');
        await this.fail(job, 'IMPORT_FAILED', IMPORT_JOB_MESSAGES.unexpected);
      }
    } finally {
      plan?.close();
      clearInterval(heartbeat);
    }
  }
}
