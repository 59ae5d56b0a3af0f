import type { Kysely } from 'kysely';
import type { Database, UserAiSettingsTable } from '../db/database';

/** The user's own model, if they connected one (Settings → AI). */
export function findAiSettings(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user_ai_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertAiSettings(
  db: Kysely<Database>,
  userId: string,
  values: Omit<UserAiSettingsTable, 'user_id'>,
) {
  await db
    .insertInto('user_ai_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function deleteAiSettings(db: Kysely<Database>, userId: string) {
  await db.deleteFrom('user_ai_settings').where('user_id', '=', userId).execute();
}
