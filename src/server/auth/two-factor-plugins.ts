import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
} from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import type { BetterAuthPlugin } from 'better-auth';
const TWO_FACTOR_COOKIE = 'two_factor';
const TWO_FACTOR_CHALLENGE_SECONDS = 600;

/**
 * Paths whose new session is the end of a two-factor check (or the two-factor plugin's own
 * challenge of password sign-in): every other path that creates a session is challenged.
 */
function completesTwoFactor(path: string | undefined): boolean {
  return path === '/sign-in/email' || (path?.startsWith('/two-factor/') ?? false);
}

/** A browser's redirect flows (links, OAuth callbacks) get a redirect; fetch calls get JSON. */
function isRedirectFlow(path: string | undefined, method: string | undefined): boolean {
  return method === 'GET' || (path?.startsWith('/callback/') ?? false);
}

/**
 * Whether the request came from a session of this same user (a refresh, a password change that
 * renews the session): that user has passed the challenge already.
 */
async function alreadySignedIn(ctx: AuthContextLike, userId: string): Promise<boolean> {
  const held = (ctx.context as { session?: { user?: { id?: string } } | null }).session;
  if (held?.user?.id === userId) return true;
  const cookie = ctx.context.authCookies.sessionToken.name;
  const token = await ctx.getSignedCookie(cookie, ctx.context.secret);
  if (!token) return false;
  const found = await ctx.context.internalAdapter.findSession(token);
  return found?.user.id === userId;
}

type AuthContextLike = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Where the browser was going after the sign-in, read from the endpoint's redirect. */
function returnToOf(returned: unknown, baseUrl: string): string {
  const headers = (returned as { headers?: Headers } | undefined)?.headers;
  const location = headers instanceof Headers ? headers.get('location') : null;
  if (!location) return '/dashboard';
  const target = new URL(location, baseUrl);
  if (target.origin !== new URL(baseUrl).origin) return '/dashboard';
  const nested = target.searchParams.get('returnTo');
  if (target.pathname === '/auth/callback') return nested ?? '/dashboard';
  return `${target.pathname}${target.search}`;
}

/**
 * A small plugin that puts the two-factor challenge in front of every route that creates a
 * session, whatever its path (magic link, e-mailed code, OAuth, e-mail verification, and any
 * route a plugin adds later): the fresh session is thrown away, a pending two-factor cookie is
 * set exactly as the two-factor plugin does for password sign-in, and the browser is sent to
 * the code screen (a fetch call gets the same JSON as password sign-in).
 */
export function twoFactorEverywhere(baseUrl: string): BetterAuthPlugin {
  return {
    id: 'mnemo-two-factor-everywhere',
    hooks: {
      after: [
        {
          matcher: (context) => !completesTwoFactor(context.path),
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession as {
              user: { id: string; twoFactorEnabled?: boolean | null };
              session: { token: string };
            } | null;
            if (!data?.user.twoFactorEnabled) return;
            if (await alreadySignedIn(ctx, data.user.id)) return;
            const apiCall = !isRedirectFlow(ctx.path, ctx.request?.method);
            const returnTo = returnToOf(ctx.context.returned, baseUrl);
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(data.session.token);
            ctx.context.setNewSession(null);
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, {
              maxAge: TWO_FACTOR_CHALLENGE_SECONDS,
            });
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: data.user.id,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            await ctx.setSignedCookie(
              cookie.name,
              identifier,
              ctx.context.secret,
              cookie.attributes,
            );
            // A code typed into the page (fetch) is answered as password sign-in is: in JSON.
            if (apiCall) {
              const phone = (data.user as { phoneNumberVerified?: boolean }).phoneNumberVerified;
              const twoFactorMethods = phone ? ['totp', 'otp'] : ['totp'];
              return ctx.json({ twoFactorRedirect: true, twoFactorMethods });
            }
            throw ctx.redirect(
              `${baseUrl}/login?view=verify_otp&returnTo=${encodeURIComponent(returnTo)}`,
            );
          }),
        },
      ],
    },
  };
}

/** How long a used TOTP code stays refused: longer than the window in which it is valid. */
const USED_CODE_SECONDS = 120;
export const TOTP_REPLAY_MESSAGE = 'This code has already been used. Wait for the next code.';

/**
 * Refuses a TOTP code that has already been accepted for the same user (RFC 6238 §5.2): the
 * two-factor plugin checks the code's value only, so a code seen over someone's shoulder would
 * otherwise work again for up to a minute.
 */
export function totpReplayGuard(): BetterAuthPlugin {
  const usedKey = (userId: string, code: string) => `totp-used-${userId}-${code.trim()}`;
  return {
    id: 'mnemo-totp-replay-guard',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== 'string') return;
            let userId: string | undefined;
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
            const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
            if (pending) {
              userId = (await ctx.context.internalAdapter.findVerificationValue(pending))?.value;
            } else {
              userId = (await getSessionFromCtx(ctx))?.user.id;
            }
            if (!userId) return;
            const used = await ctx.context.internalAdapter.findVerificationValue(
              usedKey(userId, code),
            );
            if (used && new Date(used.expiresAt) > new Date()) {
              throw new APIError('BAD_REQUEST', {
                code: 'CODE_ALREADY_USED',
                message: TOTP_REPLAY_MESSAGE,
              });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (context) => context.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: { id?: string } } | undefined;
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            const userId = returned && !(returned instanceof Error) ? returned.user?.id : undefined;
            if (!userId || typeof code !== 'string') return;
            await ctx.context.internalAdapter.createVerificationValue({
              identifier: usedKey(userId, code),
              value: '1',
              expiresAt: new Date(Date.now() + USED_CODE_SECONDS * 1000),
            });
          }),
        },
      ],
    },
  };
}

/**
 * `GET /api/auth/two-factor/methods`: the second factors of the account whose sign-in waits for
 * its code (the pending two-factor cookie): 'totp' always, 'otp' (a code by SMS) when it has a
 * confirmed phone number. The code screen offers only these (issue 14), whether it was reached
 * from a password, a magic link, an e-mailed code or OAuth. Without a pending sign-in: 401.
 */
export function twoFactorMethods(): BetterAuthPlugin {
  return {
    id: 'mnemo-two-factor-methods',
    endpoints: {
      twoFactorMethods: createAuthEndpoint(
        '/two-factor/methods',
        { method: 'GET' },
        async (ctx) => {
          const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
          const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
          const challenge = pending
            ? await ctx.context.internalAdapter.findVerificationValue(pending)
            : null;
          if (!challenge || new Date(challenge.expiresAt) <= new Date()) {
            throw new APIError('UNAUTHORIZED', {
              code: 'NO_PENDING_SIGN_IN',
              message: 'No sign-in is waiting for a code',
            });
          }
          const user = (await ctx.context.internalAdapter.findUserById(challenge.value)) as {
            phoneNumberVerified?: boolean | null;
          } | null;
          const methods = user?.phoneNumberVerified ? ['totp', 'otp'] : ['totp'];
          return ctx.json({ methods });
        },
      ),
    },
  };
}
