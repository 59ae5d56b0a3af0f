/**
 * The original names of a user's stored media files (issue 20 item 7; table `media_names`,
 * migration 0020): recorded when an Anki import stores its files, read by the .apkg export.
 * A file keeps the first name it was brought in under (the same picture imported again under
 * another name keeps its first one). Every query is behind the user's id.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/** Rows per statement (within SQLite's and PostgreSQL's parameter limits). */
const BATCH = 300;

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let at = 0; at < items.length; at += BATCH) yield items.slice(at, at + BATCH);
}

/** Remembers each file's original name, unless the file already has one. */
export async function recordMediaNames(
  db: Kysely<Database>,
  userId: string,
  files: readonly { stored: string; original: string }[],
): Promise<void> {
  for (const batch of batches(files)) {
    await db
      .insertInto('media_names')
      .values(
        batch.map((file) => ({
          user_id: userId,
          stored_name: file.stored,
          original_name: file.original,
        })),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'stored_name']).doNothing())
      .execute();
  }
}

/** The original names known of `stored` files, by stored name. */
export async function findMediaNames(
  db: Kysely<Database>,
  userId: string,
  stored: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const batch of batches(stored)) {
    const rows = await db
      .selectFrom('media_names')
      .select(['stored_name', 'original_name'])
      .where('user_id', '=', userId)
      .where('stored_name', 'in', batch)
      .execute();
    for (const row of rows) names.set(row.stored_name, row.original_name);
  }
  return names;
}

/** Forgets the names of files that were removed from storage. */
export async function removeMediaNames(
  db: Kysely<Database>,
  userId: string,
  stored: readonly string[],
): Promise<void> {
  for (const batch of batches(stored)) {
    await db
      .deleteFrom('media_names')
      .where('user_id', '=', userId)
      .where('stored_name', 'in', batch)
      .execute();
  }
}
