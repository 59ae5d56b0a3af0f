import { useQuery } from '@tanstack/react-query';
import type { FlashcardPage } from '../../../../core/flashcard-schemas';
import { api } from '../../../lib/api-client';
import { deckCardsKey } from '../../cards/api/cards';
import type { GenerationJob } from '../api';

/** One generation job of the user ('Job not found', 404, for anyone else's). */
export function useJob(jobId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: ['generation', 'jobs', jobId] as const,
    queryFn: ({ signal }) =>
      api.get<GenerationJob>(`/api/generation/jobs/${encodeURIComponent(jobId)}`, signal),
    enabled: enabled && Boolean(jobId),
  });
}

/**
 * The cards a job put in a deck (the list filtered by source_job_id), read once: the review
 * goes through them as they were when it began, so a change in the deck does not reorder it.
 */
export function useJobCards(deckId: string, jobId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: [...deckCardsKey(deckId), 'job', jobId] as const,
    queryFn: ({ signal }) =>
      api.get<FlashcardPage>(
        `/api/flashcards?deck_id=${encodeURIComponent(deckId)}&source_job_id=${encodeURIComponent(jobId)}&limit=10000`,
        signal,
      ),
    enabled: enabled && Boolean(deckId) && Boolean(jobId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
