import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AppConfig {
  oauthProviders: string[];
  emailVerificationRequired?: boolean;
}

export const getAppConfig = (signal?: AbortSignal) => api.get<AppConfig>('/api/config', signal);

/** The public configuration: which OAuth buttons to show. */
export function useAppConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: Infinity,
  });
}
