import type { Kysely } from 'kysely';
import type { Database, UserPreferencesTable } from '../db/database';

/** One row per user who changed a preference; none means the defaults. */
export async function findPreferences(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertPreferences(
  db: Kysely<Database>,
  userId: string,
  values: Omit<UserPreferencesTable, 'user_id'>,
) {
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
