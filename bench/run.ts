/**
 * `npm run bench`: starts the real server (SQLite by default, PostgreSQL when DATABASE_URL is
 * set), fills it, and times API calls from a client on the same machine. Prints a table and
 * writes it to docs/PERFORMANCE.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { createDb } from '../src/server/db/database';
import { reviewCard } from '../src/server/study/answers.service';
import { HttpClient } from '../test/support/http-client';
import { createDeck, newUser } from '../test/support/fixtures';
import { startTestServer } from '../test/support/test-server';
import { adversarialBench } from './adversarial';
import { answersBench } from './answers';
import { OFFLINE_DECK_SECTION, offlineDeckBench } from './offline-deck';
import { OFFLINE_SYNC_SECTION, offlineSyncBench } from './offline-sync';
import { PAGE_LOAD_SECTION, pageLoadBench, pageLoadReport } from './page-load';
import { ankiExportBench } from './anki-export';
import { ankiImportBench } from './anki-import';
import { replaceHead, replaceSection } from './report';
import { scaleBench } from './scale';
import { generationBench } from './generation';
import { linearTimeBench, patternBench } from './linear-time';
import { schedulerEvaluation } from './scheduler-evaluation';

interface Row {
  name: string;
  runs: number;
  p50: number;
  p99: number;
  note: string;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function time(
  runs: number,
  call: () => Promise<Response>,
): Promise<{ p50: number; p99: number }> {
  for (let warm = 0; warm < 3; warm++) await (await call()).arrayBuffer();
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`bench call failed: ${response.status}`);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

async function main() {
  const server = await startTestServer({ env: { LOG_LEVEL: 'warn' } });
  const rows: Row[] = [];
  try {
    const user: HttpClient = await newUser(server.url, 'bench');
    const big = await createDeck(user, 'Ten thousand cards');
    for (let batch = 0; batch < 10; batch++) {
      const cards = Array.from({ length: 1000 }, (_, index) => ({
        deck_id: big.id,
        card_type: index % 3 === 0 ? 'cloze' : 'qa',
        front_content:
          index % 3 === 0
            ? `Card {{c1::${batch}-${index}}} about $x^2$`
            : `Question ${batch}-${index}: what is **this**?`,
        back_content: `Answer ${batch}-${index} with a little more text to be realistic.`,
      }));
      const response = await user.post('/api/flashcards/bulk', { cards });
      if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
    }
    const all = await time(30, () => user.get(`/api/flashcards?deck_id=${big.id}&limit=10000`));
    rows.push({
      name: 'List a 10,000-card deck (one call, limit=10000)',
      runs: 30,
      ...all,
      note: '',
    });
    const page = await time(100, () => user.get(`/api/flashcards?deck_id=${big.id}&limit=100`));
    rows.push({ name: 'First page of that deck (limit=100)', runs: 100, ...page, note: '' });
    const search = await time(50, () =>
      user.get(`/api/flashcards/search?q=question%209-99&deck_id=${big.id}`),
    );
    rows.push({ name: 'Search its 10,000 cards', runs: 50, ...search, note: '' });

    for (let index = 0; index < 199; index++)
      await createDeck(user, `Deck ${index}`, `Description ${index}`);
    const dashboard = await time(100, () => user.get('/api/decks'));
    rows.push({
      name: 'Dashboard: list 200 decks with due counts',
      runs: 100,
      ...dashboard,
      note: '',
    });
    // Study on a 100,000-card deck: preview, session start (queue) and one answer.
    const huge = await createDeck(user, 'One hundred thousand cards');
    for (let batch = 0; batch < 100; batch++) {
      const cards = Array.from({ length: 1000 }, (_, index) => ({
        deck_id: huge.id,
        front_content: `Huge ${batch}-${index}?`,
        back_content: `Answer ${batch}-${index}`,
      }));
      const response = await user.post('/api/flashcards/bulk', { cards });
      if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
    }
    await user.request(`/api/decks/${huge.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ new_cards_per_day: 9999 }),
    });
    const previewTimes = await time(50, () =>
      user.get(`/api/decks/${huge.id}/study/preview?time_zone=Europe/Paris`),
    );
    rows.push({ name: 'Session preview, 100,000-card deck', runs: 50, ...previewTimes, note: '' });
    const starts: { session: { id: string }; queue: { id: string }[] }[] = [];
    const startTimes = await time(20, async () => {
      const response = await user.post(`/api/decks/${huge.id}/study/sessions`, {
        time_zone: 'Europe/Paris',
        max_new_cards: 200,
      });
      starts.push((await response.clone().json()) as (typeof starts)[number]);
      return response;
    });
    rows.push({
      name: 'Start a session (queue of 200), 100,000-card deck',
      runs: 20,
      ...startTimes,
      note: '',
    });
    const last = starts.at(-1);
    let reviewIndex = 0;
    const reviewTimes = await time(150, () => {
      const card = last?.queue[reviewIndex++ % (last?.queue.length ?? 1)];
      return user.post(`/api/study/sessions/${last?.session.id}/reviews`, {
        id: `bench-${reviewIndex}-${Date.now()}`,
        card_id: card?.id,
        response: 'good',
        response_time_seconds: 3,
      });
    });
    rows.push({ name: 'Record an answer (one transaction)', runs: 150, ...reviewTimes, note: '' });

    // 100 learners answering at once over loopback, against the same transaction without HTTP.
    const learners = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const learner = await newUser(server.url, `learner${index}`);
        const deck = await createDeck(learner, 'Concurrent');
        const cards = Array.from({ length: 20 }, (_, card) => ({
          deck_id: deck.id,
          front_content: `L${index} Q${card}`,
          back_content: `A${card}`,
        }));
        await learner.post('/api/flashcards/bulk', { cards });
        const started = (await (
          await learner.post(`/api/decks/${deck.id}/study/sessions`, { time_zone: 'UTC' })
        ).json()) as (typeof starts)[number];
        return { learner, started };
      }),
    );
    const latencies: number[] = [];
    const concurrentStart = performance.now();
    await Promise.all(
      learners.map(async ({ learner, started }, index) => {
        for (const [position, card] of started.queue.entries()) {
          const began = performance.now();
          const response = await learner.post(`/api/study/sessions/${started.session.id}/reviews`, {
            id: `load-${index}-${position}`,
            card_id: card.id,
            response: 'good',
            response_time_seconds: 2,
          });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`answer failed: ${response.status}`);
          latencies.push(performance.now() - began);
        }
      }),
    );
    const concurrentSeconds = (performance.now() - concurrentStart) / 1000;
    latencies.sort((a, b) => a - b);
    const httpRate = latencies.length / concurrentSeconds;
    rows.push({
      name: `100 learners answering at once (${latencies.length} answers)`,
      runs: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      note: '',
    });

    const direct = createDb(
      server.databaseUrl
        ? { kind: 'postgres', url: server.databaseUrl, poolSize: 4 }
        : { kind: 'sqlite', file: path.join(server.dataDir, 'mnemo.db') },
    );
    const me = (await (await user.get('/api/auth/get-session')).json()) as { user: { id: string } };
    const directSession = (await (
      await user.post(`/api/decks/${huge.id}/study/sessions`, {
        time_zone: 'UTC',
        max_new_cards: 1000,
      })
    ).json()) as (typeof starts)[number];
    const directStart = performance.now();
    for (const [position, card] of directSession.queue.entries()) {
      await reviewCard(direct.kysely, me.user.id, directSession.session.id, {
        id: `direct-${position}`,
        card_id: card.id,
        response: 'good',
        response_time_seconds: 2,
      });
    }
    const dbRate = directSession.queue.length / ((performance.now() - directStart) / 1000);
    await direct.close();

    const health = await time(200, () => fetch(`${server.url}/healthz`));
    rows.push({ name: 'GET /healthz (floor: HTTP + middleware)', runs: 200, ...health, note: '' });

    const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    const ratio = (a: number, b: number) => (a / b).toFixed(1);
    const table = [
      `| Measurement (${engine}) | runs | p50 ms | p99 ms |`,
      '|---|---:|---:|---:|',
      ...rows.map(
        (row) => `| ${row.name} | ${row.runs} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} |`,
      ),
    ].join('\n');
    const ratios = [
      `- Full 10,000-card list vs first page of 100 (p50): ${ratio(all.p50, page.p50)}×`,
      `- Per card in the full list (p50): ${((all.p50 / 10000) * 1000).toFixed(1)} µs`,
      `- Dashboard (200 decks) vs /healthz (p50): ${ratio(dashboard.p50, health.p50)}×`,
      `- p99 / p50 of the full list: ${ratio(all.p99, all.p50)}×`,
      `- Session start on 100,000 cards vs /healthz (p50): ${ratio(startTimes.p50, health.p50)}×`,
      `- Answer vs /healthz (p50): ${ratio(reviewTimes.p50, health.p50)}×`,
      `- 100 concurrent learners: ${httpRate.toFixed(0)} answers/s over HTTP; the same transaction without HTTP, one at a time: ${dbRate.toFixed(0)} answers/s; ratio ${ratio(httpRate, dbRate)}×`,
    ].join('\n');
    const generation = await generationBench(user, server.url);
    const adversarial = await adversarialBench(user, server.url);
    const evaluation = await schedulerEvaluation();
    const head = `# Performance

Measured by \`npm run bench\` (\`bench/run.ts\`) on ${new Date().toISOString().slice(0, 10)}: the real server
process and a client on the same machine (${os.cpus().length} cores, Node ${process.version}),
${engine}. Times are wall-clock per HTTP call, including JSON encoding and transfer.

${table}

Ratios:

${ratios}

The card list stays one indexed range scan (\`flashcards_deck_created_idx\` on deck, created_at,
id); the dashboard counts new and due cards per deck with the \`flashcards_deck_state_due_idx\`
index. The web app loads a deck's cards in one call and virtualises the list.

The study queue reads at most the day's limits from two indexes (\`flashcards_deck_state_created_idx\`
for new cards oldest first, \`flashcards_deck_state_due_idx\` for due cards by date), so its cost
does not grow with the deck; the preview's counts use the same indexes. An answer is one
transaction: the card, the \`card_reviews\` row and the session counters.
`;
    const answers = await answersBench();
    const ankiImport = await ankiImportBench();
    const ankiExport = await ankiExportBench();
    const offlineSync = await offlineSyncBench();
    const linearTime = `${linearTimeBench()}\n\n${patternBench()}`;
    // Several app processes need PostgreSQL (SQLite is one process's file).
    const scale = process.env.DATABASE_URL
      ? (await scaleBench()).replace(/^## Many processes\s*/u, '')
      : null;
    // The built app in a throttled Chromium (needs `npm run build:web`).
    const pageLoad = fs.existsSync('dist/web/index.html') ? await pageLoadBench() : null;
    const offlineDeck = fs.existsSync('dist/web/index.html') ? await offlineDeckBench() : null;
    console.log(`${table}\n\n${ratios}\n\n${answers}\n\n${evaluation}\n\n${linearTime}`);
    if (pageLoad) console.log(pageLoad);
    if (offlineDeck) console.log(offlineDeck);
    if (!process.env.BENCH_NO_WRITE) {
      // Written as the formatter would write it, so `npm run lint` stays green after a run.
      const options = (await prettier.resolveConfig('docs/PERFORMANCE.md')) ?? {};
      let report = fs.readFileSync('docs/PERFORMANCE.md', 'utf8');
      report = replaceHead(report, head);
      report = replaceSection(report, 'Answers under load', answers);
      if (scale) report = replaceSection(report, 'Many processes', scale);
      report = replaceSection(report, 'Scheduler evaluation', evaluation);
      report = replaceSection(report, 'Anki packages', `${ankiImport}\n\n${ankiExport}`);
      report = replaceSection(report, 'Hostile content, linear time', linearTime);
      report = replaceSection(report, OFFLINE_SYNC_SECTION, offlineSync);
      if (pageLoad) report = replaceSection(report, PAGE_LOAD_SECTION, pageLoadReport(pageLoad));
      if (offlineDeck) report = replaceSection(report, OFFLINE_DECK_SECTION, offlineDeck);
      report = replaceSection(
        report,
        'Generation',
        `${generation}\n\n### Adversarial content (issue 9)\n\n${adversarial}`,
      );
      const formatted = await prettier.format(report, { ...options, parser: 'markdown' });
      fs.writeFileSync('docs/PERFORMANCE.md', formatted);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
