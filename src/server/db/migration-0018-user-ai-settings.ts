import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 22 §4 (Settings → AI): a user's own model. The key is stored sealed (ai-settings/key-box.ts),
 * with only its last four characters in clear for the '••••1234' hint.
 */
export function userAiSettingsMigration(timestamp: 'timestamptz' | 'text'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_ai_settings')
        .addColumn('user_id', 'text', (col) =>
          col.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('model', 'text', (col) => col.notNull())
        .addColumn('key_sealed', 'text', (col) => col.notNull())
        .addColumn('key_hint', 'text', (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_ai_settings').execute();
    },
  };
}
