/**
 * Anki imports as background jobs (issue 12): the route checks what the zip's central directory
 * and `meta` tell at once (400), stores the upload under `{userId}/imports/{jobId}.apkg` and
 * creates a pending job (202); a worker (job-worker.ts) does the rest. The status can be
 * long-polled (`wait`): it answers as soon as the job's status or progress changes.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AnkiImportJob,
  type AnkiImportSummary,
  IMPORT_JOB_MESSAGES,
} from '../../../core/anki/import-schemas';
import type { Database } from '../../db/database';
import { nowIso, toIso } from '../../db/time';
import type { StreamedFile } from '../../files/multipart';
import { notFound } from '../../http/errors';
import type { FileStorage } from '../../storage/storage';
import { notifyJobPending, statusRecheckMs, WAKE_EVENTS, watchJob } from '../../generation/signals';
import { checkImportTarget, type ImportTarget } from './import.service';
import { findImportJob, type ImportJobRow, insertImportJob } from './jobs.repository';
import { checkAnkiPackage } from './package';

/** Summaries written before issue 20 have no `changed`. */
function withChanges(summary: Partial<AnkiImportSummary>): AnkiImportSummary {
  return { ...summary, changed: summary.changed ?? [] } as AnkiImportSummary;
}

/** Where a job's upload is stored until the job ends. */
export const importUploadPath = (userId: string, jobId: string) =>
  `${userId}/imports/${jobId}.apkg`;

/** Wakes idle import workers at once (in every process on PostgreSQL: signals.ts). */
export const IMPORT_WAKE = WAKE_EVENTS['anki-import'];

export function toImportJob(row: ImportJobRow): AnkiImportJob {
  return {
    id: row.id,
    status: row.status,
    phase: row.phase,
    done: Number(row.done),
    total: Number(row.total),
    file_name: row.file_name,
    deck_id: row.deck_id,
    keep_decks: Number(row.keep_decks) === 1,
    summary: row.summary ? withChanges(JSON.parse(row.summary) as AnkiImportSummary) : null,
    error:
      row.status === 'failed'
        ? { code: row.error_code ?? 'IMPORT_FAILED', message: row.error_message ?? '' }
        : null,
    created_at: toIso(row.created_at),
    completed_at: toIso(row.completed_at),
  };
}

export async function startImportJob(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
  upload: StreamedFile,
  target: ImportTarget & { timeZone?: string },
): Promise<AnkiImportJob> {
  await checkAnkiPackage(upload.path);
  await checkImportTarget(db, userId, target);
  const id = randomUUID();
  const uploadPath = importUploadPath(userId, id);
  await storage.putFile(uploadPath, upload.path, 'application/zip');
  const now = nowIso();
  try {
    await insertImportJob(db, {
      id,
      user_id: userId,
      status: 'pending',
      deck_id: target.deckId,
      keep_decks: target.deckId === null ? 1 : 0,
      time_zone: target.timeZone ?? 'UTC',
      file_name: upload.filename.slice(0, 255) || 'package.apkg',
      upload_path: uploadPath,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    await storage.remove(uploadPath).catch(() => false);
    throw error;
  }
  notifyJobPending(id, 'anki-import');
  const row = await findImportJob(db, userId, id);
  return toImportJob(row!);
}

async function ownJob(db: Kysely<Database>, userId: string, jobId: string) {
  const row = await findImportJob(db, userId, jobId);
  if (!row) throw notFound(IMPORT_JOB_MESSAGES.notFound);
  return toImportJob(row);
}

const finished = (job: AnkiImportJob) => job.status === 'completed' || job.status === 'failed';
const stateOf = (job: AnkiImportJob) => `${job.status}|${job.phase}|${job.done}|${job.total}`;

/** The job; with `waitSeconds`, held until its status or progress changes (or the wait ends). */
export async function getImportJob(
  db: Kysely<Database>,
  userId: string,
  jobId: string,
  waitSeconds: number,
  signal?: AbortSignal,
): Promise<AnkiImportJob> {
  const deadline = Date.now() + waitSeconds * 1000;
  // Watching starts before the first read, so a change committed in between still wakes it.
  const watch = waitSeconds > 0 ? watchJob(jobId) : undefined;
  try {
    const first = await ownJob(db, userId, jobId);
    let job = first;
    while (
      watch &&
      !finished(job) &&
      stateOf(job) === stateOf(first) &&
      Date.now() < deadline &&
      !signal?.aborted
    ) {
      // Woken at once by a change committed in this process or, on PostgreSQL, in any other.
      await watch.next(Math.max(1, Math.min(statusRecheckMs(), deadline - Date.now())), signal);
      job = await ownJob(db, userId, jobId);
    }
    return job;
  } finally {
    watch?.close();
  }
}
