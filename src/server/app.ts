import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { atInstant } from './clock';
import type { Logger } from 'pino';
import { type Auth, CLIENT_IP_HEADER, configuredOAuthProviders } from './auth/auth';
import { type AuthedEnv, requireUser } from './auth/require-user';
import type { Config } from './config';
import { countingStatements } from './db/statement-count';
import { type Db, pingDb } from './db/database';
import { isMigrated } from './db/migrations';
import { apiRoutes } from './api-routes';
import { errorBody, handleError } from './http/errors';
import { mountRoutes, openApiDocument } from './http/route-table';
import { limitBody, sameOriginOnly, securityHeaders } from './http/security';
import { apiReferencePage } from './http/api-reference';
import { mountSpa } from './spa';
import type { FileStorage } from './storage/storage';

export interface AppDeps {
  config: Config;
  db: Db;
  auth: Auth;
  logger: Logger;
  storage: FileStorage;
  webDistDir: string;
}

function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Builds the whole HTTP application from its dependencies (no global state). */
export function createApp({ config, db, auth, logger, storage, webDistDir }: AppDeps) {
  const app = new Hono<{ Variables: { requestId: string } }>();
  const allowedOrigins = [config.baseUrl, ...config.trustedOrigins];

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const entry = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status,
      ms,
    };
    if (status >= 500) logger.error(entry, 'request');
    else if (c.req.path.startsWith('/api/')) logger.info(entry, 'request');
    else logger.debug(entry, 'request');
  });
  // gzip (or deflate) for text bodies when the client accepts it; the web app's files are sent
  // precompressed (brotli or gzip, scripts/build.mjs) and are left as they are.
  app.use(compress());
  app.use(securityHeaders());
  if (config.testStatementCount) {
    app.use(async (c, next) => {
      const counting = countingStatements(next);
      await counting.done;
      c.res.headers.set('x-statements', String(counting.count()));
    });
  }
  if (config.testClock) {
    app.use(async (c, next) => {
      const at = c.req.header('x-test-now');
      if (!at) return next();
      const instant = new Date(at);
      if (Number.isNaN(instant.getTime())) return c.json({ error: 'Bad X-Test-Now' }, 400);
      return atInstant(instant, next);
    });
  }
  app.onError((error, c) => handleError(error, c, logger));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const database = await pingDb(db);
    const migrated = database && (await isMigrated(db.kysely as never, db.kind));
    const ready = database && migrated;
    return c.json(
      { status: ready ? 'ready' : 'not ready', engine: db.kind, database, migrated },
      ready ? 200 : 503,
    );
  });

  const uploadPaths = apiRoutes.filter((item) => item.form).map((item) => `/api${item.path}`);
  app.use('/api/*', limitBody(uploadPaths), sameOriginOnly(allowedOrigins));

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxy));
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const request = new Request(c.req.url, {
      method: c.req.method,
      headers,
      body: hasBody ? await c.req.arrayBuffer() : undefined,
    });
    return auth.handler(request);
  });

  app.get('/api/config', (c) =>
    c.json({
      oauthProviders: configuredOAuthProviders(config),
      emailVerificationRequired: config.requireEmailVerification,
    }),
  );

  const openApi = openApiDocument(apiRoutes, config.baseUrl);
  app.get('/api/openapi.json', (c) => c.json(openApi));
  app.get('/api/docs', (c) => c.html(apiReferencePage(openApi)));

  const api = new Hono<AuthedEnv>();
  api.use(requireUser(auth));
  mountRoutes(api, apiRoutes, {
    db: db.kysely,
    storage,
    limits: { ankiImportMaxBytes: config.ankiImportMaxBytes },
  });
  app.route('/api', api);

  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', 'Not found'), 404));

  mountSpa(app, webDistDir);
  return app;
}
