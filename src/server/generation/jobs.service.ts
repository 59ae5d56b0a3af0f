import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import {
  GENERATION_MESSAGES,
  type GenerationJob,
  type GenerationStats,
} from '../../core/generation-requests';
import { toFlashcard } from '../flashcards/flashcards.service';
import type { Database, JobStatus } from '../db/database';
import { nowIso } from '../db/time';
import { findOwnedDeckIds } from '../decks/decks.repository';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import type { CardKind, Strategy } from './generator';
import {
  clearJobWarnings,
  countJobsByStatus,
  deleteJobRow,
  findJob,
  findJobs,
  insertJob,
  type JobFilters,
  type JobRow,
  updateJobIf,
} from './jobs.repository';
import { toJob } from './job-view';
import { notifyJobChanged, notifyJobPending, statusRecheckMs, watchJob } from './signals';
import { createTextThread } from './text-thread';

/**
 * The cleanup and check of new jobs' content run in a thread of their own (shared by the
 * requests of this process), not on the event loop. Linear in the text, they take well under
 * a second for the largest content accepted; the bound only guards against the unforeseen.
 */
export const INTAKE_TIMEOUT_MS = 30_000;
let intakeThread: ReturnType<typeof createTextThread> | undefined;

async function prepareContent(source: string, strategy: Strategy) {
  intakeThread ??= createTextThread();
  try {
    return await intakeThread.run(
      { kind: 'prepare', source, strategy },
      AbortSignal.timeout(INTAKE_TIMEOUT_MS),
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new HttpError(422, 'CONTENT_TOO_SLOW', GENERATION_MESSAGES.tooLong);
    }
    throw error;
  }
}

export interface NewJob {
  deckId: string;
  inputType: 'text' | 'url' | 'file';
  content: string;
  sourceUrl?: string | null;
  sourceFilePath?: string | null;
  sourceTitle?: string | null;
  strategy: Strategy;
  cardTypes: CardKind[];
  /** Said to the user with the content check's warnings (e.g. a file read in part). */
  notes?: string[];
}

/**
 * Creates a pending job (the worker picks it up). The content is cleaned and checked first:
 * empty content is refused ('Content is empty'), the warnings travel with the job.
 */
export async function createJob(
  db: Kysely<Database>,
  userId: string,
  input: NewJob,
): Promise<GenerationJob> {
  const owned = await findOwnedDeckIds(db, userId, [input.deckId]);
  if (!owned.has(input.deckId)) throw notFound(DECK_MESSAGES.notFoundOrDenied);
  const { content, check } = await prepareContent(input.content, input.strategy);
  if (!check.valid) throw badRequest(GENERATION_MESSAGES.invalidContent(check.errors));
  const id = randomUUID();
  const now = nowIso();
  const row: JobRow = {
    id,
    user_id: userId,
    deck_id: input.deckId,
    input_type: input.inputType,
    source_content: content,
    source_url: input.sourceUrl ?? null,
    source_file_path: input.sourceFilePath ?? null,
    source_title: input.sourceTitle ?? null,
    generation_strategy: input.strategy,
    requested_card_types: JSON.stringify([...new Set(input.cardTypes)]),
    status: 'pending',
    error_message: null,
    warnings: JSON.stringify([...(input.notes ?? []), ...check.warnings]),
    lease_owner: null,
    lease_expires_at: null,
    started_at: null,
    completed_at: null,
    created_at: now,
    updated_at: now,
    cards_created: 0,
    attempts: 0,
    current_part: 0,
    parts_done: 0,
    parts_total: 0,
    failed_parts: null,
  };
  await insertJob(db, row);
  notifyJobPending(id);
  // The answer is the job as created: a worker may already have claimed it.
  return toJob(row);
}

/**
 * From a web page: the deck is checked first (nothing is fetched for another user's deck),
 * then the page is fetched through the SSRF filter and its text becomes a job.
 */
export async function createUrlJob(
  db: Kysely<Database>,
  userId: string,
  input: Omit<NewJob, 'content' | 'inputType'> & { url: string },
  fetchPage: (url: string) => Promise<{ title: string | null; content: string; finalUrl: string }>,
): Promise<GenerationJob> {
  const owned = await findOwnedDeckIds(db, userId, [input.deckId]);
  if (!owned.has(input.deckId)) throw notFound(DECK_MESSAGES.notFoundOrDenied);
  const page = await fetchPage(input.url);
  return createJob(db, userId, {
    ...input,
    inputType: 'url',
    content: page.content,
    sourceUrl: page.finalUrl,
    sourceTitle: page.title,
  });
}

export async function getJob(db: Kysely<Database>, userId: string, jobId: string) {
  const row = await findJob(db, userId, jobId);
  if (!row) throw notFound(GENERATION_MESSAGES.jobNotFound);
  return toJob(row);
}

export async function listJobs(
  db: Kysely<Database>,
  userId: string,
  filters: JobFilters & { limit: number },
) {
  if (filters.deck_id) {
    const owned = await findOwnedDeckIds(db, userId, [filters.deck_id]);
    if (!owned.has(filters.deck_id)) throw notFound(DECK_MESSAGES.notFound);
  }
  return { jobs: (await findJobs(db, userId, filters, filters.limit)).map(toJob) };
}

/**
 * The job's status; with `waitSeconds`, holds the request until the status differs from
 * `known` (or the wait ends), so the browser learns of new cards as soon as they exist. It
 * reads the database, so it sees jobs finished by workers in other processes.
 */
export async function jobStatus(
  db: Kysely<Database>,
  userId: string,
  jobId: string,
  wait: { known?: JobStatus; waitSeconds: number; signal?: AbortSignal },
) {
  const deadline = Date.now() + wait.waitSeconds * 1000;
  // Watching starts before the first read, so a change committed in between still wakes it.
  const watch = wait.known ? watchJob(jobId) : undefined;
  try {
    let job = await getJob(db, userId, jobId);
    while (watch && job.status === wait.known && Date.now() < deadline && !wait.signal?.aborted) {
      // Woken at once by a change committed in this process or, on PostgreSQL, in any other
      // (LISTEN/NOTIFY); the recheck is the safety net for a missed notification.
      await watch.next(Math.min(statusRecheckMs(), deadline - Date.now()), wait.signal);
      job = await getJob(db, userId, jobId);
    }
    return { jobId: job.id, status: job.status, error_message: job.error_message, job };
  } finally {
    watch?.close();
  }
}

/** Cancel (SPEC §4): only pending jobs, which become failed with 'Cancelled by user'. */
export async function cancelJob(db: Kysely<Database>, userId: string, jobId: string) {
  const job = await getJob(db, userId, jobId);
  const refusal = GENERATION_MESSAGES.cancelRefusal[job.status];
  if (refusal) throw conflict(refusal);
  const now = nowIso();
  const won = await updateJobIf(
    db,
    userId,
    jobId,
    { status: 'pending' },
    {
      status: 'failed',
      error_message: GENERATION_MESSAGES.cancelledByUser,
      completed_at: now,
      updated_at: now,
    },
  );
  // A worker took it in the meantime: refuse as if it had been processing already.
  if (!won) throw conflict(GENERATION_MESSAGES.cancelRefusal.processing ?? 'Job changed');
  notifyJobChanged(jobId);
  return getJob(db, userId, jobId);
}

/**
 * Retry (SPEC §4): failed jobs with source content go back to pending, error cleared. Issue 22
 * §2: so does a completed job some of whose parts failed; the worker then asks only those parts
 * again and adds their cards to the job's (its cards so far stay).
 */
export async function retryJob(db: Kysely<Database>, userId: string, jobId: string) {
  const row = await findJob(db, userId, jobId);
  if (!row) throw notFound(GENERATION_MESSAGES.jobNotFound);
  const someParts = row.status === 'completed' && row.failed_parts !== null;
  if (row.status !== 'failed' && !someParts) {
    throw conflict(GENERATION_MESSAGES.canOnlyRetryFailed);
  }
  if (!row.source_content) throw badRequest(GENERATION_MESSAGES.noSourceForRetry);
  const changes = {
    status: 'pending' as const,
    error_message: null,
    completed_at: null,
    lease_owner: null,
    lease_expires_at: null,
    attempts: 0,
    current_part: 0,
    parts_done: 0,
    updated_at: nowIso(),
  };
  const won = await updateJobIf(db, userId, jobId, { status: row.status }, changes);
  if (!won) throw conflict(GENERATION_MESSAGES.canOnlyRetryFailed);
  notifyJobPending(jobId);
  // The answer is the job as retried: a worker may already have claimed it again.
  return toJob({ ...row, ...changes });
}

/**
 * Dismisses a job's content-check warnings (SPEC §5): they stay on the job, in every status,
 * until the user dismisses them.
 */
export async function dismissJobWarnings(db: Kysely<Database>, userId: string, jobId: string) {
  if (!(await clearJobWarnings(db, userId, jobId))) throw notFound(GENERATION_MESSAGES.jobNotFound);
  return getJob(db, userId, jobId);
}

export async function deleteJob(db: Kysely<Database>, userId: string, jobId: string) {
  const job = await getJob(db, userId, jobId);
  if (job.status === 'processing')
    throw conflict(GENERATION_MESSAGES.cancelRefusal.processing ?? '');
  await deleteJobRow(db, userId, jobId);
  return { deleted: true };
}

/** The cards a job made; readable only once the job is completed (SPEC §4). */
export async function jobCards(db: Kysely<Database>, userId: string, jobId: string) {
  const job = await getJob(db, userId, jobId);
  if (job.status !== 'completed') throw conflict(GENERATION_MESSAGES.notCompletedYet);
  const rows = await db
    .selectFrom('flashcards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source_job_id', '=', jobId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { flashcards: rows.map(toFlashcard) };
}

/** Counts per status and the success rate: completed / total, as a percentage (SPEC §9). */
export async function jobStats(
  db: Kysely<Database>,
  userId: string,
  deckId?: string,
): Promise<GenerationStats> {
  if (deckId) {
    const owned = await findOwnedDeckIds(db, userId, [deckId]);
    if (!owned.has(deckId)) throw notFound(DECK_MESSAGES.notFound);
  }
  const rows = await countJobsByStatus(db, userId, deckId);
  const count = (status: JobStatus) =>
    Number(rows.find((row) => row.status === status)?.count ?? 0);
  const total = rows.reduce((sum, row) => sum + Number(row.count), 0);
  return {
    total,
    pending: count('pending'),
    processing: count('processing'),
    completed: count('completed'),
    failed: count('failed'),
    success_rate: total === 0 ? 0 : Math.round((count('completed') / total) * 100),
  };
}
