import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deck, UpdateDeckInput } from '../../../../core/deck-schemas';
import { api } from '../../../lib/api-client';
import { deckQueryKey } from './get-deck';
import { deckListFilter, decksQueryKey } from './get-decks';

export function useUpdateDeck(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDeckInput) =>
      api.patch<Deck>(`/api/decks/${encodeURIComponent(deckId)}`, input),
    onSuccess: (deck) => {
      queryClient.setQueryData(deckQueryKey(deckId), deck);
      return queryClient.invalidateQueries(deckListFilter);
    },
  });
}

export function useDuplicateDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deckId: string) =>
      api.post<Deck>(`/api/decks/${encodeURIComponent(deckId)}/duplicate`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decksQueryKey }),
  });
}
