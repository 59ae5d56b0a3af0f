import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { decksQueryKey } from './get-decks';

export const deleteDeck = (deckId: string) =>
  api.delete<{ deleted: boolean }>(`/api/decks/${encodeURIComponent(deckId)}`);

export function useDeleteDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeck,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decksQueryKey }),
  });
}
