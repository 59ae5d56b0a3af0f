import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 22 §2: a generation job shows which part of its text is being worked on ('part 2 of
 * 3': `current_part`, `parts_done`, `parts_total`), and keeps the parts whose answer could not
 * be read (`failed_parts`, a JSON list of part numbers), so that Retry asks only those again.
 */
export function generationPartsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['current_part', 'parts_done', 'parts_total']) {
        await db.schema
          .alterTable('generation_jobs')
          .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
      }
      await db.schema.alterTable('generation_jobs').addColumn('failed_parts', 'text').execute();
    },
  };
}
