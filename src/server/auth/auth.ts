import { betterAuth } from 'better-auth';
import { emailOTP, genericOAuth, jwt, magicLink, twoFactor } from 'better-auth/plugins';
import type { BetterAuthOptions } from 'better-auth';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { Logger } from 'pino';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../core/constants';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Mail, Mailer } from '../mail/mailer';
import { accountProof, type AuthHandle, confirmAddressOnReset } from './account-proof';
import { emails } from './emails';
import { authRouteGuard, DISABLED_AUTH_PATHS } from './auth-routes';
import { deleteAllApiTokens } from '../api-tokens/api-tokens.repository';
import { phoneFactor } from './phone-factor';
import { reauthentication } from './reauth';
import type { SmsSender } from '../sms/sms';
import { totpReplayGuard, twoFactorEverywhere, twoFactorMethods } from './two-factor-plugins';

/** The header the HTTP layer fills with the client's address; better-auth keys rate limits on it. */
export const CLIENT_IP_HEADER = 'x-mnemo-client-ip';

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
  sms: SmsSender;
  logger: Logger;
  secret: string;
}

export function authOptions(
  { config, db, mailer, sms, logger, secret }: AuthDeps,
  handle: AuthHandle = {},
) {
  const sendInBackground = (mail: Mail) => {
    // Mail goes out after the response so the timing does not reveal whether an account exists.
    mailer.send(mail).catch((error: unknown) => logger.error({ err: error }, 'mail failed'));
  };
  const signInRule = { window: config.rateLimit.windowSeconds, max: config.rateLimit.signInMax };
  const phone = phoneFactor(sms, config.sms, logger, db.kysely);
  return {
    appName: 'Mnemo',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret,
    database: { db: db.kysely, type: db.kind, transaction: true },
    trustedOrigins: [config.baseUrl, ...config.trustedOrigins],
    emailAndPassword: {
      enabled: true,
      // Off by default: a sign-up never signs in, so an address that has an account gets the
      // same answer as a new one (issue 21; docs/ARCHITECTURE.md, 'Sign-up').
      autoSignIn: config.signUpSignsIn,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      requireEmailVerification: config.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async (data) => {
        await confirmAddressOnReset(handle)(data);
        // Whoever had the password may have made tokens with it: a reset takes them back.
        await deleteAllApiTokens(db.kysely, data.user.id);
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      // Without auto sign-in (the default) or with REQUIRE_EMAIL_VERIFICATION, better-auth
      // answers a sign-up with an address that has an account exactly as a new one ('check
      // your e-mail', no session); the owner is told by e-mail instead (issue 21).
      onExistingUserSignUp: async ({ user }) => {
        sendInBackground(emails.existingAccount(user.email, `${config.baseUrl}/login`));
      },
      sendResetPassword: async ({ user, url }) => {
        sendInBackground(emails.resetPassword(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link mailed at sign-up signs the new account in (unless the address must be
      // confirmed before any sign-in, REQUIRE_EMAIL_VERIFICATION, which keeps it off), as a
      // magic link does; the two-factor-everywhere plugin covers it.
      autoSignInAfterVerification: !config.signUpSignsIn && !config.requireEmailVerification,
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
        '/email-otp/*': signInRule,
        '/phone-number/*': signInRule,
        '/two-factor/*': signInRule,
        '/change-password': signInRule,
        '/account/set-password': signInRule,
        '/account/confirm-password': signInRule,
        // A read of the caller's own session, one indexed query: counting it in the database
        // would cost more writes than the read itself (issue 13).
        '/get-session': false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith('https://'),
      // A session and its user in one query (issue 13), not two.
      database: { joins: true },
    },
    disabledPaths: DISABLED_AUTH_PATHS,
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
      authRouteGuard(),
      twoFactor({ issuer: 'Mnemo', otpOptions: phone.otpOptions }),
      phone.plugin,
      magicLink({
        expiresIn: 5 * 60,
        sendMagicLink: async ({ email, url }) => {
          sendInBackground(emails.magicLink(email, url));
        },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: 5 * 60,
        // Three wrong codes end the code: a new one must be asked for.
        allowedAttempts: 3,
        storeOTP: 'hashed',
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type === 'sign-in') sendInBackground(emails.signInCode(email, otp));
        },
      }),
      genericOAuth({ config: oauthProviders(config) }),
      jwt({
        jwks: {
          keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' },
          // A replaced key stays published a day past its end, so the tokens it signed verify.
          rotationInterval:
            config.jwt.keyRotationDays > 0 ? config.jwt.keyRotationDays * 86_400 : undefined,
          gracePeriod: 86_400,
        },
        jwt: {
          expirationTime: `${config.jwt.expiresSeconds}s`,
          definePayload: ({ user }) => ({ email: user.email }),
        },
        // No token on every get-session: programs ask for one (GET /api/auth/token,
        // POST /api/access-tokens).
        disableSettingJwtHeader: true,
      }),
      twoFactorEverywhere(config.baseUrl),
      totpReplayGuard(),
      twoFactorMethods(),
      accountProof({ baseUrl: config.baseUrl, handle, send: sendInBackground }),
      reauthentication(sendInBackground),
    ],
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  const handle: AuthHandle = {};
  const auth = betterAuth(authOptions(deps, handle));
  handle.confirmAddress = async (userId) =>
    (await auth.$context).internalAdapter.updateUser(userId, { emailVerified: true });
  handle.setPassword = (newPassword, headers) =>
    auth.api.setPassword({ body: { newPassword }, headers });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/** The OAuth providers that are configured, for the login screen's buttons. */
export function configuredOAuthProviders(config: Config): string[] {
  return [config.google && 'google', config.github && 'github'].filter((value): value is string =>
    Boolean(value),
  );
}
