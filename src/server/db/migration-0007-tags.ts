import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Issue 12: card tags, Anki's way (space-separated words in one column, '' for none). */
export function tagsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('flashcards')
        .addColumn('tags', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
    },
  };
}
