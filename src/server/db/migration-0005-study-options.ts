import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type Column = readonly [
  string,
  'text' | 'integer',
  (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
];

/**
 * Issue 11's schema: per-deck burying and leech options (Anki's defaults), what a card needs to
 * be suspended, buried, marked leech and be one of a cloze note's siblings, and the account's
 * scheduler for new decks. Existing decks keep their scheduler.
 */
export function studyOptionsMigration(timestamp: 'text' | 'timestamptz'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [column, type, build] of [
        // Anki: bury new / review / interday-learning siblings, all off by default.
        ['bury_new_siblings', 'integer', (col) => col.notNull().defaultTo(0)],
        ['bury_review_siblings', 'integer', (col) => col.notNull().defaultTo(0)],
        ['bury_interday_learning_siblings', 'integer', (col) => col.notNull().defaultTo(0)],
        // Anki: a card that lapses 8 times is a leech.
        ['leech_threshold', 'integer', (col) => col.notNull().defaultTo(8)],
        // 'suspend' (mark and suspend) or 'tag' (mark only).
        ['leech_action', 'text', (col) => col.notNull().defaultTo('suspend')],
      ] as const satisfies readonly Column[]) {
        await db.schema.alterTable('decks').addColumn(column, type, build).execute();
      }
      await db.schema.alterTable('flashcards').addColumn('buried_until', timestamp).execute();
      await db.schema
        .alterTable('flashcards')
        .addColumn('is_leech', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      // The state a suspended card goes back to when unsuspended.
      await db.schema.alterTable('flashcards').addColumn('suspended_from', 'text').execute();
      // A cloze note's cards share note_id; cloze_number is the deletion a card asks (c1 → 1).
      await db.schema.alterTable('flashcards').addColumn('note_id', 'text').execute();
      await db.schema.alterTable('flashcards').addColumn('cloze_number', 'integer').execute();
      await db.schema
        .createIndex('flashcards_note_idx')
        .on('flashcards')
        .columns(['note_id'])
        .execute();
      await db.schema
        .createTable('user_preferences')
        .addColumn('user_id', 'text', (col) =>
          col.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('default_scheduler', 'text', (col) => col.notNull().defaultTo('sm2'))
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_preferences').execute();
    },
  };
}
