import { serve } from '@hono/node-server';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { startServices } from './services';

const KEEP_ALIVE_MS = 65_000;

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Mnemo cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const services = await startServices(config, logger, path.join(projectRoot, 'dist/web'));

  const server = serve(
    { fetch: services.app.fetch, port: config.port, hostname: config.host },
    (info) => {
      logger.info(
        {
          port: info.port,
          url: config.baseUrl,
          database: services.db.kind,
          dataDir: config.dataDir,
        },
        `Mnemo is listening on ${config.baseUrl}`,
      );
    },
  );

  // Idle connections stay open 65 s (Node's default is 5 s): a learner answers every few
  // seconds, and a connection closed by the server just as the browser reuses it fails that
  // request; reopening thousands of connections every few seconds also costs the server CPU.
  // 65 s outlasts the 60 s idle timeout of the usual reverse proxies, so they close first.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.warn('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    server.close(async () => {
      await services.close();
      logger.info('stopped');
      process.exit(0);
    });
    // Idle kept-alive sockets would hold close() open for up to 65 s: close those idle now,
    // and any that turn idle after their last response, as they do.
    if ('closeIdleConnections' in server) {
      server.keepAliveTimeout = 1;
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 100).unref();
    }
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Mnemo failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
