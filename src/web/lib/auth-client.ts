import {
  emailOTPClient,
  magicLinkClient,
  phoneNumberClient,
  twoFactorClient,
} from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { setSession } from './session-store';

/**
 * better-auth's client for the server mounted at /api/auth (same origin). Loaded only by the
 * screens that use it (sign-in, settings, sign-out…): the session every page needs comes from
 * session-store.ts, which this client keeps up to date after each sign-in, sign-out or change.
 */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  plugins: [twoFactorClient(), magicLinkClient(), emailOTPClient(), phoneNumberClient()],
});

authClient.$store.atoms.session?.subscribe(
  (value: { data: unknown; error?: unknown; isPending: boolean }) => {
    // A session check that could not reach the server (offline) says nothing about the session:
    // the one known stays (session-store.ts).
    if (!value.isPending && !(value.error && !value.data)) {
      setSession({ data: (value.data as AuthSession | null) ?? null, isPending: false });
    }
  },
);

export type AuthSession = typeof authClient.$Infer.Session;
export type AuthUser = AuthSession['user'];

/** better-auth answers errors as `{ error: { message, status, code } }`; this picks a message. */
export function authErrorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  if (error && typeof error === 'object') {
    const record = error as { message?: unknown; statusText?: unknown };
    if (typeof record.message === 'string' && record.message.trim() !== '') return record.message;
    if (typeof record.statusText === 'string' && record.statusText.trim() !== '') {
      return record.statusText;
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
