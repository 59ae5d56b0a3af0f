import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { timeZone } from '../../../lib/time-zone';
import { deckListFilter } from '../../decks/api/get-decks';
import { deckKey, type Flashcard } from './cards';

/** Suspend, unsuspend, bury and unbury (one card or a selection). */
export type CardStatusAction = 'suspend' | 'unsuspend' | 'bury' | 'unbury';

export function changeCardStatus(cardId: string, action: CardStatusAction) {
  const path = `/api/flashcards/${encodeURIComponent(cardId)}/${action}`;
  return action === 'bury'
    ? api.post<Flashcard>(path, { time_zone: timeZone() })
    : api.post<Flashcard>(path);
}

export const setSuspended = (ids: string[], suspended: boolean) =>
  api.post<{ updated: number }>('/api/flashcards/bulk-suspend', { ids, suspended });

/** After a status change: the deck's counts and cards, and the deck list. */
function useInvalidate(deckId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(deckListFilter),
      queryClient.invalidateQueries({ queryKey: deckKey(deckId) }),
    ]);
}

export function useCardStatus(deckId: string) {
  const invalidate = useInvalidate(deckId);
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: CardStatusAction }) =>
      changeCardStatus(id, action),
    onSuccess: invalidate,
  });
}

export function useBulkSuspend(deckId: string) {
  const invalidate = useInvalidate(deckId);
  return useMutation({
    mutationFn: ({ ids, suspended }: { ids: string[]; suspended: boolean }) =>
      setSuspended(ids, suspended),
    onSuccess: invalidate,
  });
}
