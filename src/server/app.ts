import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { atInstant } from './clock';
import type { Logger } from 'pino';
import { type Auth, CLIENT_IP_HEADER, configuredOAuthProviders } from './auth/auth';
import { type AuthedEnv, requireUser } from './auth/require-user';
import { issueAccessToken, publishedKeys } from './auth/access-tokens';
import type { Config } from './config';
import { countingStatements } from './db/statement-count';
import { type Db, pingDb } from './db/database';
import { isMigrated } from './db/migrations';
import { apiRoutes } from './api-routes';
import type { UserAi } from './ai-settings/ai-settings.service';
import { errorBody, handleError } from './http/errors';
import { mountRoutes, openApiDocument } from './http/route-table';
import { limitBody, sameOriginOnly, securityHeaders } from './http/security';
import { apiReferencePage } from './http/api-reference';
import { mountSpa } from './spa';
import type { FileStorage } from './storage/storage';
import type { Mail, Mailer } from './mail/mailer';
import { cookieSessionIsRecent } from './auth/reauth';
import { forwardedClientIp } from './http/client-ip';

export interface AppDeps {
  config: Config;
  db: Db;
  auth: Auth;
  logger: Logger;
  storage: FileStorage;
  webDistDir: string;
  mailer: Mailer;
  /** Users' own AI models (Settings → AI). */
  userAi: UserAi;
}

function clientIp(c: Context, trustProxy: boolean, hops: number): string {
  if (trustProxy) {
    const forwarded = forwardedClientIp(c.req.header('x-forwarded-for'), hops);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Builds the whole HTTP application from its dependencies (no global state). */
export function createApp({
  config,
  db,
  auth,
  logger,
  storage,
  webDistDir,
  mailer,
  userAi,
}: AppDeps) {
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
  // Small bodies (an answer, a deck) are sent as they are: compressing them costs more CPU
  // than the bytes it saves (issue 13's profile: zlib 5% of an answer).
  app.use(compress({ threshold: 8 * 1024 }));
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

  const routeLimits = { ankiImportMaxBytes: config.ankiImportMaxBytes, quotas: config.quotas };
  const uploadPaths = apiRoutes
    .filter((item) => item.form)
    .map((item) => ({ path: `/api${item.path}`, ...item.streamFile?.(routeLimits) }));
  app.use('/api/*', limitBody(uploadPaths), sameOriginOnly(allowedOrigins));

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxy, config.trustProxyHops));
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const request = new Request(c.req.url, {
      method: c.req.method,
      headers,
      body: hasBody ? await c.req.arrayBuffer() : undefined,
    });
    return auth.handler(request);
  });

  // The signing keys of access tokens where JWKS clients look for them (better-auth serves them
  // at /api/auth/jwks); public keys, readable from any origin.
  app.get('/.well-known/jwks.json', async (c) => {
    const keys = await publishedKeys(auth);
    c.header('cache-control', 'public, max-age=300');
    c.header('access-control-allow-origin', '*');
    return c.json(keys);
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
  api.use(requireUser(auth, db.kysely, config.baseUrl));
  mountRoutes(api, apiRoutes, {
    db: db.kysely,
    storage,
    limits: routeLimits,
    issueAccessToken: (user) => issueAccessToken(auth, user, config.jwt.expiresSeconds),
    sessionIsRecent: async (c) => {
      const context = await auth.$context;
      return cookieSessionIsRecent(
        {
          cookieName: context.authCookies.sessionToken.name,
          secret: context.secret,
          findSession: (token) => context.internalAdapter.findSession(token),
          findVerificationValue: (key) => context.internalAdapter.findVerificationValue(key),
        },
        c.req.header('cookie'),
        new Date(),
      );
    },
    ai: userAi,
    notify: (mail: Mail) => {
      mailer.send(mail).catch((error: unknown) => logger.error({ err: error }, 'mail failed'));
    },
  });
  app.route('/api', api);

  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', 'Not found'), 404));

  mountSpa(app, webDistDir);
  return app;
}
