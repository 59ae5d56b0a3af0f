import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { DatabaseKind } from './database';
import { studyOptionsMigration } from './migration-0005-study-options';
import { smsAccountMigration } from './migration-0013-sms-account';
import { userAiSettingsMigration } from './migration-0018-user-ai-settings';
import { generationPartsMigration } from './migration-0019-generation-parts';
import { mediaNamesMigration } from './migration-0020-media-names';
import { exportLeasesMigration } from './migration-0021-export-leases';
import { importTimeZoneMigration } from './migration-0016-import-time-zone';
import { clozeSiblingsMigration } from './migration-0006-cloze-siblings';
import { tagsMigration } from './migration-0007-tags';
import { ankiImportMigration } from './migration-0009-anki-import';
import { importJobsMigration } from './migration-0010-import-jobs';
import { smsSendsMigration } from './migration-0012-sms-sends';
import { apiTokensMigration } from './migration-0011-api-tokens';

type ColumnSpec = readonly [
  string,
  'text' | 'real' | 'integer',
  (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
];

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
    '0003_study': {
      async up(db: Kysely<unknown>) {
        // Scheduler settings per deck (SM-2 or FSRS, the default) and FSRS's card fields.
        for (const [column, type, build] of [
          ['scheduler', 'text', (col) => col.notNull().defaultTo('fsrs')],
          ['desired_retention', 'real', (col) => col.notNull().defaultTo(0.9)],
          ['maximum_interval_days', 'integer', (col) => col.notNull().defaultTo(36500)],
          ['fsrs_weights', 'text', (col) => col],
          ['fsrs_tuning', 'text', (col) => col],
        ] as const satisfies readonly ColumnSpec[]) {
          await db.schema.alterTable('decks').addColumn(column, type, build).execute();
        }
        for (const [column, type, build] of [
          ['stability', 'real', (col) => col],
          ['difficulty', 'real', (col) => col],
          ['lapses', 'integer', (col) => col.notNull().defaultTo(0)],
          ['reps', 'integer', (col) => col.notNull().defaultTo(0)],
          ['scheduled_days', 'real', (col) => col.notNull().defaultTo(0)],
          ['elapsed_days', 'real', (col) => col.notNull().defaultTo(0)],
          ['fsrs_state', 'integer', (col) => col.notNull().defaultTo(0)],
        ] as const satisfies readonly ColumnSpec[]) {
          await db.schema.alterTable('flashcards').addColumn(column, type, build).execute();
        }
        // New cards oldest first in a deck (the queue reads this index, not the table).
        await db.schema
          .createIndex('flashcards_deck_state_created_idx')
          .on('flashcards')
          .columns(['deck_id', 'card_state', 'created_at'])
          .execute();

        await db.schema
          .createTable('learning_sessions')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('user_id', 'text', (col) =>
            col.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('deck_id', 'text', (col) =>
            col.notNull().references('decks.id').onDelete('cascade'),
          )
          .addColumn('session_type', 'text', (col) => col.notNull().defaultTo('mixed'))
          .addColumn('time_zone', 'text', (col) => col.notNull().defaultTo('UTC'))
          .addColumn('started_at', timestamp, (col) => col.notNull())
          .addColumn('last_activity_at', timestamp, (col) => col.notNull())
          .addColumn('completed_at', timestamp)
          .addColumn('duration_seconds', 'integer')
          .addColumn('is_completed', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('auto_completed', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('cards_studied', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('again_count', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('hard_count', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('good_count', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('easy_count', 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createIndex('learning_sessions_user_open_idx')
          .on('learning_sessions')
          .columns(['user_id', 'is_completed', 'started_at'])
          .execute();
        await db.schema
          .createIndex('learning_sessions_deck_idx')
          .on('learning_sessions')
          .columns(['deck_id', 'started_at'])
          .execute();

        await db.schema
          .createTable('card_reviews')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('client_review_id', 'text', (col) => col.notNull())
          .addColumn('user_id', 'text', (col) =>
            col.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('card_id', 'text', (col) =>
            col.notNull().references('flashcards.id').onDelete('cascade'),
          )
          .addColumn('deck_id', 'text', (col) =>
            col.notNull().references('decks.id').onDelete('cascade'),
          )
          .addColumn('session_id', 'text', (col) =>
            col.notNull().references('learning_sessions.id').onDelete('cascade'),
          )
          .addColumn('user_response', 'text', (col) => col.notNull())
          .addColumn('response_time_seconds', 'real', (col) => col.notNull().defaultTo(0))
          .addColumn('previous_interval_days', 'real', (col) => col.notNull())
          .addColumn('previous_ease_factor', 'real', (col) => col.notNull())
          .addColumn('previous_card_state', 'text', (col) => col.notNull())
          .addColumn('previous_card', 'text', (col) => col.notNull())
          .addColumn('new_interval_days', 'real', (col) => col.notNull())
          .addColumn('new_ease_factor', 'real', (col) => col.notNull())
          .addColumn('new_card_state', 'text', (col) => col.notNull())
          .addColumn('new_due_date', timestamp, (col) => col.notNull())
          .addColumn('reviewed_at', timestamp, (col) => col.notNull())
          .addColumn('undone_at', timestamp)
          .execute();
        await db.schema
          .createIndex('card_reviews_user_client_idx')
          .on('card_reviews')
          .columns(['user_id', 'client_review_id'])
          .unique()
          .execute();
        await db.schema
          .createIndex('card_reviews_user_time_idx')
          .on('card_reviews')
          .columns(['user_id', 'reviewed_at'])
          .execute();
        await db.schema
          .createIndex('card_reviews_deck_time_idx')
          .on('card_reviews')
          .columns(['deck_id', 'reviewed_at'])
          .execute();
        await db.schema
          .createIndex('card_reviews_session_idx')
          .on('card_reviews')
          .columns(['session_id', 'reviewed_at'])
          .execute();
        await db.schema
          .createIndex('card_reviews_card_idx')
          .on('card_reviews')
          .columns(['card_id', 'reviewed_at'])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('card_reviews').execute();
        await db.schema.dropTable('learning_sessions').execute();
      },
    },
    '0004_generation_jobs': {
      async up(db: Kysely<unknown>) {
        // The generation queue (DESIGN §3): workers claim pending jobs, or processing jobs whose
        // lease expired because their worker died, by a compare-and-set on status and lease.
        await db.schema
          .createTable('generation_jobs')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('user_id', 'text', (col) =>
            col.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('deck_id', 'text', (col) =>
            col.notNull().references('decks.id').onDelete('cascade'),
          )
          .addColumn('input_type', 'text', (col) => col.notNull())
          .addColumn('source_content', 'text')
          .addColumn('source_url', 'text')
          .addColumn('source_file_path', 'text')
          .addColumn('source_title', 'text')
          .addColumn('generation_strategy', 'text', (col) => col.notNull())
          .addColumn('requested_card_types', 'text', (col) => col.notNull())
          .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
          .addColumn('error_message', 'text')
          .addColumn('warnings', 'text')
          .addColumn('cards_created', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('lease_owner', 'text')
          .addColumn('lease_expires_at', timestamp)
          .addColumn('started_at', timestamp)
          .addColumn('completed_at', timestamp)
          .addColumn('created_at', timestamp, (col) => col.notNull())
          .addColumn('updated_at', timestamp, (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex('generation_jobs_status_idx')
          .on('generation_jobs')
          .columns(['status', 'created_at'])
          .execute();
        await db.schema
          .createIndex('generation_jobs_user_deck_idx')
          .on('generation_jobs')
          .columns(['user_id', 'deck_id', 'created_at'])
          .execute();
        await db.schema.alterTable('flashcards').addColumn('source_quote', 'text').execute();
        await db.schema
          .createIndex('flashcards_source_job_idx')
          .on('flashcards')
          .columns(['source_job_id'])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('generation_jobs').execute();
      },
    },
    '0005_study_options': studyOptionsMigration(timestamp),
    '0006_cloze_siblings': clozeSiblingsMigration(),
    '0007_tags': tagsMigration(),
    '0009_anki_import': ankiImportMigration(),
    '0010_import_jobs': importJobsMigration(timestamp),
    '0011_api_tokens': apiTokensMigration(timestamp),
    '0012_sms_sends': smsSendsMigration(timestamp),
    '0013_sms_account': smsAccountMigration(),
    '0016_import_time_zone': importTimeZoneMigration(),
    '0018_user_ai_settings': userAiSettingsMigration(timestamp),
    '0019_generation_parts': generationPartsMigration(),
    '0020_media_names': mediaNamesMigration(),
    '0021_export_leases': exportLeasesMigration(timestamp),
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
