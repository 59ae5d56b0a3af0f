import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '../../../../core/preferences-schemas';
import { api } from '../../../lib/api-client';

export const preferencesQueryKey = ['preferences'] as const;

export function usePreferences() {
  return useQuery({
    queryKey: preferencesQueryKey,
    queryFn: ({ signal }) => api.get<Preferences>('/api/preferences', signal),
  });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Preferences) => api.patch<Preferences>('/api/preferences', input),
    onSuccess: (preferences) => queryClient.setQueryData(preferencesQueryKey, preferences),
  });
}
