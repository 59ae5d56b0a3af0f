import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { type RoundRobinProxy, startProxy } from './proxy';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The topology of docs/OPERATIONS.md on one machine, started with the same commands
 * (`npm start` = `node scripts/start.mjs`, `npm run worker` = `node scripts/start.mjs worker`):
 * N app processes behind a round-robin proxy, one worker process, one fresh PostgreSQL database
 * and s3rver as the S3-compatible store. Ports: `portBase` (proxy), +1.. (apps), then s3rver.
 */
export interface ClusterOptions {
  apps: number;
  workers: number;
  portBase: number;
  adminUrl: string;
  keepAlive?: boolean;
  env?: Record<string, string>;
}

export interface ManagedProcess {
  name: string;
  /** The app's own address ('' for a worker). */
  url: string;
  readonly child: ChildProcess | undefined;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
  restart(): Promise<void>;
  startedAt: number;
  killedAt: number | undefined;
}

export interface Cluster {
  proxy: RoundRobinProxy;
  apps: ManagedProcess[];
  workers: ManagedProcess[];
  databaseUrl: string;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

async function waitReady(url: string, process: ManagedProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((process.child?.exitCode ?? null) !== null) {
      throw new Error(`${process.name} exited early:\n${process.output()}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${process.name} not ready:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Children still running when this process exits are killed with it. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function managed(name: string, args: string[], env: Record<string, string>, readyUrl?: string) {
  let child: ChildProcess | undefined;
  let output = '';
  const launch = async () => {
    output = '';
    child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const current = child;
    children.add(current);
    current.once('exit', () => children.delete(current));
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-200_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    proc.startedAt = Date.now();
    proc.killedAt = undefined;
    if (readyUrl) await waitReady(readyUrl, proc, 120_000);
    else {
      // A worker is ready when it says so.
      const deadline = Date.now() + 120_000;
      while (!output.includes('generation workers started')) {
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`${name} did not start:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const proc: ManagedProcess = {
    name,
    url: readyUrl ?? '',
    get child() {
      return child;
    },
    output: () => output,
    async kill(signal = 'SIGKILL') {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      proc.killedAt = Date.now();
      running.kill(signal);
      await exited;
    },
    restart: launch,
    startedAt: 0,
    killedAt: undefined,
  };
  return { proc, launch };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  // Built once here, so each start below only hashes the sources.
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    build.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build failed (${code})`)),
    );
  });
  const name = `mnemo_scale_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(options.adminUrl);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mnemo-scale-'));
  const s3Port = options.portBase + options.apps + 1;
  const s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dataDir, 's3'),
    configureBuckets: [{ name: 'mnemo-files' }],
  }) as { run(): Promise<unknown>; close(): Promise<void> };
  await s3.run();

  const appUrls = Array.from(
    { length: options.apps },
    (_, index) => `http://127.0.0.1:${options.portBase + 1 + index}`,
  );
  const proxyUrl = `http://127.0.0.1:${options.portBase}`;
  const shared: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    BASE_URL: proxyUrl,
    TRUST_PROXY: 'true',
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    // Every simulated learner comes from 127.0.0.1.
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_SIGN_IN_MAX: '1000000',
    S3_BUCKET: 'mnemo-files',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    GENERATION_LEASE_SECONDS: '5',
    ...options.env,
  };
  const apps = appUrls.map((url, index) =>
    managed(
      `app ${String.fromCharCode(65 + index)}`,
      ['scripts/start.mjs'],
      {
        ...shared,
        PORT: String(options.portBase + 1 + index),
        DATA_DIR: path.join(dataDir, `app-${index}`),
        GENERATION_WORKERS: '0',
      },
      url,
    ),
  );
  const workers = Array.from({ length: options.workers }, (_, index) =>
    managed(`worker ${index + 1}`, ['scripts/start.mjs', 'worker'], {
      ...shared,
      DATA_DIR: path.join(dataDir, `worker-${index}`),
      GENERATION_WORKERS: '1',
      // Its start line is how the harness knows it is up; a worker logs little.
      LOG_LEVEL: 'info',
    }),
  );
  const dropDatabase = async () => {
    await pool.end();
    await s3.close();
    const cleanup = new pg.Client({ connectionString: options.adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  let proxy: RoundRobinProxy;
  try {
    // The first app migrates the new database; the others start beside it.
    const [first, ...others] = apps;
    await first?.launch();
    await Promise.all([...others, ...workers].map((item) => item.launch()));
    proxy = await startProxy({
      port: options.portBase,
      upstreams: appUrls,
      keepAlive: options.keepAlive ?? true,
    });
  } catch (error) {
    await Promise.all([...apps, ...workers].map((item) => item.proc.kill('SIGKILL')));
    await dropDatabase();
    throw error;
  }

  return {
    proxy,
    apps: apps.map((item) => item.proc),
    workers: workers.map((item) => item.proc),
    databaseUrl,
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      return (await pool.query<T>(text, values)).rows;
    },
    async stop() {
      await proxy.close();
      await Promise.all(
        [...apps, ...workers].map((item) => item.proc.kill('SIGTERM').catch(() => {})),
      );
      await dropDatabase();
    },
  };
}
