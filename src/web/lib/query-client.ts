import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS, QUERY_MAX_ATTEMPTS, QUERY_STALE_TIME_MS } from '../../core/constants';
import { isClientError } from './api-client';

/** SPEC §9: fresh 5 minutes, kept 10, at most 3 attempts in total, never retried on a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isClientError(error)) return false;
  return failureCount < QUERY_MAX_ATTEMPTS - 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one client: the provider hands it to the screens, and the route loaders start a
 * page's first requests with it while the session is still being checked (issue 19's load time).
 */
export const queryClient = createQueryClient();
