/**
 * The import_jobs table (issue 12): the user's side is scoped by user id; the worker's side
 * (claim, lease, progress) by the job and its lease owner, compare-and-set like generation jobs.
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, ImportJobTable, JobStatus } from '../../db/database';
import type { UserLoad } from './fair-share';

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

/**
 * Pending jobs and processing jobs whose lease has expired, oldest first, and what each of
 * their users has running now and when a job of theirs last started (for the fair share).
 */
export async function findClaimableImportJobs(db: Kysely<Database>, now: string, limit = 50) {
  const candidates = await db
    .selectFrom('import_jobs')
    .select(['id', 'user_id', 'status', 'lease_owner', 'attempts'])
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
  const users = [...new Set(candidates.map((candidate) => candidate.user_id))];
  const loads = new Map<string, UserLoad>();
  if (users.length === 0) return { candidates, loads };
  const rows = await db
    .selectFrom('import_jobs')
    .select((eb) => [
      'user_id',
      eb.fn.max('started_at').as('last_started'),
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'processing'), eb('lease_expires_at', '>', now)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('running'),
    ])
    .where('user_id', 'in', users)
    .groupBy('user_id')
    .execute();
  for (const row of rows) {
    const last = row.last_started as string | Date | null;
    loads.set(row.user_id, {
      running: Number(row.running ?? 0),
      lastStarted: last === null ? null : new Date(last).toISOString(),
    });
  }
  return { candidates, loads };
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
