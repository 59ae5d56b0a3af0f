import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 14: API tokens for programs (docs/decisions/0008-api-tokens.md). Only the SHA-256 of a
 * token is kept (`token_hash`, unique); `prefix` is its visible start, to recognise it in a list.
 */
export function apiTokensMigration(timestamp: 'timestamptz' | 'text'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('user.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('prefix', 'text', (col) => col.notNull())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('expires_at', timestamp)
        .addColumn('last_used_at', timestamp)
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('api_tokens_user_idx')
        .on('api_tokens')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  };
}
