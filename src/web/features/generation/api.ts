import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerationJob } from '../../../core/generation-requests';
import { api } from '../../lib/api-client';

export type { GenerationJob };

export const jobsKey = (deckId: string) => ['decks', deckId, 'jobs'] as const;

export function useDeckJobs(deckId: string) {
  return useQuery({
    queryKey: jobsKey(deckId),
    queryFn: ({ signal }) =>
      api.get<{ jobs: GenerationJob[] }>(
        `/api/generation/jobs?deck_id=${encodeURIComponent(deckId)}&limit=20`,
        signal,
      ),
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => job.status === 'pending' || job.status === 'processing')
        ? 5000
        : false,
  });
}

export interface StartInput {
  kind: 'text' | 'url' | 'file';
  deckId: string;
  content?: string;
  url?: string;
  fileName?: string;
  generationStrategy: 'key_concepts' | 'standard' | 'detailed';
  requestedCardTypes: ('qa' | 'cloze')[];
}

export function startGeneration(input: StartInput) {
  const options = {
    deckId: input.deckId,
    generationStrategy: input.generationStrategy,
    requestedCardTypes: input.requestedCardTypes,
  };
  if (input.kind === 'url')
    return api.post<GenerationJob>('/api/generation/url', { ...options, url: input.url });
  return api.post<GenerationJob>('/api/generation/text', {
    ...options,
    content: input.content,
    ...(input.kind === 'file' ? { fileName: input.fileName } : {}),
  });
}

export interface JobStatus {
  jobId: string;
  status: GenerationJob['status'];
  error_message: string | null;
}

/** Holds up to `wait` seconds while the status is still `known` (the server's long poll). */
export const jobStatus = (jobId: string, known: string, wait: number) =>
  api.get<JobStatus>(
    `/api/generation/jobs/${encodeURIComponent(jobId)}/status?known=${known}&wait=${wait}`,
  );

export function useJobAction(deckId: string, action: 'cancel' | 'retry') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      api.post<GenerationJob>(`/api/generation/jobs/${encodeURIComponent(jobId)}/${action}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey(deckId) }),
  });
}
