import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, GenerationJobTable, JobStatus } from '../db/database';

export type JobRow = Selectable<GenerationJobTable>;

export interface JobFilters {
  deck_id?: string;
  status?: JobStatus;
  input_type?: GenerationJobTable['input_type'];
}

/** Every query for a user's jobs is scoped by the user's id. */

export async function insertJob(db: Kysely<Database>, row: Insertable<GenerationJobTable>) {
  await db.insertInto('generation_jobs').values(row).execute();
}

export async function findJob(db: Kysely<Database>, userId: string, jobId: string) {
  return db
    .selectFrom('generation_jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', jobId)
    .executeTakeFirst();
}

export async function findJobs(
  db: Kysely<Database>,
  userId: string,
  filters: JobFilters,
  limit: number,
) {
  let query = db.selectFrom('generation_jobs').selectAll().where('user_id', '=', userId);
  if (filters.deck_id) query = query.where('deck_id', '=', filters.deck_id);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.input_type) query = query.where('input_type', '=', filters.input_type);
  return query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}

export async function countJobsByStatus(db: Kysely<Database>, userId: string, deckId?: string) {
  let query = db
    .selectFrom('generation_jobs')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .where('user_id', '=', userId);
  if (deckId) query = query.where('deck_id', '=', deckId);
  return query.groupBy('status').execute();
}

/**
 * Updates a job only while it has the status (and, when given, the lease owner) the caller
 * read: a compare-and-set, so a cancel and a worker, or two workers, never both win.
 */
export async function updateJobIf(
  db: Kysely<Database>,
  userId: string,
  jobId: string,
  expected: { status: JobStatus | JobStatus[]; leaseOwner?: string },
  changes: Updateable<GenerationJobTable>,
): Promise<boolean> {
  const statuses = Array.isArray(expected.status) ? expected.status : [expected.status];
  let query = db
    .updateTable('generation_jobs')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', jobId)
    .where('status', 'in', statuses);
  if (expected.leaseOwner !== undefined) {
    query = query.where('lease_owner', '=', expected.leaseOwner);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Empties a job's content-check warnings (the user dismissed them). */
export async function clearJobWarnings(db: Kysely<Database>, userId: string, jobId: string) {
  const result = await db
    .updateTable('generation_jobs')
    .set({ warnings: '[]' })
    .where('user_id', '=', userId)
    .where('id', '=', jobId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteJobRow(db: Kysely<Database>, userId: string, jobId: string) {
  const result = await db
    .deleteFrom('generation_jobs')
    .where('user_id', '=', userId)
    .where('id', '=', jobId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The worker's side (not scoped to one user: a worker serves everyone). Candidates are pending
 * jobs and processing jobs whose lease has expired, oldest first, skipping users who already
 * have `maxPerUser` jobs processing under a live lease.
 */
export async function findClaimableJobs(
  db: Kysely<Database>,
  now: string,
  maxPerUser: number,
  limit = 10,
) {
  const busy = await db
    .selectFrom('generation_jobs')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('running')])
    .where('status', '=', 'processing')
    .where('lease_expires_at', '>', now)
    .groupBy('user_id')
    .execute();
  const full = busy.filter((row) => Number(row.running) >= maxPerUser).map((row) => row.user_id);
  let query = db
    .selectFrom('generation_jobs')
    .select(['id', 'user_id', 'status', 'lease_owner', 'attempts'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'processing'), eb('lease_expires_at', '<=', now)]),
      ]),
    );
  if (full.length > 0) query = query.where('user_id', 'not in', full);
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** Takes a job for a worker if nobody took it since it was read (compare-and-set). */
export async function claimJob(
  db: Kysely<Database>,
  candidate: { id: string; status: JobStatus; lease_owner: string | null; attempts: number },
  owner: string,
  now: string,
  leaseUntil: string,
): Promise<boolean> {
  let query = db
    .updateTable('generation_jobs')
    .set({
      status: 'processing',
      lease_owner: owner,
      lease_expires_at: leaseUntil,
      started_at: now,
      attempts: Number(candidate.attempts) + 1,
      updated_at: now,
    })
    .where('id', '=', candidate.id)
    .where('status', '=', candidate.status)
    .where('attempts', '=', Number(candidate.attempts));
  query =
    candidate.lease_owner === null
      ? query.where('lease_owner', 'is', null)
      : query.where('lease_owner', '=', candidate.lease_owner);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends a worker's lease on a job it still holds. */
export async function renewLease(
  db: Kysely<Database>,
  jobId: string,
  owner: string,
  leaseUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable('generation_jobs')
    .set({ lease_expires_at: leaseUntil })
    .where('id', '=', jobId)
    .where('status', '=', 'processing')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findJobById(db: Kysely<Database>, jobId: string) {
  return db.selectFrom('generation_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

/** The user's jobs made from these stored files (their original names and decks). */
export async function findJobsByFilePaths(db: Kysely<Database>, userId: string, paths: string[]) {
  if (paths.length === 0) return [];
  return db
    .selectFrom('generation_jobs')
    .select(['source_file_path', 'source_title', 'deck_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('source_file_path', 'in', paths)
    .orderBy('created_at', 'desc')
    .execute();
}
