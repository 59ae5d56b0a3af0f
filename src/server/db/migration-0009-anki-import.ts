import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 12: where an imported card came from, so importing the same Anki package again updates
 * the note (its GUID) and the card (its ordinal: template, or cloze number minus one) instead
 * of duplicating them. Null for cards made in Mnemo.
 */
export function ankiImportMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('flashcards').addColumn('anki_guid', 'text').execute();
      await db.schema.alterTable('flashcards').addColumn('anki_ord', 'integer').execute();
      await db.schema
        .createIndex('flashcards_user_anki_guid_idx')
        .on('flashcards')
        .columns(['user_id', 'anki_guid'])
        .execute();
    },
  };
}
