import { useQuery } from '@tanstack/react-query';
import type { Deck } from '../../../../core/deck-schemas';
import { api } from '../../../lib/api-client';

export type { Deck };

export const decksQueryKey = ['decks'] as const;

export const getDecks = async (signal?: AbortSignal): Promise<Deck[]> =>
  (await api.get<{ decks: Deck[] }>('/api/decks', signal)).decks;

/** The signed-in user's decks, most recently updated first. */
export function useDecks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: decksQueryKey,
    queryFn: ({ signal }) => getDecks(signal),
    enabled,
  });
}
