import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import { stripControlCharacters } from '../../core/card-content/control-characters';
import type { Logger } from 'pino';
import { GENERATION_MESSAGES } from '../../core/generation-requests';
import type { Database } from '../db/database';
import { nowIso } from '../db/time';
import { addToCardCount } from '../decks/decks.repository';
import { QUOTA_CODES } from '../../core/quota';
import { HttpError } from '../http/errors';
import { checkCardQuota, type Quotas } from '../quotas/quotas.service';
import { noteCardRows } from '../flashcards/cloze-notes';
import { insertFlashcards } from '../flashcards/flashcards.repository';
import type { CardGenerator, PartProgress } from './generator';
import { isFailedPartsWarning } from './llm-generator';
import {
  claimJob,
  findClaimableJobs,
  findJobById,
  type JobRow,
  renewLease,
  updateJobIf,
} from './jobs.repository';
import { prepareCards } from './pipeline';
import type { TextThread } from './text-thread';
import { jobSignals, notifyJobChanged } from './signals';

/**
 * A job whose worker died this many times is failed instead of being taken again. Each attempt
 * is bounded by the deadline and runs its text work in a thread, so a job that killed its
 * process cannot freeze the next one; a job that ran out of time fails at once.
 */
export const MAX_JOB_ATTEMPTS = 3;

/** Wakes idle workers in this process when a job is created or retried. */

export interface WorkerOptions {
  db: Kysely<Database>;
  logger: Logger;
  generator: CardGenerator;
  /** The user's own model's generator (Settings → AI), or null for the server's. */
  generatorFor?: (userId: string) => Promise<CardGenerator | null>;
  /** The worker's own thread for the work on a job's text (also the generator's). */
  thread: TextThread;
  leaseSeconds: number;
  /** Time one attempt at a job may take; past it the job fails ('took too long'). */
  deadlineSeconds: number;
  maxJobsPerUser: number;
  /** Per-user quotas: a job whose cards would pass the card quota fails, writing none. */
  quotas: Quotas;
  /** How often an idle worker looks for work (jobs made by other processes). */
  pollMs?: number;
}

const sleep = (ms: number, wake: EventEmitter, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wake.off('job', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    wake.once('job', done);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * A generation worker: takes jobs from the generation_jobs table under a lease, renews the
 * lease while it works, and writes the cards and the final status in one transaction. A worker
 * that dies leaves a lease that expires, and another worker takes the job again.
 */
/**
 * A job's warnings (a JSON list) with more at the end; on a retry of failed parts (`gone`)
 * without the warnings about those parts (the retry says again which still fail).
 */
function withWarning(warnings: string | null, notes: string[], gone: boolean): string {
  const list = warnings ? (JSON.parse(warnings) as string[]) : [];
  const kept = gone ? list.filter((warning) => !isFailedPartsWarning(warning)) : list;
  return JSON.stringify([...kept, ...notes]);
}

/** On a retry of failed parts: the cards the job has already, and that its warnings go. */
function retryOf(job: JobRow) {
  if (!job.failed_parts) return { before: 0, gone: false };
  return { before: Number(job.cards_created), gone: true };
}

export class GenerationWorker {
  readonly id = `worker-${randomUUID()}`;
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** Stops taking jobs and lets the running one finish (or be abandoned to its lease). */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    await this.options.thread.stop();
  }

  private async run(): Promise<void> {
    const { logger } = this.options;
    while (!this.stopping.signal.aborted) {
      try {
        const job = await this.claimNext();
        if (job) {
          await this.process(job);
          continue;
        }
      } catch (error) {
        logger.error({ err: error, worker: this.id }, 'generation worker error');
      }
      await sleep(this.options.pollMs ?? 1000, jobSignals, this.stopping.signal);
    }
  }

  private leaseUntil(): string {
    return nowIso(new Date(Date.now() + this.options.leaseSeconds * 1000));
  }

  private async claimNext(): Promise<JobRow | undefined> {
    const { db, maxJobsPerUser } = this.options;
    const candidates = await findClaimableJobs(db, nowIso(), maxJobsPerUser);
    for (const candidate of candidates) {
      if (await claimJob(db, candidate, this.id, nowIso(), this.leaseUntil())) {
        notifyJobChanged(candidate.id);
        return findJobById(db, candidate.id);
      }
    }
    return undefined;
  }

  private async fail(job: JobRow, message: string): Promise<void> {
    const now = nowIso();
    await updateJobIf(
      this.options.db,
      job.user_id,
      job.id,
      { status: 'processing', leaseOwner: this.id },
      { status: 'failed', error_message: message, completed_at: now, updated_at: now },
    );
    notifyJobChanged(job.id);
  }

  /**
   * Writes the job's progress by part as the generator reports it ('part 2 of 3'), one write
   * after the other, while this worker still holds the job; a poll waiting on it wakes.
   */
  private progressWriter(job: JobRow, log: Logger) {
    let chain = Promise.resolve();
    const report = ({ current, done, total }: PartProgress) => {
      chain = chain
        .then(async () => {
          const now = nowIso();
          const held = await updateJobIf(
            this.options.db,
            job.user_id,
            job.id,
            { status: 'processing', leaseOwner: this.id },
            { current_part: current, parts_done: done, parts_total: total, updated_at: now },
          );
          if (held) notifyJobChanged(job.id);
        })
        .catch((error: unknown) => log.warn({ err: error }, 'job progress not written'));
    };
    return { report, written: () => chain };
  }

  private async process(job: JobRow): Promise<void> {
    const { db, logger, generator } = this.options;
    const log = logger.child({ jobId: job.id, worker: this.id });
    if (Number(job.attempts) > MAX_JOB_ATTEMPTS) {
      await this.fail(job, GENERATION_MESSAGES.interrupted);
      return;
    }
    const abort = new AbortController();
    const deadline = AbortSignal.timeout(this.options.deadlineSeconds * 1000);
    const signal = AbortSignal.any([abort.signal, deadline]);
    const heartbeat = setInterval(
      () => {
        renewLease(db, job.id, this.id, this.leaseUntil())
          .then((held) => {
            if (!held) abort.abort();
          })
          .catch((error: unknown) => log.warn({ err: error }, 'lease renewal failed'));
      },
      Math.max(1000, (this.options.leaseSeconds * 1000) / 3),
    );
    const started = Date.now();
    const progress = this.progressWriter(job, log);
    try {
      const own = await this.options.generatorFor?.(job.user_id);
      const prepared = await prepareCards(
        db,
        job,
        own ?? generator,
        this.options.thread,
        signal,
        log,
        progress.report,
      );
      await progress.written();
      if ('error' in prepared) {
        await this.fail(job, prepared.error);
        log.info({ error: prepared.error }, 'generation job failed');
        return;
      }
      const retry = retryOf(job);
      const written = await db.transaction().execute(async (trx) => {
        const now = nowIso();
        // A cloze card with several numbers is written as its siblings, one card per number.
        const rows = prepared.cards.flatMap((card) =>
          noteCardRows(
            job.user_id,
            job.deck_id,
            {
              card_type: card.type,
              front_content: stripControlCharacters(card.front),
              back_content: stripControlCharacters(card.back),
              source_job_id: job.id,
            },
            randomUUID,
            now,
          ).map((row) => ({ ...row, source_quote: card.sourceQuote })),
        );
        const won = await updateJobIf(
          trx,
          job.user_id,
          job.id,
          { status: 'processing', leaseOwner: this.id },
          {
            status: 'completed',
            completed_at: now,
            updated_at: now,
            cards_created: retry.before + rows.length,
            error_message: null,
            failed_parts:
              prepared.failedParts.length > 0 ? JSON.stringify(prepared.failedParts) : null,
            ...(prepared.notes.length > 0 || retry.gone
              ? { warnings: withWarning(job.warnings, prepared.notes, retry.gone) }
              : {}),
          },
        );
        if (!won) return false;
        if (rows.length > 0) {
          await checkCardQuota(trx, job.user_id, this.options.quotas, rows.length);
          await insertFlashcards(trx, rows);
          await addToCardCount(trx, job.user_id, job.deck_id, rows.length, now);
        }
        return true;
      });
      notifyJobChanged(job.id);
      log.info(
        { cards: prepared.cards.length, ms: Date.now() - started, written },
        'generation job done',
      );
    } catch (error) {
      if (error instanceof HttpError && error.code === QUOTA_CODES.cards) {
        await this.fail(job, error.message);
        return;
      }
      if (deadline.aborted) {
        log.warn({ ms: Date.now() - started }, 'generation job stopped at its deadline');
        await this.fail(job, GENERATION_MESSAGES.tooLong);
        return;
      }
      const message = error instanceof Error ? error.message : GENERATION_MESSAGES.unknownError;
      log.warn({ err: error }, 'generation job failed');
      await this.fail(job, GENERATION_MESSAGES.generationFailed(message));
    } finally {
      clearInterval(heartbeat);
    }
  }
}
