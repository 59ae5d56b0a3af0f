import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './database';

let db: Db | undefined;
let dir: string | undefined;

afterEach(async () => {
  await db?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite checkpoints', () => {
  it('the checkpoint thread copies the log into the database file; a commit does not', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-checkpoint-'));
    const file = path.join(dir, 'mnemo.db');
    db = createDb({ kind: 'sqlite', file });
    await sql`create table t (id integer primary key, body text)`.execute(db.kysely);
    const pages = Number(
      (await sql<{ page_size: number }>`pragma page_size`.execute(db.kysely)).rows[0]?.page_size,
    );
    // Far more than SQLite's automatic threshold (1,000 pages): that one is off the main
    // connection, so without the thread the log would keep every page.
    for (let batch = 0; batch < 30; batch++) {
      await db.kysely.transaction().execute(async (trx) => {
        for (let row = 0; row < 100; row++) {
          await sql`insert into t (body) values (${'x'.repeat(pages)})`.execute(trx);
        }
      });
    }
    const mainSize = () => fs.statSync(file).size;
    const data = 3000 * pages;
    // No commit copied the log: the database file holds almost nothing yet...
    expect(mainSize()).toBeLessThan(data / 2);
    // ...until the thread copies it (every second; given up after ten).
    for (let tries = 0; tries < 100 && mainSize() < data; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mainSize()).toBeGreaterThanOrEqual(data);
    const count = await sql<{ n: number }>`select count(*) as n from t`.execute(db.kysely);
    expect(Number(count.rows[0]?.n)).toBe(3000);
  });
});
