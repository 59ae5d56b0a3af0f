/**
 * The session cookie of an API request, read in one indexed query (issue 13).
 *
 * better-auth's `getSession` does the same work through its endpoint machinery (a context per
 * call, WebCrypto's asynchronous HMAC, its adapter's output parsing): about a sixth of an
 * answer's CPU. This reader decides only the common case — a validly signed cookie whose session
 * exists, has not expired and is not due for its daily refresh — and hands every other case back
 * to better-auth (`undefined`), so expiry clean-up, refresh and the rarer cookies keep
 * better-auth's behaviour. Nothing is cached: a revoked session is refused at its next request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { findSessionUser } from './session.repository';
import type { SessionUser } from './require-user';

export interface SessionCookieSettings {
  /** The session token's cookie (`better-auth.session_token`, `__Secure-` on HTTPS). */
  sessionCookie: string;
  /** Cookies whose presence asks for better-auth's own handling. */
  otherCookies: string[];
  secret: string;
  /** Seconds a session lives, and the age after which a request extends it. */
  expiresIn: number;
  updateAge: number;
}

/** The value of cookie `name` in a Cookie header, URI-decoded; undefined when absent. */
export function cookieValue(header: string, name: string): string | undefined {
  let from = 0;
  while (from < header.length) {
    let end = header.indexOf(';', from);
    if (end < 0) end = header.length;
    const equals = header.indexOf('=', from);
    if (equals > from && equals < end && header.slice(from, equals).trim() === name) {
      const raw = header.slice(equals + 1, end).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
    from = end + 1;
  }
  return undefined;
}

/** The token of a signed cookie value (`token.base64(HMAC-SHA256)`), or null when it is forged. */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The user of the request's session cookie: the user, null when there is no valid session
 * (no cookie, a forged one, an unknown token), or undefined when better-auth must decide.
 */
export async function readSessionUser(
  db: Kysely<Database>,
  settings: SessionCookieSettings,
  cookieHeader: string | undefined,
  nowMs: number,
): Promise<SessionUser | null | undefined> {
  if (!cookieHeader) return null;
  const value = cookieValue(cookieHeader, settings.sessionCookie);
  if (!value) return null;
  if (settings.otherCookies.some((name) => cookieValue(cookieHeader, name) !== undefined)) {
    return undefined;
  }
  const token = verifiedToken(value, settings.secret);
  if (!token) return null;
  const found = await findSessionUser(db, token);
  if (!found) return null;
  const expiresAt = found.expiresAt.getTime();
  const expired = !(expiresAt >= nowMs);
  const dueForRefresh = expiresAt - settings.expiresIn * 1000 + settings.updateAge * 1000 <= nowMs;
  if (expired || dueForRefresh) return undefined;
  return { id: found.id, email: found.email };
}
