/**
 * `npm run bench`: starts the real server (SQLite by default, PostgreSQL when DATABASE_URL is
 * set), fills it, and times API calls from a client on the same machine. Prints a table and
 * writes it to docs/PERFORMANCE.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { createEmptyCard, fsrs, generatorParameters, type Grade } from 'ts-fsrs';
import { addDays, calculateNextReview, evaluateParameters } from '../src/core/scheduling';
import type { TuningReview } from '../src/core/scheduling';
import { createDb } from '../src/server/db/database';
import { reviewCard } from '../src/server/study/study.service';
import { tuneFromHistories } from '../src/server/study/tuning.service';
import { HttpClient } from '../src/server/testing/http-client';
import { createDeck, newUser } from '../src/server/testing/fixtures';
import { startTestServer } from '../src/server/testing/test-server';
import { adversarialBench } from './adversarial';
import { generationBench } from './generation';

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
    const evaluation = await fsrsEvaluation();
    const report = `# Performance

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

## Scheduler evaluation

${evaluation}

## Generation

${generation}

### Adversarial content (issue 9)

${adversarial}
`;
    console.log(`${table}\n\n${ratios}\n\n${evaluation}`);
    if (!process.env.BENCH_NO_WRITE) {
      // Written as the formatter would write it, so `npm run lint` stays green after a run.
      const options = (await prettier.resolveConfig('docs/PERFORMANCE.md')) ?? {};
      const formatted = await prettier.format(report, { ...options, parser: 'markdown' });
      fs.writeFileSync('docs/PERFORMANCE.md', formatted);
    }
  } finally {
    await server.stop();
  }
}

/** Prediction-binned RMSE: predictions in 20 bins, each bin's mean prediction against its mean outcome. */
function binnedRmse(pairs: { p: number; y: number }[]): number {
  const bins = Array.from({ length: 20 }, () => ({ n: 0, p: 0, y: 0 }));
  for (const { p, y } of pairs) {
    const bin = bins[Math.min(19, Math.floor(p * 20))] as { n: number; p: number; y: number };
    bin.n++;
    bin.p += p;
    bin.y += y;
  }
  let sum = 0;
  let n = 0;
  for (const bin of bins) {
    if (bin.n === 0) continue;
    sum += bin.n * (bin.p / bin.n - bin.y / bin.n) ** 2;
    n += bin.n;
  }
  return Math.sqrt(sum / n);
}

/** Predictions of recall before each long-term review: SM-2 (0.9^(t/I)) or FSRS. */
function predictions(histories: TuningReview[][], model: 'sm2' | readonly number[] | null) {
  const pairs: { p: number; y: number }[] = [];
  const scheduler =
    model === 'sm2'
      ? null
      : fsrs(generatorParameters({ enable_fuzz: false, ...(model ? { w: [...model] } : {}) }));
  const ratings = ['again', 'hard', 'good', 'easy'] as const;
  for (const history of histories) {
    let fsrsCard = createEmptyCard(new Date('2000-01-01T00:00:00Z'));
    let sm2 = {
      card_state: 'new' as 'new' | 'learning' | 'review' | 'suspended',
      interval_days: 0,
      ease_factor: 2.5,
      lapses: 0,
    };
    let day = '2000-01-01';
    for (const [index, review] of history.entries()) {
      day = addDays(day, review.deltaT);
      const now = new Date(`${day}T12:00:00Z`);
      const y = review.rating > 1 ? 1 : 0;
      if (index > 0 && review.deltaT > 0) {
        const p = scheduler
          ? scheduler.get_retrievability(fsrsCard, now, false)
          : 0.9 ** (review.deltaT / Math.max(1, sm2.interval_days));
        pairs.push({ p: Math.min(1 - 1e-6, Math.max(1e-6, p)), y });
      }
      if (scheduler) fsrsCard = scheduler.next(fsrsCard, now, review.rating as Grade).card;
      const rating = ratings[review.rating - 1] ?? 'good';
      const next = calculateNextReview(sm2, rating, now);
      sm2 = {
        card_state: next.card_state,
        interval_days: next.interval_days || 1,
        ease_factor: next.ease_factor,
        lapses: next.lapses,
      };
    }
  }
  return pairs;
}

/** SM-2, FSRS defaults and FSRS fitted on the first 80% of the cards, scored on the last 20%. */
async function fsrsEvaluation(): Promise<string> {
  const file = '../shared/data/fsrs/seq2seq.tsv';
  if (!fs.existsSync(file))
    return '(../shared/data/fsrs/seq2seq.tsv not found: evaluation skipped)';
  const histories = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => {
      const [days = '', ratings = ''] = row.split('\t');
      const d = days.split(',').map(Number);
      return ratings.split(',').map((rating, index) => ({
        rating: Number(rating),
        deltaT: index === 0 ? 0 : (d[index] ?? 0),
      }));
    });
  const cut = Math.floor(histories.length * 0.8);
  const train = histories.slice(0, cut);
  const test = histories.slice(cut);
  const started = performance.now();
  const { weights } = await tuneFromHistories(train, null);
  const fitSeconds = (performance.now() - started) / 1000;
  const score = (model: 'sm2' | readonly number[] | null) => {
    const pairs = predictions(test, model);
    const logLoss =
      pairs.reduce((sum, { p, y }) => sum - (y * Math.log(p) + (1 - y) * Math.log(1 - p)), 0) /
      pairs.length;
    return { logLoss, rmse: binnedRmse(pairs), n: pairs.length };
  };
  const sm2 = score('sm2');
  const defaults = score(null);
  const fitted = score(weights);
  void evaluateParameters;
  return [
    `Real review histories (\`../shared/data/fsrs/seq2seq.tsv\`, ${histories.length} cards): fitted on the first ${cut} cards, scored on the other ${histories.length - cut} (${fitted.n} long-term reviews). The file has no dates, so "older" is the file's card order. RMSE is binned by predicted recall (20 bins).`,
    '',
    '| Model | log loss | RMSE (bins) |',
    '|---|---:|---:|',
    `| SM-2 (recall 0.9^(t/I)) | ${sm2.logLoss.toFixed(4)} | ${sm2.rmse.toFixed(4)} |`,
    `| FSRS, default parameters | ${defaults.logLoss.toFixed(4)} | ${defaults.rmse.toFixed(4)} |`,
    `| FSRS, fitted (${fitSeconds.toFixed(1)} s with @open-spaced-repetition/binding) | ${fitted.logLoss.toFixed(4)} | ${fitted.rmse.toFixed(4)} |`,
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
