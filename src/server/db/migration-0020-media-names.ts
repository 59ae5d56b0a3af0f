import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 20 item 7 (media keep their original file names): a media file is stored under its
 * content's name (`<sha256>.<ext>`); the name it had in the Anki package it came from is kept
 * here, per user and file, so an export writes it under that name again.
 */
export function mediaNamesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('media_names')
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('user.id').onDelete('cascade'),
        )
        .addColumn('stored_name', 'text', (col) => col.notNull())
        .addColumn('original_name', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('media_names_pk', ['user_id', 'stored_name'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('media_names').execute();
    },
  };
}
