import Database from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';
import type { TestServer } from './test-server';

/**
 * Runs one statement on a test server's own database (its SQLite file, or its PostgreSQL
 * database), for what no request can do: ending a key or a code now instead of waiting.
 * `?` placeholders; a Date is written as that database stores dates. Answers the rows a
 * `select` reads.
 */
export async function runOnServerDatabase(
  server: TestServer,
  statement: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      let index = 0;
      const result = await client.query<Record<string, unknown>>(
        statement.replace(/\?/g, () => `$${++index}`),
        values,
      );
      return result.rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(server.dataDir, 'mnemo.db'));
  try {
    const prepared = db.prepare(statement);
    const bound = values.map((value) => (value instanceof Date ? value.toISOString() : value));
    if (prepared.reader) return prepared.all(...bound) as Record<string, unknown>[];
    prepared.run(...bound);
    return [];
  } finally {
    db.close();
  }
}
