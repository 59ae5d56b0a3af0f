import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { genericOAuth, magicLink, twoFactor } from 'better-auth/plugins';
import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { Logger } from 'pino';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../core/constants';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { emails } from './emails';

/** The header the HTTP layer fills with the client's address; better-auth keys rate limits on it. */
export const CLIENT_IP_HEADER = 'x-mnemo-client-ip';
const TWO_FACTOR_COOKIE = 'two_factor';
const TWO_FACTOR_CHALLENGE_SECONDS = 600;

/**
 * Paths that end in a new session without a password. better-auth's two-factor plugin only
 * challenges password sign-in; these must be challenged too.
 */
function isPasswordlessSignIn(path: string | undefined): boolean {
  return (
    path === '/magic-link/verify' ||
    path === '/verify-email' ||
    path === '/callback/:id' ||
    (path?.startsWith('/callback/') ?? false)
  );
}

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
 * A small plugin that puts the two-factor challenge in front of every passwordless sign-in
 * (magic link, OAuth, e-mail verification): the fresh session is thrown away, a pending
 * two-factor cookie is set exactly as the two-factor plugin does for password sign-in, and the
 * browser is sent to the code screen.
 */
function twoFactorEverywhere(baseUrl: string): BetterAuthPlugin {
  return {
    id: 'mnemo-two-factor-everywhere',
    hooks: {
      after: [
        {
          matcher: (context) => isPasswordlessSignIn(context.path),
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession as {
              user: { id: string; twoFactorEnabled?: boolean | null };
              session: { token: string };
            } | null;
            if (!data?.user.twoFactorEnabled) return;
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
function totpReplayGuard(): BetterAuthPlugin {
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

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

function oauthProviders(config: Config): GenericOAuthConfig[] {
  const providers: GenericOAuthConfig[] = [];
  if (config.google) {
    providers.push({
      providerId: 'google',
      clientId: config.google.clientId,
      clientSecret: config.google.clientSecret,
      discoveryUrl: `${config.google.issuerUrl}/.well-known/openid-configuration`,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
    });
  }
  if (config.github) {
    const { url, apiUrl } = config.github;
    providers.push({
      providerId: 'github',
      clientId: config.github.clientId,
      clientSecret: config.github.clientSecret,
      authorizationUrl: `${url}/login/oauth/authorize`,
      tokenUrl: `${url}/login/oauth/access_token`,
      scopes: ['read:user', 'user:email'],
      async getUserInfo(tokens) {
        const headers = {
          authorization: `Bearer ${tokens.accessToken}`,
          accept: 'application/vnd.github+json',
          'user-agent': 'Mnemo',
        };
        const profileResponse = await fetch(`${apiUrl}/user`, { headers });
        if (!profileResponse.ok) return null;
        const profile = (await profileResponse.json()) as {
          id: number;
          login: string;
          name: string | null;
          avatar_url: string | null;
        };
        const emailsResponse = await fetch(`${apiUrl}/user/emails`, { headers });
        const addresses = emailsResponse.ok ? ((await emailsResponse.json()) as GitHubEmail[]) : [];
        const primary = addresses.find((item) => item.primary) ?? addresses[0];
        if (!primary) return null;
        return {
          id: String(profile.id),
          email: primary.email,
          emailVerified: primary.verified,
          name: profile.name ?? profile.login,
          image: profile.avatar_url ?? undefined,
        };
      },
    });
  }
  return providers;
}

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  secret: string;
}

export function authOptions({ config, db, mailer, logger, secret }: AuthDeps) {
  const sendInBackground = (mail: ReturnType<typeof emails.resetPassword>) => {
    // Mail goes out after the response so the timing does not reveal whether an account exists.
    mailer.send(mail).catch((error: unknown) => logger.error({ err: error }, 'mail failed'));
  };
  const signInRule = { window: config.rateLimit.windowSeconds, max: config.rateLimit.signInMax };
  return {
    appName: 'Mnemo',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret,
    database: { db: db.kysely, type: db.kind, transaction: true },
    trustedOrigins: [config.baseUrl, ...config.trustedOrigins],
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      requireEmailVerification: config.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        sendInBackground(emails.resetPassword(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) => {
        sendInBackground(emails.verifyEmail(user.email, url));
      },
    },
    account: {
      accountLinking: {
        enabled: true,
        // An OAuth sign-in never takes over an account whose owner has not proven the e-mail.
        requireLocalEmailVerified: true,
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: config.rateLimit.windowSeconds,
      max: config.rateLimit.max,
      customRules: {
        '/sign-in/*': signInRule,
        '/sign-up/*': signInRule,
        '/request-password-reset': signInRule,
        '/reset-password': signInRule,
        '/magic-link/*': signInRule,
        '/two-factor/*': signInRule,
        '/change-password': signInRule,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith('https://'),
    },
    telemetry: { enabled: false },
    logger: {
      log: (
        level: 'info' | 'success' | 'warn' | 'error' | 'debug',
        message: string,
        ...args: unknown[]
      ) => {
        const pinoLevel = level === 'success' ? 'info' : level;
        logger[pinoLevel]({ args }, `auth: ${message}`);
      },
    },
    plugins: [
      twoFactor({ issuer: 'Mnemo' }),
      magicLink({
        expiresIn: 5 * 60,
        sendMagicLink: async ({ email, url }) => {
          sendInBackground(emails.magicLink(email, url));
        },
      }),
      genericOAuth({ config: oauthProviders(config) }),
      twoFactorEverywhere(config.baseUrl),
      totpReplayGuard(),
    ],
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;

/** The OAuth providers that are configured, for the login screen's buttons. */
export function configuredOAuthProviders(config: Config): string[] {
  return [config.google && 'google', config.github && 'github'].filter((value): value is string =>
    Boolean(value),
  );
}
