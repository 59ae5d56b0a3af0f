import { useAfterFirstPaint } from '../../../lib/after-paint';
import { useQuery } from '@tanstack/react-query';

/**
 * better-auth's client loads on demand: the notices are asked for on every page of a signed-in
 * user, and a signed-out visitor's first page must not carry the auth client (see session-store).
 */
const loadClient = () => import('../../../lib/auth-client');

export const accountNoticesQueryKey = ['auth', 'account-notices'] as const;

interface AccountNotices {
  /** better-auth removed the password when the unconfirmed address was proven by magic link. */
  passwordRemoved: boolean;
}

/** The server's notices for the signed-in user (src/server/auth/account-proof.ts). */
export function useAccountNotices(userId: string | undefined) {
  // Asked once the first screen is up: it loads the auth client (lib/after-paint.ts).
  const painted = useAfterFirstPaint();
  return useQuery({
    queryKey: [...accountNoticesQueryKey, userId],
    enabled: Boolean(userId) && painted,
    staleTime: 0,
    queryFn: async () => {
      const { authClient, authErrorMessage } = await loadClient();
      const { data, error } = await authClient.$fetch<AccountNotices>('/account/notices');
      if (error) throw new Error(authErrorMessage(error));
      return data;
    },
  });
}

export async function dismissPasswordRemovedNotice(): Promise<void> {
  const { authClient, authErrorMessage } = await loadClient();
  const { error } = await authClient.$fetch('/account/notices/dismiss', {
    method: 'POST',
    body: { notice: 'password-removed' },
  });
  if (error) throw new Error(authErrorMessage(error));
}

/** Sets a password on an account that has none (better-auth's setPassword, on the server). */
export async function setAccountPassword(newPassword: string): Promise<void> {
  const { authClient, authErrorMessage } = await loadClient();
  const { error } = await authClient.$fetch('/account/set-password', {
    method: 'POST',
    body: { newPassword },
  });
  if (error) throw new Error(authErrorMessage(error));
}

/** Sends the confirmation link again; it brings the user back to where they are. */
export async function resendConfirmation(email: string, returnTo: string): Promise<void> {
  const { authClient, authErrorMessage } = await loadClient();
  const { error } = await authClient.sendVerificationEmail({
    email,
    callbackURL: `/auth/callback?returnTo=${encodeURIComponent(returnTo)}&confirmed=1`,
  });
  if (error) throw new Error(authErrorMessage(error));
}
