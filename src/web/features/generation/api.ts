import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerationJob } from '../../../core/generation-requests';
import { api, ApiError, apiErrorFrom, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';

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
  file?: File;
  generationStrategy: 'key_concepts' | 'standard' | 'detailed';
  requestedCardTypes: ('qa' | 'cloze')[];
  /** Upload progress of a file, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

export function startGeneration(input: StartInput) {
  const options = {
    deckId: input.deckId,
    generationStrategy: input.generationStrategy,
    requestedCardTypes: input.requestedCardTypes,
  };
  if (input.kind === 'url')
    return api.post<GenerationJob>('/api/generation/url', { ...options, url: input.url });
  if (input.kind === 'file' && input.file) {
    const form = new FormData();
    form.set('deckId', options.deckId);
    form.set('generationStrategy', options.generationStrategy);
    form.set('requestedCardTypes', options.requestedCardTypes.join(','));
    form.set('file', input.file);
    return upload<GenerationJob>('/api/generation/file', form, input.onProgress);
  }
  return api.post<GenerationJob>('/api/generation/text', { ...options, content: input.content });
}

/**
 * Sends a multipart form with XMLHttpRequest, the one browser API that reports upload progress;
 * answers and errors as `apiRequest` does.
 */
export function upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void) {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        return reject(apiErrorFrom(request.status, request.statusText, request.responseText));
      }
      try {
        resolve((request.responseText ? JSON.parse(request.responseText) : undefined) as T);
      } catch {
        reject(apiErrorFrom(request.status, request.statusText, ''));
      }
    };
    request.send(form);
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

/** Deletes a job that is not being processed (its cards stay). */
export const deleteJob = (jobId: string) =>
  api.delete<{ deleted: boolean }>(`/api/generation/jobs/${encodeURIComponent(jobId)}`);

export function useJobAction(deckId: string, action: 'cancel' | 'retry') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      api.post<GenerationJob>(`/api/generation/jobs/${encodeURIComponent(jobId)}/${action}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey(deckId) }),
  });
}

/** Dismisses a job's content-check warnings (kept on the server, so they stay dismissed). */
export function useDismissWarnings(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      api.delete<GenerationJob>(`/api/generation/jobs/${encodeURIComponent(jobId)}/warnings`),
    onSuccess: (job) =>
      queryClient.setQueryData<{ jobs: GenerationJob[] }>(jobsKey(deckId), (old) =>
        old ? { jobs: old.jobs.map((item) => (item.id === job.id ? job : item)) } : old,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey(deckId) }),
  });
}
