import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 12: Anki imports run as background jobs (src/server/import/anki/job-worker.ts). A row
 * holds where the upload is stored, the target (one deck, or the package's decks), the progress
 * (phase, done of total), and at the end the summary (JSON) or the error; workers claim rows
 * under a lease, like generation jobs.
 */
export function importJobsMigration(timestamp: 'timestamptz' | 'text'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('import_jobs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('user.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
        .addColumn('phase', 'text')
        .addColumn('done', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('deck_id', 'text')
        .addColumn('keep_decks', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('upload_path', 'text')
        .addColumn('summary', 'text')
        .addColumn('error_code', 'text')
        .addColumn('error_message', 'text')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_expires_at', timestamp)
        .addColumn('started_at', timestamp)
        .addColumn('completed_at', timestamp)
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('import_jobs_status_idx')
        .on('import_jobs')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('import_jobs_user_idx')
        .on('import_jobs')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  };
}
