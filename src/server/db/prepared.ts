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

/** A column list `"a", "b"` and its values, leaving out undefined values as Kysely does. */
function columnsOf(row: Record<string, unknown>) {
  const names: string[] = [];
  const values: unknown[] = [];
  for (const [name, value] of Object.entries(row)) {
    if (value === undefined) continue;
    names.push(`"${name}"`);
    values.push(value);
  }
  return { names, values };
}

/**
 * SQLite's hot writes without Kysely's building: `insert into "table" (…) values (…) <suffix>`.
 * Table and column names come from our code, never from a request; values are parameters.
 * The SQL text is the same for the same columns, so the driver's statement cache reuses it.
 */
export async function insertRow<Row>(
  db: Kysely<Database>,
  table: string,
  row: Record<string, unknown>,
  suffix = '',
): Promise<Row[]> {
  const { names, values } = columnsOf(row);
  const text = `insert into "${table}" (${names.join(', ')}) values (${names.map(() => '?').join(', ')}) ${suffix}`;
  return (await db.executeQuery<Row>(CompiledQuery.raw(text, values))).rows;
}

/** `update "table" set "a" = ?, … where "k" = ? and …`, as `insertRow`. */
export async function updateRow(
  db: Kysely<Database>,
  table: string,
  changes: Record<string, unknown>,
  where: Record<string, unknown>,
): Promise<void> {
  const set = columnsOf(changes);
  const keys = columnsOf(where);
  const text = `update "${table}" set ${set.names.map((name) => `${name} = ?`).join(', ')} where ${keys.names.map((name) => `${name} = ?`).join(' and ')}`;
  await db.executeQuery(CompiledQuery.raw(text, [...set.values, ...keys.values]));
}
