import { useQuery } from '@tanstack/react-query';
import { authClient, authErrorMessage } from '../../../lib/auth-client';

export const accountsQueryKey = ['auth', 'accounts'] as const;

/** The sign-in methods linked to the user; 'credential' is the password. */
export function useHasPassword() {
  return useQuery({
    queryKey: accountsQueryKey,
    queryFn: async () => {
      const { data, error } = await authClient.listAccounts();
      if (error) throw new Error(authErrorMessage(error));
      return (data ?? []).some((account) => account.providerId === 'credential');
    },
    staleTime: 0,
  });
}
