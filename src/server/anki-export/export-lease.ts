import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/**
 * One Anki package export at a time per user, in every process that shares the database
 * (issue 21): an export takes its user's row in `export_leases` before it builds and gives it
 * back when the build ends. Taking it is one statement: the row is made, or taken over when
 * its lease has expired (its process died while building), else nothing is written and the
 * export is refused. The lease outlives the build's deadline, so a live build keeps it.
 */
export async function takeExportLease(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  leaseMs: number,
): Promise<string | null> {
  const holder = randomUUID();
  const expiresAt = new Date(now.getTime() + leaseMs).toISOString();
  const taken = await db
    .insertInto('export_leases')
    .values({ user_id: userId, holder, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ holder, expires_at: expiresAt })
        .where('export_leases.expires_at', '<=', now.toISOString()),
    )
    .returning('holder')
    .executeTakeFirst();
  return taken?.holder === holder ? holder : null;
}

/** Gives the lease back (only the holder's own: an expired one may have been taken since). */
export async function releaseExportLease(
  db: Kysely<Database>,
  userId: string,
  holder: string,
): Promise<void> {
  await db
    .deleteFrom('export_leases')
    .where('user_id', '=', userId)
    .where('holder', '=', holder)
    .execute();
}
