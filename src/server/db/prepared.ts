import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './database';
import { isPostgres } from './engine';

/**
 * A hot path's SQL written by hand, with `?` placeholders (PostgreSQL gets `$1, $2, …`), run
 * without Kysely's query building and compiling, which cost more than a point look-up itself
 * (issue 13). Identifiers are quoted as both engines accept; values only ever go in as
 * parameters. The statement still goes through Kysely's executor: counted, logged, and on
 * SQLite prepared once by the driver's statement cache.
 */
export function preparedQuery<Row>(text: string) {
  let index = 0;
  const numbered = text.replace(/\?/g, () => `$${++index}`);
  return async (db: Kysely<Database>, parameters: readonly unknown[]): Promise<Row[]> => {
    const query = CompiledQuery.raw(isPostgres(db) ? numbered : text, [...parameters]);
    return (await db.executeQuery<Row>(query)).rows;
  };
}
