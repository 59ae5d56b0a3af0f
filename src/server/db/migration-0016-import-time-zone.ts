import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 20 (6): an Anki import counts the package's due days in the importing user's zone (day N
 * after the collection's creation is N calendar days after its local date, from the 4 am
 * rollover), so the job keeps the zone the upload was made in.
 */
export function importTimeZoneMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('import_jobs')
        .addColumn('time_zone', 'text', (col) => col.notNull().defaultTo('UTC'))
        .execute();
    },
  };
}
