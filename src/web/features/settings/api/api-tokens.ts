import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiToken,
  CreateApiTokenInput,
  CreatedApiToken,
} from '../../../../core/api-token-schemas';
import { api } from '../../../lib/api-client';

export const apiTokensQueryKey = ['api-tokens'] as const;

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokensQueryKey,
    queryFn: ({ signal }) => api.get<{ api_tokens: ApiToken[] }>('/api/api-tokens', signal),
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => api.post<CreatedApiToken>('/api/api-tokens', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** Revokes every API token (offered after a password change and by signing out elsewhere). */
export function useRevokeAllApiTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ revoked: number }>('/api/api-tokens'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ revoked: true }>(`/api/api-tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
