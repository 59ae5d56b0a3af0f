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
import { jobChanged, jobSignals } from '../../generation/signals';
import { checkImportTarget, type ImportTarget } from './import.service';
import { findImportJob, type ImportJobRow, insertImportJob } from './jobs.repository';
import { checkAnkiPackage } from './package';

/** Where a job's upload is stored until the job ends. */
export const importUploadPath = (userId: string, jobId: string) =>
  `${userId}/imports/${jobId}.apkg`;

/** Wakes this process's import workers at once (others find the job at their next poll). */
export const IMPORT_WAKE = 'import-job';

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
    summary: row.summary ? (JSON.parse(row.summary) as AnkiImportSummary) : null,
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
  target: ImportTarget,
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
      file_name: upload.filename.slice(0, 255) || 'package.apkg',
      upload_path: uploadPath,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    await storage.remove(uploadPath).catch(() => false);
    throw error;
  }
  jobSignals.emit(IMPORT_WAKE);
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
  const first = await ownJob(db, userId, jobId);
  let job = first;
  while (
    !finished(job) &&
    stateOf(job) === stateOf(first) &&
    Date.now() < deadline &&
    !signal?.aborted
  ) {
    // Woken at once by a change made in this process; other processes are seen at the next look.
    await jobChanged(jobId, Math.min(250, Math.max(1, deadline - Date.now())), signal);
    job = await ownJob(db, userId, jobId);
  }
  return job;
}
