/**
 * Syncing answers given offline (issue 24): N answers of one offline session wait on the device
 * and are sent the way the app sends them (the page's queue and the service worker share
 * `sendWaiting` of src/web/features/study/answer-store.ts: the session made first, then each
 * answer in order with its `answered_at` and client id, then the session's end), against the
 * real server. Also: fetching the deck's offline copy, and the same N answers sent again (a
 * page and the worker both sending, or a reload mid-sync), which the server must record once.
 * `npx tsx bench/offline-sync.ts` runs it alone and writes its section of docs/PERFORMANCE.md
 * (BENCH_NO_WRITE=1: print only); BENCH_QUICK=1 runs smaller sizes once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { put, sendWaiting } from '../src/web/features/study/answer-store';
import type { HttpClient } from '../test/support/http-client';
import { createDeck, newUser } from '../test/support/fixtures';
import { startTestServer } from '../test/support/test-server';
import { percentile } from './answer-writes';
import { replaceSection } from './report';

export const OFFLINE_SYNC_SECTION = 'Syncing answers given offline (issue 24)';
const QUICK = Boolean(process.env.BENCH_QUICK);
const SIZES = QUICK ? [10, 100] : [10, 100, 1000];
const REPEATS = QUICK ? 1 : 3;

/** The app's relative `/api/...` requests, as this user's browser would send them. */
function browserFetch(baseUrl: string, user: HttpClient): typeof fetch {
  const real = globalThis.fetch;
  return (input, init) =>
    real(new URL(String(input), baseUrl), {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        cookie: user.cookieHeader(),
        origin: baseUrl,
      },
    });
}

async function stats(user: HttpClient, deckId: string) {
  const response = await user.get(`/api/stats?deck_id=${deckId}&time_zone=UTC`);
  return (await response.json()) as { total_reviews: number; total_sessions: number };
}

interface Run {
  copyMs: number;
  syncMs: number;
  resendMs: number;
}

async function oneRun(baseUrl: string, size: number, index: number): Promise<Run> {
  const user = await newUser(baseUrl, `offline-sync-${size}-${index}`);
  const deck = await createDeck(user, `Offline ${size}`);
  const limits = await user.request(`/api/decks/${deck.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ new_cards_per_day: 9999 }),
  });
  if (!limits.ok) throw new Error(`deck settings failed: ${limits.status}`);
  const cards = Array.from({ length: size }, (_, n) => ({
    deck_id: deck.id,
    front_content: `Question ${n}?`,
    back_content: `Answer ${n}`,
  }));
  const created = await user.post('/api/flashcards/bulk', { cards });
  if (created.status !== 201) throw new Error(`seeding failed: ${created.status}`);

  const started = performance.now();
  const copy = await user.get(`/api/decks/${deck.id}/study/offline?time_zone=UTC&days=1`);
  const { cards: kept } = (await copy.json()) as { cards: { id: string }[] };
  const copyMs = performance.now() - started;
  if (kept.length !== size) throw new Error(`the copy holds ${kept.length} of ${size} cards`);

  const at = Date.now() - size * 1000;
  const offline = {
    deckId: deck.id,
    sessionType: 'mixed' as const,
    timeZone: 'UTC',
    startedAt: new Date(at - 1000).toISOString(),
  };
  const sessionId = `offline-bench-${size}-${index}-${Date.now()}`;
  const items = [
    ...kept.map((card, n) => ({
      id: `${sessionId}-${n}`,
      sessionId,
      cardId: card.id,
      response: 'good' as const,
      responseTimeSeconds: 3,
      createdAt: at + n * 1000,
      offline,
    })),
    {
      id: `complete-${sessionId}`,
      kind: 'complete' as const,
      sessionId,
      cardId: '',
      response: 'good' as const,
      responseTimeSeconds: 0,
      createdAt: at + size * 1000,
      offline,
    },
  ];
  const realFetch = globalThis.fetch;
  /** Queues the items (in memory: Node has no IndexedDB) and times sending them. */
  const sync = async () => {
    for (const item of items) await put(item);
    globalThis.fetch = browserFetch(baseUrl, user);
    try {
      const begin = performance.now();
      await sendWaiting();
      return performance.now() - begin;
    } finally {
      globalThis.fetch = realFetch;
    }
  };
  const syncMs = await sync();
  const resendMs = await sync(); // the same answers again: recorded once

  const { total_reviews: reviews, total_sessions: sessions } = await stats(user, deck.id);
  if (reviews !== size || sessions !== 1) {
    throw new Error(`expected ${size} answers in 1 session, found ${reviews} in ${sessions}`);
  }
  return { copyMs, syncMs, resendMs };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export async function offlineSyncBench(): Promise<string> {
  const server = await startTestServer({ env: { LOG_LEVEL: 'warn' } });
  const rows: string[] = [];
  try {
    for (const size of SIZES) {
      const runs: Run[] = [];
      for (let index = 0; index < REPEATS; index++) {
        runs.push(await oneRun(server.url, size, index));
      }
      const sync = median(runs.map((run) => run.syncMs));
      const resend = median(runs.map((run) => run.resendMs));
      const copy = median(runs.map((run) => run.copyMs));
      rows.push(
        `| ${size.toLocaleString('en')} | ${copy.toFixed(1)} | ${sync.toFixed(0)} | ${(sync / size).toFixed(2)} | ${Math.round((size / sync) * 1000)} | ${resend.toFixed(0)} | ${os.loadavg()[0]!.toFixed(1)} |`,
      );
    }
  } finally {
    await server.stop();
  }
  return [
    `Measured by \`npx tsx bench/offline-sync.ts\` on ${new Date().toISOString().slice(0, 10)}: the real`,
    `server (SQLite) and the app's own sender (\`sendWaiting\`, answer-store.ts) in Node`,
    `${process.version} on the same machine (${os.cpus().length} cores), median of ${REPEATS}`,
    "run(s) per size, each on a fresh account and deck of N new cards. 'Copy' is fetching the",
    "deck's offline copy (GET …/study/offline, one study day); 'sync' sends the offline session,",
    "the N answers one after another in order, and the session's end; 'again' sends the same",
    'N + 2 items a second time, as when a page and the service worker both send: the server',
    'records each answer once (checked: N answers, 1 session).',
    '',
    '| N answers | copy ms | sync ms | ms per answer | answers/s | again ms | load |',
    '| --------: | ------: | ------: | ------------: | --------: | -------: | ---: |',
    ...rows,
    '',
    'Answers go one at a time and in order: the server schedules each from the card as the one',
    'before left it (the rule that decides a merge), so a sync costs one round trip and one',
    'transaction per answer, and its time grows linearly with N. Sending them again costs a',
    'little less, and records nothing: each copy is found by its client id and answered with what was recorded. The',
    'machine was shared with other work (load above), so these are upper bounds.',
  ].join('\n');
}

const thisFile = fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  const section = await offlineSyncBench();
  console.log(section);
  if (!process.env.BENCH_NO_WRITE) {
    const file = path.resolve(path.dirname(thisFile), '../docs/PERFORMANCE.md');
    // Written as the formatter would write it, so `npm run lint` stays green after a run.
    const options = (await prettier.resolveConfig(file)) ?? {};
    const report = replaceSection(fs.readFileSync(file, 'utf8'), OFFLINE_SYNC_SECTION, section);
    fs.writeFileSync(file, await prettier.format(report, { ...options, parser: 'markdown' }));
  }
}
