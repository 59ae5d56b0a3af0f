import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX } from '../../core/api-token-schemas';
import { findUserById } from '../api-tokens/api-tokens.repository';
import { userOfApiToken } from '../api-tokens/api-tokens.service';
import { now } from '../clock';
import type { Database } from '../db/database';
import { unauthorized } from '../http/errors';
import { looksLikeJwt, publishedKeys, verifyAccessToken } from './access-tokens';
import type { Auth } from './auth';
import { readSessionUser, type SessionCookieSettings } from './session-reader';

export interface SessionUser {
  id: string;
  email: string;
}

/** How a request proved its user: a session cookie, an API token, or a signed access token. */
export type AuthMethod = 'session' | 'api_token' | 'jwt';

export type AuthedEnv = {
  Variables: { user: SessionUser; authMethod: AuthMethod; requestId: string };
};

/** The token of an `Authorization: Bearer <token>` header, undefined without the header. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/iu.exec(authorization);
  if (!match?.[1]) throw unauthorized(API_TOKEN_MESSAGES.badHeader);
  return match[1];
}

async function userOfBearer(
  token: string,
  auth: Auth,
  db: Kysely<Database>,
  baseUrl: string,
): Promise<{ user: SessionUser; method: AuthMethod }> {
  if (token.startsWith(API_TOKEN_PREFIX)) {
    const found = await userOfApiToken(db, token);
    if (!found) throw unauthorized(API_TOKEN_MESSAGES.invalid);
    return { user: { id: found.id, email: found.email }, method: 'api_token' };
  }
  if (looksLikeJwt(token)) {
    const payload = await verifyAccessToken(token, await publishedKeys(auth), {
      issuer: baseUrl,
      audience: baseUrl,
      currentDate: now(),
    });
    // The account may be gone since the token was signed.
    const user = await findUserById(db, payload.sub);
    if (!user) throw unauthorized(API_TOKEN_MESSAGES.jwtInvalid);
    return { user, method: 'jwt' };
  }
  throw unauthorized(API_TOKEN_MESSAGES.invalidBearer);
}

/** What the session reader needs of better-auth's settings: its cookies, secret and ages. */
async function cookieSettings(auth: Auth): Promise<SessionCookieSettings> {
  const context = await auth.$context;
  return {
    sessionCookie: context.authCookies.sessionToken.name,
    otherCookies: [
      context.authCookies.dontRememberToken.name,
      context.authCookies.sessionData.name,
    ],
    secret: context.secret,
    expiresIn: context.sessionConfig.expiresIn,
    updateAge: context.sessionConfig.updateAge,
  };
}

/**
 * Puts the request's user on the context, or ends it with 401. With an `Authorization: Bearer`
 * header the token alone decides (an API token or a signed access token) and any cookie is
 * ignored; without one, the better-auth session cookie does: read in one query
 * (`session-reader.ts`), or by better-auth itself when the session is expired, due for its
 * refresh or carries cookies the reader leaves to it.
 */
export const requireUser = (
  auth: Auth,
  db: Kysely<Database>,
  baseUrl: string,
): MiddlewareHandler<AuthedEnv> => {
  let settings: Promise<SessionCookieSettings> | undefined;
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token !== undefined) {
      const { user, method } = await userOfBearer(token, auth, db, baseUrl);
      c.set('user', user);
      c.set('authMethod', method);
      return next();
    }
    settings ??= cookieSettings(auth);
    let user = await readSessionUser(db, await settings, c.req.header('cookie'), Date.now());
    if (user === undefined) {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      user = session && { id: session.user.id, email: session.user.email };
    }
    if (!user) throw unauthorized();
    c.set('user', user);
    c.set('authMethod', 'session');
    await next();
  };
};
