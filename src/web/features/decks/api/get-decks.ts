import { useQuery } from '@tanstack/react-query';
import type { Deck } from '../../../../core/deck-schemas';
import { api } from '../../../lib/api-client';

export type { Deck };

export const decksQueryKey = ['decks'] as const;

export const getDecks = async (signal?: AbortSignal, search = ''): Promise<Deck[]> =>
  (
    await api.get<{ decks: Deck[] }>(
      search ? `/api/decks?search=${encodeURIComponent(search)}` : '/api/decks',
      signal,
    )
  ).decks;

/** The signed-in user's decks, most recently updated first; optionally those matching a search. */
export function useDecks({
  enabled = true,
  search = '',
}: { enabled?: boolean; search?: string } = {}) {
  const term = search.trim();
  return useQuery({
    queryKey: term ? ([...decksQueryKey, 'search', term] as const) : decksQueryKey,
    queryFn: ({ signal }) => getDecks(signal, term),
    enabled,
    placeholderData: (previous) => previous,
  });
}
