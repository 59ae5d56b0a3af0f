import { ConfigError, loadConfig } from './config';
import { createDb } from './db/database';
import { isMigrated } from './db/migrations';
import { createLogger } from './logger';
import { startJobSignals, startWorkers } from './services';
import { createStorage } from './storage/storage';

/**
 * `npm run worker`: generation workers without the web server, on the same database
 * (GENERATION_WORKERS of them, at least one). Jobs are leased, so any number of these
 * processes can run beside the web server.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Mnemo's worker cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const db = createDb(config.database);
  // The web server owns migrations (better-auth's and Mnemo's): wait for them.
  while (!(await isMigrated(db.kysely as never, db.kind))) {
    logger.info('waiting for the web server to migrate the database');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const storage = createStorage(config.storage);
  await storage.ready();
  const signals = startJobSignals(config, db, logger);
  const workers = startWorkers(config, db, storage, logger, Math.max(1, config.generation.workers));
  logger.info({ workers: workers.length, database: db.kind }, 'generation workers started');
  // Once: a signal may come twice (to the process group, and forwarded by scripts/node.mjs).
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping workers');
    const force = setTimeout(() => process.exit(1), config.shutdownTimeoutMs);
    force.unref();
    await Promise.all(workers.map((worker) => worker.stop()));
    await signals.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Mnemo worker failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
