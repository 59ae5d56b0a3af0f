import type { AuthContext, BetterAuthPlugin } from 'better-auth';
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  sessionMiddleware,
} from 'better-auth/api';
import * as z from 'zod';
import type { Mail } from '../mail/mailer';
import { emails } from './emails';

/**
 * What Mnemo adds around proving an e-mail address:
 *
 * - a password reset through the e-mailed link proves the address as a verification link or
 *   magic link does, so it marks the address confirmed (better-auth does not);
 * - when better-auth's protection against pre-registered accounts removes the password of an
 *   unconfirmed account (a magic-link sign-in on it), the owner is told by e-mail and by a
 *   notice in the app until they set a new password or dismiss it;
 * - `POST /account/set-password` sets a password for a signed-in user without one, through
 *   better-auth's server-only `setPassword`.
 */

export const ACCOUNT_PROOF_MESSAGES = {
  noPassword:
    'This account has no password. Sign in with a link from your e-mail, or set a password with "Forgot password".',
} as const;

/** How long the app keeps telling a user their password was removed. */
const NOTICE_DAYS = 30;
const noticeKey = (userId: string) => `mnemo-password-removed-${userId}`;

/** The running auth instance, known once it is built (the options are made before it). */
export interface AuthHandle {
  confirmAddress?: (userId: string) => Promise<unknown>;
  setPassword?: (newPassword: string, headers: Headers) => Promise<unknown>;
}

export interface AccountProofDeps {
  baseUrl: string;
  handle: AuthHandle;
  send: (mail: Mail) => void;
}

/** `emailAndPassword.onPasswordReset`: the reset link proved the address. */
export function confirmAddressOnReset(handle: AuthHandle) {
  return async ({ user }: { user: { id: string; emailVerified: boolean } }) => {
    if (user.emailVerified || !handle.confirmAddress) return;
    await handle.confirmAddress(user.id);
  };
}

interface DeletedAccount {
  userId: string;
  providerId: string;
  password?: string | null;
}

interface HookContext {
  path?: string;
  context: Pick<AuthContext, 'internalAdapter'>;
}

export function accountProof({ baseUrl, handle, send }: AccountProofDeps): BetterAuthPlugin {
  const passwordRemoved = async (account: DeletedAccount, ctx: HookContext | null) => {
    if (account.providerId !== 'credential' || !account.password) return;
    if (ctx?.path !== '/magic-link/verify') return;
    const adapter = ctx.context.internalAdapter;
    const user = await adapter.findUserById(account.userId);
    if (!user) return;
    await adapter.deleteVerificationByIdentifier(noticeKey(user.id));
    await adapter.createVerificationValue({
      identifier: noticeKey(user.id),
      value: new Date().toISOString(),
      expiresAt: new Date(Date.now() + NOTICE_DAYS * 24 * 60 * 60 * 1000),
    });
    send(emails.passwordRemoved(user.email, `${baseUrl}/settings#password`));
  };

  return {
    id: 'mnemo-account-proof',
    hooks: {
      before: [
        {
          // An account without a password (removed by a magic link, or made by Google) says how
          // to get in, instead of 'Invalid email or password' for a password it never had.
          matcher: (context) => context.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== 'string' || !email.includes('@')) return;
            const found = await ctx.context.internalAdapter.findUserByEmail(
              email.trim().toLowerCase(),
              { includeAccounts: true },
            );
            if (!found) return;
            const hasPassword = found.accounts.some(
              (account) => account.providerId === 'credential' && Boolean(account.password),
            );
            if (!hasPassword) {
              throw new APIError('UNAUTHORIZED', {
                code: 'NO_PASSWORD',
                message: ACCOUNT_PROOF_MESSAGES.noPassword,
              });
            }
          }),
        },
      ],
    },
    init() {
      return {
        options: {
          databaseHooks: {
            account: {
              delete: {
                after: (account, ctx) =>
                  passwordRemoved(account as DeletedAccount, ctx as HookContext | null),
              },
            },
          },
        },
      };
    },
    endpoints: {
      accountNotices: createAuthEndpoint(
        '/account/notices',
        { method: 'GET', use: [sessionMiddleware] },
        async (ctx) => {
          const userId = ctx.context.session.user.id;
          const notice = await ctx.context.internalAdapter.findVerificationValue(noticeKey(userId));
          const active = Boolean(notice && new Date(notice.expiresAt) > new Date());
          return ctx.json({ passwordRemoved: active });
        },
      ),
      dismissAccountNotice: createAuthEndpoint(
        '/account/notices/dismiss',
        {
          method: 'POST',
          use: [sessionMiddleware],
          body: z.object({ notice: z.literal('password-removed') }),
        },
        async (ctx) => {
          const userId = ctx.context.session.user.id;
          await ctx.context.internalAdapter.deleteVerificationByIdentifier(noticeKey(userId));
          return ctx.json({ status: true });
        },
      ),
      setAccountPassword: createAuthEndpoint(
        '/account/set-password',
        {
          method: 'POST',
          use: [sessionMiddleware],
          body: z.object({ newPassword: z.string() }),
        },
        async (ctx) => {
          if (!handle.setPassword || !ctx.request) throw new Error('auth is not ready');
          await handle.setPassword(ctx.body.newPassword, ctx.request.headers);
          const userId = ctx.context.session.user.id;
          await ctx.context.internalAdapter.deleteVerificationByIdentifier(noticeKey(userId));
          return ctx.json({ status: true });
        },
      ),
    },
  };
}
