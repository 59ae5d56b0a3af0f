/**
 * Answers under load (issue 13), on the engine `npm run bench` runs (SQLite, or PostgreSQL with
 * DATABASE_URL): closed-loop answer throughput at 10 and 100 connections beside the raw rate of
 * the same writes on the same database in the same run; open-loop latency of 1,000 and 5,000
 * learners answering every 5 s; an authenticated deck list beside /healthz; SQL statements per
 * answer as the server counts them. Each figure three times, with the load average beside it.
 * `npx tsx bench/answers.ts` runs it alone; BENCH_OPEN_SECONDS shortens the open loop (60).
 */
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { HttpClient } from '../test/support/http-client';
import { newUser } from '../test/support/fixtures';
import { startTestServer, type TestServer } from '../test/support/test-server';
import { percentile, type RawDatabase, rawAnswerWrites } from './answer-writes';
import { closedLoop, type LoadClient, loadClient } from './load-client';

// BENCH_QUICK=1: a smoke run (small crowds, one repeat, short loops).
const QUICK = Boolean(process.env.BENCH_QUICK);
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? (QUICK ? 6 : 60));
const CLOSED_SECONDS = QUICK ? 3 : 10;
const REPEATS = QUICK ? 1 : 3;
const OPEN_SIZES = QUICK ? [100, 300] : [1000, 5000];
// BENCH_PARTS=closed,decks,open picks the parts to run (all by default).
const POOL_SIZE = 10;
const PARTS = new Set((process.env.BENCH_PARTS ?? 'closed,decks,open').split(','));

interface Learner {
  user: HttpClient;
  session: string;
  cards: string[];
  next: number;
}

const load = () => os.loadavg()[0]!.toFixed(1);

/** One answer of a learner, as the web app sends it (cookie, Origin, JSON). */
function answer(client: LoadClient, origin: string, learner: Learner): Promise<number> {
  const card = learner.cards[learner.next++ % learner.cards.length]!;
  const body = JSON.stringify({
    id: randomUUID(),
    card_id: card,
    response: 'good',
    response_time_seconds: 2,
  });
  return client.request(
    'POST',
    `/api/study/sessions/${learner.session}/reviews`,
    { cookie: learner.user.cookieHeader(), origin, 'content-type': 'application/json' },
    body,
  );
}

/** SQL statements of an answer, as a server started with TEST_STATEMENT_COUNT counts them. */
async function statementsPerAnswer(): Promise<number[]> {
  const server = await startTestServer({ env: { LOG_LEVEL: 'warn' } });
  try {
    const [learner] = await learners(server, 1, 1);
    const counted: number[] = [];
    for (let index = 0; index < 12; index++) {
      const response = await learner!.user.post(`/api/study/sessions/${learner!.session}/reviews`, {
        id: randomUUID(),
        card_id: learner!.cards[index],
        response: 'good',
        response_time_seconds: 2,
      });
      await response.arrayBuffer();
      counted.push(Number(response.headers.get('x-statements')));
    }
    return counted;
  } finally {
    await server.stop();
  }
}

/** `count` learners: `perUser` decks of 12 cards per user, a session open on each. */
async function learners(server: TestServer, count: number, perUser: number): Promise<Learner[]> {
  const all: Learner[] = [];
  while (all.length < count) {
    const user = await newUser(server.url, 'load');
    const decks: string[] = [];
    for (let index = 0; index < perUser && all.length + decks.length < count; index++) {
      const response = await user.post('/api/decks', { name: `Load ${index}` });
      decks.push(((await response.json()) as { id: string }).id);
    }
    const cards = decks.flatMap((deckId) =>
      Array.from({ length: 12 }, (_, index) => ({
        deck_id: deckId,
        front_content: `Question ${index}?`,
        back_content: `Answer ${index}`,
      })),
    );
    for (let from = 0; from < cards.length; from += 1000) {
      const response = await user.post('/api/flashcards/bulk', {
        cards: cards.slice(from, from + 1000),
      });
      if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
    }
    for (const deckId of decks) {
      const response = await user.post(`/api/decks/${deckId}/study/sessions`, {
        time_zone: 'UTC',
      });
      const started = (await response.json()) as {
        session: { id: string };
        queue: { id: string }[];
      };
      all.push({
        user,
        session: started.session.id,
        cards: started.queue.map((card) => card.id),
        next: 0,
      });
    }
  }
  return all;
}

/** Each learner answers every 5 s (starts spread over the first 5 s); /healthz probed meanwhile. */
async function openLoop(server: TestServer, group: Learner[], seconds: number) {
  const client = loadClient(server.url, group.length + 10);
  const latencies: number[] = [];
  const health: number[] = [];
  let errors = 0;
  const kinds = new Map<string, number>();
  const failed = (kind: string) => {
    errors += 1;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  };
  const until = performance.now() + seconds * 1000;
  const probing = (async () => {
    while (performance.now() < until) {
      const asked = performance.now();
      await client.request('GET', '/healthz');
      health.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.all(
    group.map(async (learner, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index / group.length) * 5000));
      let due = performance.now();
      while (due < until) {
        const asked = performance.now();
        try {
          const status = await answer(client, server.url, learner);
          if (status !== 200) failed(`HTTP ${status}`);
        } catch (error) {
          failed((error as NodeJS.ErrnoException).code ?? String(error));
        }
        latencies.push(performance.now() - asked);
        due += 5000;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      }
    }),
  );
  await probing;
  client.close();
  latencies.sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  return {
    answers: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    healthP99: percentile(health, 99),
    errors,
    kinds: [...kinds].map(([kind, count]) => `${count} ${kind}`).join(', '),
  };
}

/** A pool for the raw writes; an idle connection ended by the server is not a crash. */
function rawPool(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  pool.on('error', () => {});
  return pool;
}

const µs = (value: number) => value.toFixed(0);

export async function answersBench(): Promise<string> {
  const counted = await statementsPerAnswer();
  // The server as `npm start` runs it: built, NODE_ENV=production (no test clock or counter).
  const server = await startTestServer({
    built: true,
    env: {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      TEST_CLOCK: 'false',
      TEST_STATEMENT_COUNT: 'false',
    },
  });
  const pid = server.process.pid!;
  const engine = server.databaseUrl ? 'PostgreSQL' : 'SQLite';
  const client = loadClient(server.url);
  const lines: string[] = [];
  try {
    const crowd = await learners(server, Math.max(...OPEN_SIZES), 100);
    const raw: RawDatabase = server.databaseUrl
      ? { kind: 'postgres', pool: rawPool(server.databaseUrl) }
      : { kind: 'sqlite', db: new SQLite(path.join(server.dataDir, 'mnemo.db')) };

    lines.push(
      `- SQL statements per answer (counted by the server, authentication, BEGIN and COMMIT included): ${Math.min(...counted)}–${Math.max(...counted)}`,
    );

    lines.push(
      '',
      '| Closed loop | run | answers/s (HTTP) | server cores | server µs/answer | raw writes/s | ratio | load |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const connections of PARTS.has('closed') ? [10, 100] : []) {
      for (let run = 1; run <= REPEATS; run++) {
        const group = crowd.slice(0, connections);
        const http = await closedLoop(
          (loop) => answer(client, server.url, group[loop]!),
          connections,
          CLOSED_SECONDS,
          pid,
        );
        // PostgreSQL: as many connections as the server's pool has (DATABASE_POOL_SIZE, 10).
        const rawConnections = Math.min(connections, POOL_SIZE);
        const rawRate = await rawAnswerWrites(raw, group, rawConnections, CLOSED_SECONDS);
        lines.push(
          `| ${connections} connections | ${run} | ${http.rate.toFixed(0)}${http.errors ? ` (${http.errors} errors)` : ''} | ${http.serverCores.toFixed(2)} | ${µs(http.serverMicroseconds)} | ${rawRate.toFixed(0)} | ${(http.rate / rawRate).toFixed(2)}× | ${load()} |`,
        );
      }
    }

    const reader = await newUser(server.url, 'reader');
    for (let index = 0; index < 5; index++)
      await reader.post('/api/decks', { name: `Deck ${index}` });
    const cookie = reader.cookieHeader();
    lines.push(
      '',
      '| Authenticated GET /api/decks vs GET /healthz (10 connections) | run | decks/s | server µs/list | healthz/s | server µs/healthz | ratio | load |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (let run = 1; run <= (PARTS.has('decks') ? REPEATS : 0); run++) {
      const decks = await closedLoop(
        () => client.request('GET', '/api/decks', { cookie }),
        10,
        5,
        pid,
      );
      const health = await closedLoop(() => client.request('GET', '/healthz'), 10, 5, pid);
      lines.push(
        `| 5 decks | ${run} | ${decks.rate.toFixed(0)} | ${µs(decks.serverMicroseconds)} | ${health.rate.toFixed(0)} | ${µs(health.serverMicroseconds)} | ${(decks.rate / health.rate).toFixed(2)}× | ${load()} |`,
      );
    }

    lines.push(
      '',
      `| Open loop (${OPEN_SECONDS} s, an answer every 5 s each) | run | answers | p50 ms | p95 ms | p99 ms | max ms | /healthz p99 ms | errors | load |`,
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const size of PARTS.has('open') ? OPEN_SIZES : []) {
      for (let run = 1; run <= REPEATS; run++) {
        const result = await openLoop(server, crowd.slice(0, size), OPEN_SECONDS);
        lines.push(
          `| ${size.toLocaleString('en-US')} learners | ${run} | ${result.answers} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.max.toFixed(0)} | ${result.healthP99.toFixed(1)} | ${result.errors}${result.kinds ? ` (${result.kinds})` : ''} | ${load()} |`,
        );
      }
    }
    if (raw.kind === 'postgres') await raw.pool.end();
    else raw.db.close();
  } finally {
    client.close();
    await server.stop();
  }
  const section = [
    `Measured by \`bench/answers.ts\` on ${engine}, ${os.cpus().length} cores, Node ${process.version}: the server built and run as \`npm start\` runs it (NODE_ENV=production), the client (node:http, kept-alive connections; \`bench/load-client.ts\`) on the same machine, where it takes CPU from the server. "Server cores" and "server µs" are the server process's own CPU (all its threads, from /proc) during the run, per request. "Raw writes" are the same four writes of an answer (the review row, the card, the session's counters, the deck's last studied) in one transaction, sent straight to the database by as many connections as the server has to it (SQLite: one; PostgreSQL: its pool's ${POOL_SIZE}), with no HTTP, authentication, reading or scheduling. The load average (1 min) is the machine's at the end of each run.`,
    '',
    ...lines,
  ].join('\n');
  return section;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await answersBench());
}
