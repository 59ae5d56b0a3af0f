import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 21: one Anki package export at a time per user, across every app process: the export
 * holds its user's row while it builds (`anki-export/export-lease.ts`); a row whose process
 * died frees itself when `expires_at` passes.
 */
export function exportLeasesMigration(timestamp: 'timestamptz' | 'text'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('export_leases')
        .addColumn('user_id', 'text', (col) =>
          col.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('holder', 'text', (col) => col.notNull())
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .execute();
    },
  };
}
