import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { DatabaseKind } from './database';

/**
 * Mnemo's own schema, as Kysely migrations kept in code (run at start, after better-auth's).
 * Timestamps are `timestamptz` on PostgreSQL and ISO-8601 text on SQLite; the repositories
 * normalise both to ISO strings.
 */
function migrations(kind: DatabaseKind): Record<string, Migration> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'text';
  return {
    '0001_decks': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('decks')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('user_id', 'text', (col) =>
            col.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('description', 'text')
          .addColumn('card_count', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('new_cards_per_day', 'integer', (col) => col.notNull().defaultTo(20))
          .addColumn('max_reviews_per_day', 'integer', (col) => col.notNull().defaultTo(200))
          .addColumn('last_studied_at', timestamp)
          .addColumn('created_at', timestamp, (col) => col.notNull())
          .addColumn('updated_at', timestamp, (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex('decks_user_updated_idx')
          .on('decks')
          .columns(['user_id', 'updated_at'])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('decks').execute();
      },
    },
    '0002_flashcards': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('flashcards')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('user_id', 'text', (col) =>
            col.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('deck_id', 'text', (col) =>
            col.notNull().references('decks.id').onDelete('cascade'),
          )
          .addColumn('card_type', 'text', (col) => col.notNull())
          .addColumn('front_content', 'text', (col) => col.notNull())
          .addColumn('back_content', 'text')
          .addColumn('source_job_id', 'text')
          .addColumn('is_edited', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('card_state', 'text', (col) => col.notNull().defaultTo('new'))
          .addColumn('due_date', timestamp, (col) => col.notNull())
          .addColumn('interval_days', 'real', (col) => col.notNull().defaultTo(0))
          .addColumn('ease_factor', 'real', (col) => col.notNull().defaultTo(2.5))
          .addColumn('review_count', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('learning_step', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('last_reviewed_at', timestamp)
          .addColumn('average_response_time', 'real')
          .addColumn('created_at', timestamp, (col) => col.notNull())
          .addColumn('updated_at', timestamp, (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex('flashcards_deck_created_idx')
          .on('flashcards')
          .columns(['deck_id', 'created_at', 'id'])
          .execute();
        await db.schema
          .createIndex('flashcards_user_created_idx')
          .on('flashcards')
          .columns(['user_id', 'created_at', 'id'])
          .execute();
        await db.schema
          .createIndex('flashcards_deck_state_due_idx')
          .on('flashcards')
          .columns(['deck_id', 'card_state', 'due_date'])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('flashcards').execute();
      },
    },
  };
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>, kind: DatabaseKind): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(kind) },
    migrationTableName: 'mnemo_migrations',
    migrationLockTableName: 'mnemo_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** True when every migration in the code has been applied. */
export async function isMigrated(db: Kysely<unknown>, kind: DatabaseKind): Promise<boolean> {
  try {
    const applied = await sql<{ name: string }>`select name from mnemo_migrations`.execute(db);
    const names = new Set(applied.rows.map((row) => row.name));
    return Object.keys(migrations(kind)).every((name) => names.has(name));
  } catch {
    return false;
  }
}
