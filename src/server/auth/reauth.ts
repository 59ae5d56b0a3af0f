import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
} from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';
import { z } from 'zod';
import type { Mail } from '../mail/mailer';
import { emails } from './emails';
import { cookieValue, verifiedToken } from './session-reader';

/**
 * Re-authentication (issue 21): what could hand the account to someone holding only a session
 * (a new phone number, a new API token, a password on an account without one) needs a password
 * typed, or a sign-in, within the last few minutes; and the account's address hears of each such
 * change.
 */
export const REAUTH_SECONDS = 5 * 60;
export const REAUTH_MESSAGES = {
  required: 'Confirm your password to continue',
  code: 'REAUTH_REQUIRED',
  wrongPassword: 'Invalid password',
  noPassword: 'This account has no password: sign out and sign in again to continue',
} as const;

const proofKey = (sessionId: string) => `reauth-${sessionId}`;

/** Whether a session was signed in, or proved its password again, within REAUTH_SECONDS. */
export function isRecent(
  sessionCreatedAt: Date,
  proofExpiresAt: Date | null | undefined,
  now: Date,
): boolean {
  if (now.getTime() - sessionCreatedAt.getTime() <= REAUTH_SECONDS * 1000) return true;
  return Boolean(proofExpiresAt && proofExpiresAt.getTime() > now.getTime());
}

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

async function sessionIsRecent(ctx: Ctx): Promise<boolean> {
  const session = await getSessionFromCtx(ctx);
  if (!session) return false;
  const proof = await ctx.context.internalAdapter.findVerificationValue(
    proofKey(session.session.id),
  );
  return isRecent(
    new Date(session.session.createdAt),
    proof && new Date(proof.expiresAt),
    new Date(),
  );
}

/**
 * Routes that need a recent proof, and what they answer without one: starting to confirm a
 * (new) phone number; setting a password on an account without one (a way in that would outlive
 * every session: only a sign-in can prove it, there being no password to confirm).
 */
const NEEDS_RECENT_PROOF = new Map<string, string>([
  ['/phone-number/send-otp', REAUTH_MESSAGES.required],
  ['/account/set-password', REAUTH_MESSAGES.noPassword],
]);

/** Changes the account's address is told of, by the route that makes them. */
const NOTICES = new Map<string, string>([
  ['/phone-number/verify', 'A phone number was confirmed for sign-in codes'],
  ['/two-factor/disable', 'Two-factor sign-in was turned off'],
  ['/account/set-password', 'A password was set'],
]);

/**
 * `POST /api/auth/account/confirm-password` proves the password again for this session; the
 * phone routes then work for REAUTH_SECONDS. Notices go to the account's address when a phone
 * number is confirmed and when two-factor sign-in is turned off.
 */
export function reauthentication(send: (mail: Mail) => void): BetterAuthPlugin {
  return {
    id: 'mnemo-reauthentication',
    endpoints: {
      confirmPassword: createAuthEndpoint(
        '/account/confirm-password',
        { method: 'POST', body: z.object({ password: z.string() }) },
        async (ctx) => {
          const session = await getSessionFromCtx(ctx);
          if (!session) throw new APIError('UNAUTHORIZED', { message: 'User not authenticated' });
          const accounts = await ctx.context.internalAdapter.findAccounts(session.user.id);
          const hash = accounts.find((account) => account.providerId === 'credential')?.password;
          if (!hash) {
            throw new APIError('BAD_REQUEST', {
              code: 'NO_PASSWORD',
              message: REAUTH_MESSAGES.noPassword,
            });
          }
          const valid = await ctx.context.password.verify({ hash, password: ctx.body.password });
          if (!valid) {
            throw new APIError('BAD_REQUEST', {
              code: 'INVALID_PASSWORD',
              message: REAUTH_MESSAGES.wrongPassword,
            });
          }
          const identifier = proofKey(session.session.id);
          await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
          await ctx.context.internalAdapter.createVerificationValue({
            identifier,
            value: session.user.id,
            expiresAt: new Date(Date.now() + REAUTH_SECONDS * 1000),
          });
          return ctx.json({ status: true, seconds: REAUTH_SECONDS });
        },
      ),
    },
    hooks: {
      before: [
        {
          matcher: (context) => NEEDS_RECENT_PROOF.has(context.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            if (!(await getSessionFromCtx(ctx))) return; // the route itself answers 401
            if (!(await sessionIsRecent(ctx))) {
              throw new APIError('FORBIDDEN', {
                code: REAUTH_MESSAGES.code,
                message: NEEDS_RECENT_PROOF.get(ctx.path) ?? REAUTH_MESSAGES.required,
              });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (context) => NOTICES.has(context.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!returned || returned instanceof Error || returned instanceof APIError) return;
            if (returned instanceof Response && !returned.ok) return;
            const session = await getSessionFromCtx(ctx);
            const change = NOTICES.get(ctx.path);
            if (!session || !change) return;
            send(emails.securityNotice(session.user.email, change));
          }),
        },
      ],
    },
  };
}

/** What a Mnemo route needs of better-auth to run the same check from the request's cookie. */
export interface ReauthContext {
  cookieName: string;
  secret: string;
  findSession(token: string): Promise<{ session: { id: string; createdAt: Date } } | null>;
  findVerificationValue(identifier: string): Promise<{ expiresAt: Date } | null | undefined>;
}

/**
 * The same check for Mnemo's own routes (creating an API token): the session is read from the
 * request's signed cookie. A bearer request never passes (tokens are made from a session).
 */
export async function cookieSessionIsRecent(
  context: ReauthContext,
  cookieHeader: string | undefined,
  now: Date,
): Promise<boolean> {
  const value = cookieHeader ? cookieValue(cookieHeader, context.cookieName) : undefined;
  const token = value ? verifiedToken(value, context.secret) : null;
  if (!token) return false;
  const found = await context.findSession(token);
  if (!found) return false;
  const proof = await context.findVerificationValue(proofKey(found.session.id));
  return isRecent(new Date(found.session.createdAt), proof && new Date(proof.expiresAt), now);
}
