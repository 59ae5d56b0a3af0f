import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getMigrations } from 'better-auth/db/migration';
import type { Logger } from 'pino';
import { createApp } from './app';
import { authOptions, createAuth } from './auth/auth';
import type { Config } from './config';
import { createDb, type Db } from './db/database';
import { migrateToLatest } from './db/migrations';
import { connectedLlm, type UserAi } from './ai-settings/ai-settings.service';
import { createKeyBox } from './ai-settings/key-box';
import { checkKey } from './ai-settings/key-check';
import { createGenerator } from './generation/create-generator';
import { startPgJobSignals } from './generation/pg-job-signals';
import { configureJobSignals } from './generation/signals';
import { createTextThread } from './generation/text-thread';
import { GenerationWorker } from './generation/worker';
import { createMailer } from './mail/mailer';
import { createSmsSender } from './sms/sms';
import { ImportWorker } from './import/anki/job-worker';
import { createStorage, type FileStorage } from './storage/storage';

/**
 * The secret that signs sessions: AUTH_SECRET when set, otherwise one generated on first start
 * and kept in the data directory, so sessions survive restarts with no setting.
 */
export function authSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Users' own AI models: allowed by AI_USER_KEYS, keys sealed with the server's secret. */
function createUserAi(config: Config, secret: string): UserAi {
  return {
    allowed: config.aiUserKeys,
    keyBox: createKeyBox(secret),
    server: config.ai,
    providerUrl: config.testAiProviderUrl,
    check: checkKey,
  };
}

export interface Services {
  db: Db;
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

/** Opens the database, applies every migration, and wires the application. */
export async function startServices(
  config: Config,
  logger: Logger,
  webDistDir: string,
): Promise<Services> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = createDb(config.database, { countStatements: config.testStatementCount });
  const mailer = createMailer(config.mail, logger);
  const sms = createSmsSender(config.sms, logger);
  const deps = { config, db, mailer, sms, logger, secret: authSecret(config) };

  const { runMigrations } = await getMigrations(authOptions(deps));
  await runMigrations();
  const applied = await migrateToLatest(db.kysely as never, db.kind);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');

  const storage = createStorage(config.storage);
  try {
    await storage.ready();
  } catch (error) {
    await db.close();
    const where =
      config.storage.kind === 's3' ? `S3 bucket "${config.storage.bucket}"` : config.storage.dir;
    throw new Error(`File storage is not reachable (${where}): ${(error as Error).message}`, {
      cause: error,
    });
  }
  const auth = createAuth(deps);
  const userAi = createUserAi(config, deps.secret);
  const app = createApp({ config, db, auth, logger, storage, webDistDir, mailer, userAi });
  const signals = startJobSignals(config, db, logger);
  const workers = startWorkers(
    config,
    db,
    storage,
    logger,
    config.generation.workers,
    config.ankiImportWorkers > 0,
  );
  return {
    db,
    app,
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()));
      await signals.stop();
      await db.close();
    },
  };
}

/**
 * Job wake-ups across processes: on PostgreSQL a LISTEN connection and NOTIFY after each
 * committed change (`pg-job-signals.ts`); on SQLite the in-process signals alone.
 */
export function startJobSignals(config: Config, db: Db, logger: Logger) {
  configureJobSignals({ recheckMs: config.generation.statusRecheckMs });
  if (config.database.kind !== 'postgres')
    return { ready: Promise.resolve(), stop: async () => {} };
  return startPgJobSignals({ url: config.database.url, db: db.kysely, logger });
}

/**
 * Generation workers in this process (GENERATION_WORKERS; `npm run worker` runs more), and one
 * Anki import worker when `imports` (ANKI_IMPORT_WORKERS; by default with generation workers).
 */
export function startWorkers(
  config: Config,
  db: Db,
  storage: FileStorage,
  logger: Logger,
  count: number,
  imports = count > 0,
) {
  const userAi = createUserAi(config, authSecret(config));
  const workers: { start(): void; stop(): Promise<void> }[] = Array.from({ length: count }, () => {
    // One text thread per worker: a job stopped at its deadline stops only its own thread.
    const thread = createTextThread();
    return new GenerationWorker({
      db: db.kysely,
      logger,
      thread,
      generator: createGenerator(config.ai, thread),
      generatorFor: async (userId: string) => {
        const own = await connectedLlm(db.kysely, userId, userAi);
        return own ? createGenerator(own, thread) : null;
      },
      leaseSeconds: config.generation.leaseSeconds,
      deadlineSeconds: config.generation.deadlineSeconds,
      maxJobsPerUser: config.generation.maxJobsPerUser,
      quotas: config.quotas,
    });
  });
  if (imports) {
    workers.push(
      new ImportWorker({
        db: db.kysely,
        storage,
        logger,
        leaseSeconds: config.generation.leaseSeconds,
        deadlineSeconds: config.generation.deadlineSeconds,
        quotas: config.quotas,
        rowLimits: config.ankiImportRowLimits,
        memoryMb: config.ankiImportMemoryMb,
      }),
    );
  }
  for (const worker of workers) worker.start();
  return workers;
}
