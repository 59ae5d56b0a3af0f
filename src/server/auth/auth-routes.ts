import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';
import { AUTH_MESSAGES, validateEmail } from '../../core/auth-validation';

/**
 * Which of better-auth's routes Mnemo serves (issue 21). Every plugin brings routes; those we do
 * not use are refused here, so that no route we never meant to offer can make a code, reset a
 * password or create a session. `auth-routes.api.test.ts` lists the routes that answer and
 * compares them with the list we mean to serve.
 */
export const DISABLED_AUTH_PATHS = [
  // phoneNumber: the phone is a second factor only, never a way in or a way to reset.
  '/sign-in/phone-number',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
  // emailOTP: only sign-in codes are offered (and mailed). Password resets go by link.
  '/email-otp/check-verification-otp',
  '/email-otp/verify-email',
  '/email-otp/request-password-reset',
  '/email-otp/reset-password',
  '/forget-password/email-otp',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
  // Core routes no screen of Mnemo uses.
  '/account-info',
  '/get-access-token',
  '/refresh-token',
  '/link-social',
  '/unlink-account',
  '/update-session',
  '/update-user',
  '/change-email',
  '/delete-user',
  '/delete-user/callback',
  '/verify-password',
  '/revoke-session',
  '/revoke-sessions',
  '/two-factor/get-totp-uri',
];

const disabled = new Set(DISABLED_AUTH_PATHS);
/** Routes that can make an account from an address. */
const ACCOUNT_MAKERS = new Set([
  '/sign-up/email',
  '/sign-in/magic-link',
  '/email-otp/send-verification-otp',
  '/sign-in/email-otp',
]);

export const AUTH_ROUTE_MESSAGES = {
  signInFirst: 'Sign in to add a phone number',
  phoneIsSecondFactor:
    'A phone number is a second factor: sign in with your password or e-mail first',
  signInCodesOnly: 'Only sign-in codes are sent by e-mail',
  noIdTokenSignIn: 'Sign in with the provider through its own page',
} as const;

/**
 * Guards in front of the routes better-auth matches, keyed on the endpoint's own path (so no
 * spelling of the URL gets around them): disabled routes answer 404 as `disabledPaths` does;
 * a phone number is confirmed only for the signed-in account (the plugin would otherwise sign
 * in whoever owns the number); e-mailed codes are made only for sign-in; an OAuth sign-in goes
 * through the provider's page (no sign-in from a posted ID token).
 */
export function authRouteGuard(): BetterAuthPlugin {
  return {
    id: 'mnemo-auth-route-guard',
    hooks: {
      before: [
        {
          matcher: (context) => disabled.has(context.path ?? ''),
          handler: createAuthMiddleware(async () => {
            throw new APIError('NOT_FOUND', { message: 'Not Found' });
          }),
        },
        {
          matcher: (context) =>
            context.path === '/phone-number/send-otp' || context.path === '/phone-number/verify',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) {
              throw new APIError('UNAUTHORIZED', {
                code: 'SIGN_IN_FIRST',
                message: AUTH_ROUTE_MESSAGES.signInFirst,
              });
            }
            const body = ctx.body as { updatePhoneNumber?: unknown } | undefined;
            if (ctx.path === '/phone-number/verify' && body?.updatePhoneNumber !== true) {
              throw new APIError('BAD_REQUEST', {
                code: 'PHONE_IS_SECOND_FACTOR',
                message: AUTH_ROUTE_MESSAGES.phoneIsSecondFactor,
              });
            }
          }),
        },
        {
          // Addresses a mail server would refuse never become accounts (RFC 5321's limits).
          matcher: (context) => ACCOUNT_MAKERS.has(context.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email === 'string' && validateEmail(email) === AUTH_MESSAGES.emailTooLong) {
              throw new APIError('BAD_REQUEST', {
                code: 'EMAIL_TOO_LONG',
                message: AUTH_MESSAGES.emailTooLong,
              });
            }
          }),
        },
        {
          // `/sign-in/social` with a provider's ID token in the body signs in at once, with no
          // redirect, state or PKCE (Google One Tap); Mnemo signs in through the redirect only.
          matcher: (context) => context.path === '/sign-in/social',
          handler: createAuthMiddleware(async (ctx) => {
            const idToken = (ctx.body as { idToken?: unknown } | undefined)?.idToken;
            if (idToken !== undefined) {
              throw new APIError('NOT_FOUND', {
                code: 'ID_TOKEN_NOT_SUPPORTED',
                message: AUTH_ROUTE_MESSAGES.noIdTokenSignIn,
              });
            }
          }),
        },
        {
          matcher: (context) => context.path === '/email-otp/send-verification-otp',
          handler: createAuthMiddleware(async (ctx) => {
            const type = (ctx.body as { type?: unknown } | undefined)?.type;
            if (type !== 'sign-in') {
              throw new APIError('BAD_REQUEST', {
                code: 'SIGN_IN_CODES_ONLY',
                message: AUTH_ROUTE_MESSAGES.signInCodesOnly,
              });
            }
          }),
        },
      ],
    },
  };
}
