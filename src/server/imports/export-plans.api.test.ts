import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { countingStatements, type RecordedStatement } from '../db/statement-count';
import { createLogger } from '../logger';
import { type Services, startServices } from '../services';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-server';

// Issue 21: an export reads its rows a page at a time by id. Each page must be found through
// the primary key, not by walking the owner's index (every card of the user for every page:
// an export of a large account would then cost pages × cards and hold the database). The
// plans of the exports' page queries are read from the database itself, on SQLite
// (EXPLAIN QUERY PLAN) and, with DATABASE_URL, on PostgreSQL (EXPLAIN), beside a user with
// 30,000 cards in two decks (200,000 on PostgreSQL). The app runs in this process so its statements can be recorded.

const BASE = 'http://localhost:3998';
// PostgreSQL rightly scans a small table whole: it gets a large one, as the query-plan test of
// the hot paths does (src/server/db/explain.api.test.ts).
const cardsFor = (postgres: boolean) => (postgres ? 200_000 : 30_000);

let database: TestDatabase;
let services: Services;
let dataDir: string;
let cookie = '';
let deckId = '';

async function call(method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { cookie, origin: BASE };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await services.app.request(`${BASE}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = response.headers.get('set-cookie');
  if (setCookie) cookie = setCookie.split(';')[0]!;
  return response;
}

/** The statements a download runs, its whole body read. */
async function statementsOf(url: string): Promise<RecordedStatement[]> {
  const counting = countingStatements(
    async () => {
      const response = await call('GET', url);
      expect(response.status, url).toBe(200);
      await response.arrayBuffer();
    },
    { record: true },
  );
  await counting.done;
  return counting.recorded();
}

/** The page queries: those that take the rows of a list of ids. */
const pageQueries = (statements: RecordedStatement[]) =>
  statements.filter(
    (statement) => /\bin \(/i.test(statement.sql) && statement.parameters.length > 50,
  );

/** How the database reads the table `flashcards` or `card_reviews` in one statement. */
async function accessPaths(statement: RecordedStatement): Promise<string[]> {
  const db = services.db.kysely;
  if (services.db.kind === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
    );
    return result.rows
      .map((row) => row.detail)
      .filter((detail) => /\b(flashcards|card_reviews)\b/.test(detail));
  }
  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    Plans?: PlanNode[];
  }
  const result = await db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
  );
  const found: string[] = [];
  const walk = (node: PlanNode) => {
    // A bitmap heap scan reads the rows its child, a bitmap index scan, found: the child is
    // checked (it names its index, not its table).
    const table =
      node['Relation Name'] ?? /^(flashcards|card_reviews)_/.exec(node['Index Name'] ?? '')?.[1];
    if (
      ['flashcards', 'card_reviews'].includes(table ?? '') &&
      node['Node Type'] !== 'Bitmap Heap Scan'
    ) {
      found.push(`${node['Node Type']} ${table} ${node['Index Name'] ?? ''}`.trim());
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(result.rows[0]!['QUERY PLAN'][0]!.Plan);
  return found;
}

/** A read by primary key: SQLite's automatic index of the id, PostgreSQL's `_pkey`. */
const byPrimaryKey = (access: string) =>
  /USING (INDEX sqlite_autoindex_\w+|PRIMARY KEY|COVERING INDEX sqlite_autoindex_\w+) \(id=\?\)/.test(
    access,
  ) || /^(Index|Index Only|Bitmap Index) Scan \w+ \w*_pkey$/.test(access);

describe('export pages are read by primary key', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-export-plans-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      TEST_STATEMENT_COUNT: 'true',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      DATA_DIR: dataDir,
      BASE_URL: BASE,
      GENERATION_WORKERS: '0',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_SIGN_IN_MAX: '100000',
      SIGN_UP_SIGNS_IN: 'true',
    });
    services = await startServices(config, createLogger('silent'), path.join(dataDir, 'web'));
    await call('POST', '/api/auth/sign-up/email', {
      email: `plans-${randomUUID()}@example.com`,
      password: 'a long enough password',
      name: 'Plans',
    });
    const user = (await (await call('GET', '/api/auth/get-session')).json()) as {
      user: { id: string };
    };
    deckId = (
      (await (await call('POST', '/api/decks', { name: 'Small' })).json()) as { id: string }
    ).id;
    const other = (
      (await (await call('POST', '/api/decks', { name: 'Large' })).json()) as {
        id: string;
      }
    ).id;
    const db = services.db.kysely;
    const postgres = services.db.kind === 'postgres';
    // A few hundred cards in one deck, the rest of the user's cards in the other.
    const cards = cardsFor(postgres);
    const series = postgres
      ? `select n from generate_series(1, ${cards}) as n`
      : `with recursive s(n) as (select 1 union all select n + 1 from s where n < ${cards}) select n from s`;
    const at = "'2026-01-01T00:00:00.000Z'" + (postgres ? '::timestamptz' : '');
    const [p1, p2, p3] = postgres ? ['$1', '$2', '$3'] : ['?', '?', '?'];
    await db.executeQuery(
      CompiledQuery.raw(
        `insert into flashcards (id, user_id, deck_id, card_type, front_content, back_content,
           is_edited, card_state, due_date, interval_days, ease_factor, review_count,
           learning_step, created_at, updated_at)
         select ${postgres ? 'gen_random_uuid()::text' : 'lower(hex(randomblob(16)))'}, ${p1},
           case when n <= 600 then ${p2} else ${p3} end, 'qa', 'Question ' || n, 'Answer ' || n,
           0, 'new', ${at}, 0, 2.5, 0, 0, ${at}, ${at}
         from (${series}) as numbers`,
        [user.user.id, deckId, other],
      ),
    );
    await db.executeQuery(
      CompiledQuery.raw(
        'update decks set card_count = (select count(*) from flashcards where deck_id = decks.id)',
      ),
    );
    // PostgreSQL's autovacuum analyses a table this size; SQLite is never analysed by the app.
    if (postgres) await db.executeQuery(CompiledQuery.raw('analyze'));
  }, 120_000);

  afterAll(async () => {
    await services?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['a deck as CSV', () => `/api/decks/${deckId}/export/csv`],
    ['every deck as CSV', () => '/api/export/csv'],
    ['a deck as an Anki package', () => `/api/decks/${deckId}/export/anki`],
  ])(
    '%s',
    async (_, url) => {
      const pages = pageQueries(await statementsOf(url()));
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages) {
        const paths = await accessPaths(page);
        expect(paths.length, page.sql).toBeGreaterThan(0);
        for (const access of paths)
          expect(byPrimaryKey(access), `${access}\n${page.sql}`).toBe(true);
      }
    },
    120_000,
  );
});
