/**
 * One app process vs two on PostgreSQL (issue 13): answer throughput through the same
 * round-robin proxy as `npm run test:scale` (test/support/scale), closed loop, each
 * configuration three times, alternating, with the machine's load average beside each figure.
 * `npx tsx bench/scale.ts` prints the table and writes it into docs/PERFORMANCE.md under
 * "Many processes" (BENCH_NO_WRITE=1 only prints). DATABASE_URL names the PostgreSQL server.
 * `scaleBench()` returns the section for bench/run.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { startCluster } from '../test/support/scale/cluster';
import { processCpuSeconds } from './load-client';
import {
  answer,
  newStats,
  percentile,
  setUpLearner,
  type Learner,
} from '../test/support/scale/learners';

const LEARNERS = Number(process.env.BENCH_SCALE_LEARNERS ?? 40);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Run {
  apps: number;
  perSecond: number;
  /** CPU used during the window, in cores: the app processes together, and this process. */
  appCores: number;
  benchCores: number;
  postgresCores: number;
  p50: number;
  p99: number;
  load: number;
}

/** CPU seconds used so far by every PostgreSQL process of this machine (its backends too). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += processCpuSeconds(Number(entry));
  }
  return total;
}

async function measure(apps: number, round: number): Promise<Run> {
  const cluster = await startCluster({
    apps,
    workers: 0,
    portBase: Number(process.env.BENCH_SCALE_PORT_BASE ?? 3750),
    adminUrl,
    keepAlive: true,
  });
  try {
    const stats = newStats();
    const tag = `b${apps}r${round}`;
    const learners: Learner[] = [];
    for (let start = 0; start < LEARNERS; start += 10) {
      learners.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, LEARNERS - start) }, (_, index) =>
            setUpLearner(cluster.proxy.url, start + index, 20, stats, tag),
          ),
        )),
      );
    }
    // Warm-up, then the closed loop: each learner answers again as soon as it is acknowledged.
    await Promise.all(learners.map((learner) => answer(learner, 0, stats, tag)));
    stats.answerMs.length = 0;
    const until = Date.now() + SECONDS * 1000;
    let done = 0;
    const appCpu = () =>
      cluster.apps.reduce((sum, app) => sum + processCpuSeconds(app.child?.pid), 0);
    const appStart = appCpu();
    const postgresStart = postgresCpuSeconds();
    const benchStart = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      learners.map(async (learner) => {
        for (let number = 1; Date.now() < until; number++) {
          await answer(learner, number, stats, tag);
          done++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const bench = process.cpuUsage(benchStart);
    const appCores = (appCpu() - appStart) / elapsed;
    const benchCores = (bench.user + bench.system) / 1e6 / elapsed;
    const postgresCores = (postgresCpuSeconds() - postgresStart) / elapsed;
    if (stats.errors.length > 0) throw new Error(stats.errors.join('\n'));
    return {
      apps,
      perSecond: done / elapsed,
      appCores,
      benchCores,
      postgresCores,
      p50: percentile(stats.answerMs, 50),
      p99: percentile(stats.answerMs, 99),
      load: os.loadavg()[0] ?? 0,
    };
  } finally {
    await cluster.stop();
  }
}

export async function scaleBench(): Promise<string> {
  const runs: Run[] = [];
  for (let round = 1; round <= 3; round++) {
    for (const apps of [1, 2]) {
      const run = await measure(apps, round);
      console.log(
        `round ${round}, ${apps} app(s): ${run.perSecond.toFixed(0)} answers/s (load ${run.load.toFixed(2)})`,
      );
      runs.push(run);
    }
  }
  const rows = runs.map(
    (run, index) =>
      `| ${Math.floor(index / 2) + 1} | ${run.apps} | ${run.perSecond.toFixed(0)} | ${run.p50.toFixed(1)} | ${run.p99.toFixed(1)} | ${run.appCores.toFixed(2)} | ${run.postgresCores.toFixed(2)} | ${run.benchCores.toFixed(2)} | ${(run.appCores + run.postgresCores + run.benchCores).toFixed(2)} | ${run.load.toFixed(2)} |`,
  );
  const ratios = [0, 1, 2].map((round) => {
    const one = runs[round * 2]?.perSecond ?? Number.NaN;
    const two = runs[round * 2 + 1]?.perSecond ?? Number.NaN;
    return `${(two / one).toFixed(2)}×`;
  });
  // Whatever a second process adds, each answer still costs the CPU the one-process run spent
  // on it (app, PostgreSQL, bench); on two cores the rate cannot pass 2 cores' worth of that.
  const bounds = [0, 1, 2].map((round) => {
    const one = runs[round * 2];
    if (!one) return 'n/a';
    const cores = os.cpus().length;
    return `${(cores / (one.appCores + one.postgresCores + one.benchCores)).toFixed(2)}×`;
  });
  const date = new Date().toISOString().slice(0, 10);
  return `## Many processes

Measured by \`npx tsx bench/scale.ts\` on ${date} (${os.cpus().length} cores, Node ${process.version},
PostgreSQL): ${LEARNERS} learners answer in a closed loop for ${SECONDS} s through the round-robin
proxy of \`npm run test:scale\` to one app process, then to two (\`npm start\` each, the same
database); each configuration three times, alternating. The proxy and the learners run in the
bench's own process on the same machine, so they share its cores with the apps and PostgreSQL.
CPU: cores used during the window by the app processes together, by PostgreSQL's processes
(its backends included, read from /proc) and by the bench's process (learners and proxy). Load average: the
machine's 1-minute load at the end of each run (\`os.loadavg()\`).

| round | app processes | answers/s | p50 ms | p99 ms | app CPU (cores) | PostgreSQL CPU (cores) | bench CPU (cores) | all three | load average |
| ----: | ------------: | --------: | -----: | -----: | --------------: | ---------------------: | ----------------: | --------: | -----------: |
${rows.join('\n')}

Two processes vs one (answers/s), per round: ${ratios.join(', ')} (issue 13's goal: ≥ 1.6× on two cores).

The most a second process could give here, per round: ${bounds.join(', ')}. Each answer costs the
CPU that the one-process run spent on it in all three (app, PostgreSQL, bench), and the machine
has ${os.cpus().length} cores for all of them, so no number of app processes can pass ${os.cpus().length} cores divided by the
"all three" column of the one-process run.

A second process can only add throughput when one app process is the bottleneck, that is
when it uses about a whole core; where the app CPU column stays under one core for one process
and does not grow with two, the limit is elsewhere (PostgreSQL, the bench's own process, and
whatever else runs on the machine: see the load average).
`;
}

async function main() {
  const section = await scaleBench();
  console.log(section);
  if (process.env.BENCH_NO_WRITE) return;
  const file = 'docs/PERFORMANCE.md';
  const current = fs.readFileSync(file, 'utf8');
  const start = current.indexOf('\n## Many processes\n');
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const end = current.indexOf('\n## ', start + 1);
    next = `${current.slice(0, start + 1)}${section}${end === -1 ? '' : `\n${current.slice(end + 1)}`}`;
  }
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(next, { ...options, parser: 'markdown' }));
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
