import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiSettingsView, SaveAiSettings } from '../../../../core/ai-settings-schemas';
import { api } from '../../../lib/api-client';

export const aiSettingsQueryKey = ['ai-settings'] as const;

/** Which model runs the user's generation jobs (Settings → AI, the Add Content panel). */
export function useAiSettings() {
  return useQuery({
    queryKey: aiSettingsQueryKey,
    queryFn: ({ signal }) => api.get<AiSettingsView>('/api/ai-settings', signal),
  });
}

export function useSaveAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAiSettings) => api.post<AiSettingsView>('/api/ai-settings', input),
    onSuccess: (view) => queryClient.setQueryData(aiSettingsQueryKey, view),
  });
}

export function useRemoveAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<AiSettingsView>('/api/ai-settings'),
    onSuccess: (view) => queryClient.setQueryData(aiSettingsQueryKey, view),
  });
}
