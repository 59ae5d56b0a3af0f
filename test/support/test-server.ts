import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The database for one test server: a fresh SQLite file in its data directory, or, when the
 * suite runs with DATABASE_URL (CI's PostgreSQL pass), a fresh PostgreSQL database.
 */
export interface TestDatabase {
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };
  const name = `mnemo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface OutboxMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

export interface TestServer {
  url: string;
  dataDir: string;
  databaseUrl: string | undefined;
  process: ChildProcess;
  output(): string;
  /** Every e-mail in the outbox for one address, oldest first. */
  outbox(to: string): Promise<OutboxMessage[]>;
  /** Waits for the next e-mail to an address whose subject matches, and returns it. */
  waitForMail(to: string, subject: RegExp, after?: number): Promise<OutboxMessage>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  /** Added to the test environment; a variable given as undefined is left out of it. */
  env?: Record<string, string | undefined>;
  /** Share another server's data directory and database (several processes, one database). */
  shareWith?: TestServer;
  /**
   * Start it as `npm start` does (`scripts/start.mjs`: build what changed, run the built
   * JavaScript) instead of running the TypeScript through tsx.
   */
  built?: boolean;
}

/**
 * Starts the real server (`src/server/main.ts` through tsx, or the built one) as a child process
 * and waits until it is ready.
 */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const shared = options.shareWith;
  const dataDir =
    shared?.dataDir ??
    (await fs.mkdtemp(path.join(projectRoot, '.tmp', 'server-')).catch(async () => {
      await fs.mkdir(path.join(projectRoot, '.tmp'), { recursive: true });
      return fs.mkdtemp(path.join(projectRoot, '.tmp', 'server-'));
    }));
  const database = shared ? undefined : await createTestDatabase();
  const databaseUrl = shared ? shared.databaseUrl : database?.url;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    // Lets a test run a request at another instant (`X-Test-Now`, src/server/clock.ts).
    TEST_CLOCK: 'true',
    // Each response says how many SQL statements it ran (`X-Statements`).
    TEST_STATEMENT_COUNT: 'true',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // Suites sign many users up from one address; the rate-limit suite sets its own limits.
    RATE_LIMIT_SIGN_IN_MAX: '100000',
    RATE_LIMIT_MAX: '100000',
    // The suites sign users up and use them at once: here a sign-up signs in, as before issue
    // 21. Production's default (every sign-up answers 'check your e-mail', the mailed link
    // signs in) is tested by suites that leave it out (`SIGN_UP_SIGNS_IN: undefined`):
    // src/server/auth/sign-up-enumeration.api.test.ts, and every browser journey.
    SIGN_UP_SIGNS_IN: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const args = options.built ? ['scripts/start.mjs'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  // A built start may build the web app first.
  const deadline = Date.now() + (options.built ? 240_000 : 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const outbox = async (to: string) => {
    const dir = path.join(dataDir, 'outbox');
    const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.json'));
    const messages = await Promise.all(
      files.map(
        async (file) =>
          JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as OutboxMessage,
      ),
    );
    return messages
      .filter((message) => message.to === to)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  };

  return {
    url,
    dataDir,
    databaseUrl,
    process: child,
    output: () => output,
    outbox,
    async waitForMail(to, subject, after = 0) {
      const until = Date.now() + 10_000;
      for (;;) {
        const found = (await outbox(to)).filter(
          (message) => subject.test(message.subject) && Date.parse(message.createdAt) >= after,
        );
        const last = found.at(-1);
        if (last) return last;
        if (Date.now() > until) throw new Error(`no mail "${subject}" to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (!shared) {
        await database?.drop();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
      return code;
    },
  };
}
