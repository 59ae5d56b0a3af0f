import { PostgresAdapter } from 'kysely';

/** True when `db` (or a transaction of it) runs on PostgreSQL rather than SQLite. */
export function isPostgres(db: { getExecutor(): { readonly adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
