import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { type Services, startServices } from '../services';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-server';
import { countingStatements, type RecordedStatement } from './statement-count';

// Issue 13: every query of the hot paths, on a 100,000-card deck with 100,000 answers (beside a
// 300,000-card deck, so that one deck is a part of the table as in real use), planned
// by PostgreSQL without a sequential scan of a large table. PostgreSQL only (the planner is
// what is checked); the app runs in this process so its statements can be recorded.

const postgres = Boolean(process.env.DATABASE_URL);
// The tables that grow with use (sessions are few here: the planner rightly scans them).
const LARGE = ['flashcards', 'card_reviews'];
const BASE = 'http://localhost:3999';

let database: TestDatabase;
let services: Services;
let dataDir: string;
let cookie = '';

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

/** The statements one request runs. */
async function statementsOf(method: string, url: string, body?: unknown) {
  const counting = countingStatements(() => call(method, url, body), { record: true });
  const response = await counting.done;
  expect(response.status, `${method} ${url}`).toBeLessThan(300);
  return { response, statements: counting.recorded() };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && LARGE.includes(node['Relation Name'] ?? '')) {
    found.push(node['Relation Name']!);
  }
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

async function plan(statement: RecordedStatement): Promise<PlanNode> {
  const result = await services.db.kysely.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
  );
  return result.rows[0]!['QUERY PLAN'][0]!.Plan;
}

describe.skipIf(!postgres)('query plans on a 100,000-card deck (PostgreSQL)', () => {
  let deckId: string;
  let sessionId: string;
  let cardId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-explain-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      TEST_STATEMENT_COUNT: 'true',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      BASE_URL: BASE,
      GENERATION_WORKERS: '0',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_SIGN_IN_MAX: '100000',
      // The session comes from the sign-up, as in the test server (test/support/test-server.ts).
      SIGN_UP_SIGNS_IN: 'true',
    });
    services = await startServices(config, createLogger('silent'), path.join(dataDir, 'web'));
    await call('POST', '/api/auth/sign-up/email', {
      email: `explain-${randomUUID()}@example.com`,
      password: 'a long enough password',
      name: 'Explain',
    });
    const deck = (await (await call('POST', '/api/decks', { name: 'Huge' })).json()) as {
      id: string;
    };
    deckId = deck.id;
    const user = (await (await call('GET', '/api/auth/get-session')).json()) as {
      user: { id: string };
    };
    const other = (await (await call('POST', '/api/decks', { name: 'Other' })).json()) as {
      id: string;
    };
    const db = services.db.kysely;
    // 100,000 cards: a tenth new, the rest reviews due over the next 200 days; 300,000 elsewhere.
    await db.executeQuery(
      CompiledQuery.raw(
        `insert into flashcards (id, user_id, deck_id, card_type, front_content, back_content,
           is_edited, card_state, due_date, interval_days, ease_factor, review_count,
           learning_step, created_at, updated_at)
         select gen_random_uuid()::text, $1, $2, 'qa', 'Question ' || n, 'Answer ' || n, 0,
           case when n % 10 = 0 then 'new' else 'review' end,
           now() + ((n % 200) || ' days')::interval,
           n % 200, 2.5, case when n % 10 = 0 then 0 else 3 end, 0,
           now() - (n || ' seconds')::interval, now()
         from generate_series(1, 100000) as n`,
        [user.user.id, deckId],
      ),
    );
    await db.executeQuery(
      CompiledQuery.raw(
        `insert into flashcards (id, user_id, deck_id, card_type, front_content, back_content,
           is_edited, card_state, due_date, interval_days, ease_factor, review_count,
           learning_step, created_at, updated_at)
         select gen_random_uuid()::text, $1, $2, 'qa', 'Q ' || n, 'A ' || n, 0, 'review',
           now() + ((n % 300) || ' days')::interval, 3, 2.5, 3, 0, now(), now()
         from generate_series(1, 300000) as n`,
        [user.user.id, other.id],
      ),
    );
    await db.executeQuery(
      CompiledQuery.raw(
        `update decks set card_count = 100000, new_cards_per_day = 9999 where id = $1`,
        [deckId],
      ),
    );
    const started = (await (
      await call('POST', `/api/decks/${deckId}/study/sessions`, { time_zone: 'UTC' })
    ).json()) as { session: { id: string }; queue: { id: string }[] };
    sessionId = started.session.id;
    cardId = started.queue[0]!.id;
    // 100,000 past answers in that session.
    await db.executeQuery(
      CompiledQuery.raw(
        `insert into card_reviews (id, client_review_id, user_id, card_id, deck_id, session_id,
           user_response, response_time_seconds, previous_interval_days, previous_ease_factor,
           previous_card_state, previous_card, new_interval_days, new_ease_factor, new_card_state,
           new_due_date, reviewed_at)
         select gen_random_uuid()::text, gen_random_uuid()::text, $1, c.id, $2, $3, 'good', 3, 1,
           2.5, 'review', '{}', 3, 2.5, 'review', c.due_date,
           now() - (row_number() over () || ' minutes')::interval
         from flashcards c where c.deck_id = $2`,
        [user.user.id, deckId, sessionId],
      ),
    );
    await db.executeQuery(CompiledQuery.raw('analyze'));
  }, 120_000);

  afterAll(async () => {
    await services?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('no hot query scans a large table', async () => {
    const hot: [string, string, unknown?][] = [
      ['GET', '/api/decks'],
      ['GET', `/api/decks/${deckId}`],
      ['GET', `/api/decks/${deckId}/study/preview?time_zone=UTC`],
      ['GET', `/api/decks/${deckId}/due`],
      ['GET', `/api/flashcards?deck_id=${deckId}&limit=100`],
      [
        'POST',
        `/api/study/sessions/${sessionId}/reviews`,
        { id: randomUUID(), card_id: cardId, response: 'good', response_time_seconds: 2 },
      ],
      ['POST', `/api/study/sessions/${sessionId}/undo`],
      ['POST', `/api/decks/${deckId}/study/sessions`, { time_zone: 'UTC' }],
    ];
    const report: string[] = [];
    let planned = 0;
    for (const [method, url, body] of hot) {
      const { statements } = await statementsOf(method, url, body);
      for (const statement of statements) {
        if (!/^\s*(select|insert|update|delete|with)\b/i.test(statement.sql)) continue;
        const scans = seqScans(await plan(statement));
        planned += 1;
        if (scans.length > 0)
          report.push(`${method} ${url}: ${scans.join(', ')} in ${statement.sql}`);
      }
    }
    expect(planned).toBeGreaterThan(15);
    expect(report).toEqual([]);
  }, 120_000);
});
