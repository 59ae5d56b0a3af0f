/**
 * The import_jobs table (issue 12): the user's side is scoped by user id; the worker's side
 * (claim, lease, progress) by the job and its lease owner, compare-and-set like generation jobs.
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, ImportJobTable, JobStatus } from '../../db/database';

export type ImportJobRow = Selectable<ImportJobTable>;

export async function insertImportJob(db: Kysely<Database>, row: Insertable<ImportJobTable>) {
  await db.insertInto('import_jobs').values(row).execute();
}

export async function findImportJob(db: Kysely<Database>, userId: string, jobId: string) {
  return db
    .selectFrom('import_jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', jobId)
    .executeTakeFirst();
}

export async function findImportJobById(db: Kysely<Database>, jobId: string) {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

/** Pending jobs and processing jobs whose lease has expired, oldest first. */
export async function findClaimableImportJobs(db: Kysely<Database>, now: string, limit = 5) {
  return db
    .selectFrom('import_jobs')
    .select(['id', 'status', 'lease_owner', 'attempts'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'processing'), eb('lease_expires_at', '<=', now)]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Takes a job if nobody took it since it was read (compare-and-set on status, owner, attempts). */
export async function claimImportJob(
  db: Kysely<Database>,
  candidate: { id: string; status: JobStatus; lease_owner: string | null; attempts: number },
  owner: string,
  now: string,
  leaseUntil: string,
): Promise<boolean> {
  let query = db
    .updateTable('import_jobs')
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

/** Changes a job its worker still holds; false when the lease was lost. */
export async function updateHeldImportJob(
  db: Kysely<Database>,
  jobId: string,
  owner: string,
  changes: Updateable<ImportJobTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('import_jobs')
    .set(changes)
    .where('id', '=', jobId)
    .where('status', '=', 'processing')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
