/**
 * `npm run test:scale`: many processes on PostgreSQL and S3, under load and faults (issue 13).
 * Two app processes behind a round-robin proxy, one worker process, s3rver, a fresh PostgreSQL
 * database (DATABASE_URL names the server; default postgres://postgres@127.0.0.1:5432/postgres).
 * Learners sign up, study and generate cards through the proxy; mid-way one app process and the
 * worker are killed with SIGKILL and restarted. Then it checks, reading PostgreSQL directly:
 * every acknowledged answer recorded exactly once, every job completed, status polls on app A
 * woken within SCALE_WAKE_LIMIT_MS (1000) of the worker's commit, and no request lost beyond
 * those in flight at the kill. Exits 1 on any failure.
 * Learners think SCALE_THINK_MS (2000) on average between answers, so the apps run loaded but
 * not saturated: a saturated app's queue of database work, not the wake-up, would set the delay.
 * Settings: SCALE_LEARNERS (200), SCALE_ANSWERS (12 per learner), SCALE_JOB_EVERY (10),
 * SCALE_PORT_BASE (3700: proxy, 3701-3702 apps, 3703 s3rver).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Cluster, startCluster } from '../test/support/scale/cluster';
import { startJobs } from '../test/support/scale/jobs';
import {
  answer,
  newStats,
  percentile,
  setUpLearner,
  type Learner,
} from '../test/support/scale/learners';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const LEARNERS = env('SCALE_LEARNERS', 200);
const ANSWERS = env('SCALE_ANSWERS', 12);
const JOB_EVERY = env('SCALE_JOB_EVERY', 10);
const THINK_MS = env('SCALE_THINK_MS', 2000);
const WAKE_LIMIT_MS = env('SCALE_WAKE_LIMIT_MS', 1000);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const failures: string[] = [];
let passed = 0;
const check = (ok: boolean, message: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (ok) passed++;
  else failures.push(message);
};

/** In CI, the checks join the run's summary (.ci/summarize.mjs reads Vitest-shaped reports). */
function writeReport() {
  const dir = process.env.CI_REPORT_DIR;
  if (!dir) return;
  const name = process.env.CI_REPORT_NAME ?? 'scale';
  fs.writeFileSync(
    path.join(dir, `${name}.json`),
    JSON.stringify({ numPassedTests: passed, numFailedTests: failures.length, testResults: [] }),
  );
}

async function main() {
  const started = Date.now();
  const cluster = await startCluster({
    apps: 2,
    workers: 1,
    portBase: env('SCALE_PORT_BASE', 3700),
    adminUrl,
    // A new connection per request: a request is in flight at the kill or it is not.
    keepAlive: false,
    // The status poll's own look is 60 s: only a notification can wake it in time.
    env: { GENERATION_STATUS_RECHECK_MS: '60000' },
  });
  console.log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    await run(cluster);
  } finally {
    await cluster.stop();
  }
  console.log(
    failures.length === 0 ? '\nscale test passed' : `\n${failures.length} check(s) failed`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
}

async function run(cluster: Cluster) {
  const started = Date.now();
  const [appA, appB] = cluster.apps;
  const [worker] = cluster.workers;
  if (!appA || !appB || !worker) throw new Error('cluster incomplete');
  const stats = newStats();
  const tag = `s${Date.now().toString(36)}`;
  const total = LEARNERS * ANSWERS;
  let acknowledged = 0;
  let kill: { inFlight: number; at: number; exitedAt: number } | undefined;
  let restartMs = 0;

  const killMidway = async () => {
    while (acknowledged < total / 2) await new Promise((resolve) => setTimeout(resolve, 20));
    // The moment of the kill: a job being generated if one comes within 10 s (the worker dies
    // holding its lease), and requests in flight on B, so the checks below have teeth.
    const busy = Date.now() + 10_000;
    while (Date.now() < busy) {
      const [row] = await cluster.query<{ n: string }>(
        "select count(*) as n from generation_jobs where status = 'processing'",
      );
      if (Number(row?.n) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const until = Date.now() + 5000;
    while (cluster.proxy.inFlight(1) === 0 && Date.now() < until) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const before = cluster.proxy.inFlight(1);
    const dispatched = cluster.proxy.dispatched(1);
    const at = Date.now();
    await Promise.all([appB.kill('SIGKILL'), worker.kill('SIGKILL')]);
    // Requests sent to B between the signal and its death were in flight at the kill too.
    kill = {
      inFlight: before + cluster.proxy.dispatched(1) - dispatched,
      at,
      exitedAt: Date.now(),
    };
    console.log(`killed app B and the worker with ${kill.inFlight} request(s) in flight on B`);
    const restart = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all([appB.restart(), worker.restart()]);
    restartMs = Date.now() - restart;
    console.log(`app B and the worker restarted in ${(restartMs / 1000).toFixed(1)} s`);
  };

  const jobs = startJobs();
  jobs.observeOn(appA.url, stats);
  const learner = async (index: number) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 2000));
    const me: Learner = await setUpLearner(cluster.proxy.url, index, 8, stats, tag);
    for (let number = 0; number < ANSWERS; number++) {
      // Jobs start half-way, so some are running when the worker is killed.
      if (number === Math.floor(ANSWERS / 2) && index % JOB_EVERY === 0)
        jobs.create(me, index / JOB_EVERY, stats);
      await answer(me, number, stats, tag);
      acknowledged++;
      await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
    }
  };
  const load = Date.now();
  const killing = killMidway();
  const results = await Promise.allSettled(
    Array.from({ length: LEARNERS }, (_, index) => learner(index)),
  );
  const loadMs = Date.now() - load;
  await killing;
  const observed = await jobs.finish([appA.url, appB.url], stats, 180_000);
  const crashed = results.filter((result) => result.status === 'rejected');

  console.log('\nchecks');
  check(crashed.length === 0, `every learner finished (${crashed.length} did not)`);
  check(stats.errors.length === 0, `no error answer (${stats.errors.slice(0, 3).join('; ')})`);
  const acked = [...stats.answers].filter(([, ok]) => ok).map(([id]) => id);
  check(acked.length === total, `every answer acknowledged (${acked.length}/${total})`);
  const rows = await cluster.query<{ client_review_id: string; n: string }>(
    'select client_review_id, count(*) as n from card_reviews group by client_review_id',
  );
  const counts = new Map(rows.map((row) => [row.client_review_id, Number(row.n)]));
  const duplicates = rows.filter((row) => Number(row.n) > 1).length;
  check(duplicates === 0, `no client id recorded twice (${duplicates})`);
  const once = acked.filter((id) => counts.get(id) === 1).length;
  check(once === acked.length, `every acknowledged answer recorded once (${once}/${acked.length})`);
  check(rows.length === stats.answers.size, `no answer recorded that was never sent`);
  const statuses = await cluster.query<{ status: string; n: string }>(
    'select status, count(*) as n from generation_jobs group by status',
  );
  const completed = Number(statuses.find((row) => row.status === 'completed')?.n ?? 0);
  check(
    completed === jobs.created.length && statuses.length === 1,
    `every job completed (${statuses.map((row) => `${row.status} ${row.n}`).join(', ')}; ${jobs.created.length} created)`,
  );
  check(observed.filesChecked === jobs.files, `uploads read back from S3 through both apps`);
  const wakes = observed.wakeMs;
  check(
    wakes.length > 0 && Math.max(...wakes) <= WAKE_LIMIT_MS,
    `status polls on app A woken after the worker's commit: ${wakes.length} measured, max ${Math.max(...wakes, 0)} ms (limit ${WAKE_LIMIT_MS})`,
  );
  const lost = cluster.proxy.lost;
  const beyond = lost.filter(
    (item) => item.upstream !== 1 || !kill || item.dispatchedAt > kill.exitedAt,
  );
  check(
    beyond.length === 0 && lost.length <= (kill?.inFlight ?? 0),
    `requests lost only among those in flight at the kill (${lost.length} lost, ${kill?.inFlight ?? 0} in flight, ${beyond.length} outside)`,
  );

  console.log('\nsummary');
  console.log(`  learners ${LEARNERS}, answers ${total} in ${(loadMs / 1000).toFixed(1)} s`);
  console.log(
    `  answers: p50 ${percentile(stats.answerMs, 50).toFixed(0)} ms, p99 ${percentile(stats.answerMs, 99).toFixed(0)} ms, resent ${stats.resends}`,
  );
  console.log(`  served by app A ${cluster.proxy.served[0]}, app B ${cluster.proxy.served[1]}`);
  console.log(
    `  jobs ${jobs.created.length} (${jobs.files} from files), wake delay p50 ${percentile(wakes, 50)} ms, max ${Math.max(...wakes, 0)} ms`,
  );
  const retaken = await cluster.query<{ n: string }>(
    'select count(*) as n from generation_jobs where attempts > 1',
  );
  console.log(`  jobs taken again after the worker's death: ${retaken[0]?.n ?? 0}`);
  console.log(`  restart of app B and worker ${(restartMs / 1000).toFixed(1)} s`);
  console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length > 0) {
    console.log(
      `\napp B:\n${appB.output().slice(-3000)}\nworker:\n${worker.output().slice(-3000)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error('scale test failed:', error);
  failures.push(String(error));
  writeReport();
  process.exit(1);
});
