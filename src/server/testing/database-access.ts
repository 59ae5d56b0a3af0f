import Database from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';
import type { TestServer } from './test-server';

/**
 * Runs one statement on a test server's own database (its SQLite file, or its PostgreSQL
 * database), for what no request can do: ending a key or a code now instead of waiting.
 * `?` placeholders; a Date is written as that database stores dates.
 */
export async function runOnServerDatabase(
  server: TestServer,
  statement: string,
  values: unknown[],
): Promise<void> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      let index = 0;
      await client.query(
        statement.replace(/\?/g, () => `$${++index}`),
        values,
      );
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(path.join(server.dataDir, 'mnemo.db'));
  try {
    db.prepare(statement).run(
      ...values.map((value) => (value instanceof Date ? value.toISOString() : value)),
    );
  } finally {
    db.close();
  }
}
