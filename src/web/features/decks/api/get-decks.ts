import { type QueryFilters, queryOptions, useQuery } from '@tanstack/react-query';
import type { Deck } from '../../../../core/deck-schemas';
import { api } from '../../../lib/api-client';
import { timeZone } from '../../../lib/time-zone';
import { offlineDecks, orOffline } from '../../offline/offline-fallback';

export type { Deck };

export const decksQueryKey = ['decks'] as const;

/**
 * The deck list and its searches (['decks'], ['decks', 'search', term]), not the per-deck
 * queries under ['decks', deckId]: what a change of name or card count makes stale.
 */
export const deckListFilter: QueryFilters = {
  queryKey: decksQueryKey,
  predicate: (query) => query.queryKey.length === 1 || query.queryKey[1] === 'search',
};

export const getDecks = async (signal?: AbortSignal, search = ''): Promise<Deck[]> =>
  (
    await api.get<{ decks: Deck[] }>(
      `/api/decks?time_zone=${encodeURIComponent(timeZone())}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      signal,
    )
  ).decks;

/** The deck list without a search: the dashboard's first request. */
// Offline, the list is the decks kept on the device.
const listOrKept = (signal?: AbortSignal) => orOffline(() => getDecks(signal), offlineDecks);

export const decksQuery = () =>
  queryOptions({
    queryKey: decksQueryKey,
    queryFn: ({ signal }) => listOrKept(signal),
    networkMode: 'offlineFirst',
  });

/** The signed-in user's decks, most recently updated first; optionally those matching a search. */
export function useDecks({
  enabled = true,
  search = '',
}: { enabled?: boolean; search?: string } = {}) {
  const term = search.trim();
  return useQuery<Deck[]>({
    queryKey: term ? [...decksQueryKey, 'search', term] : decksQueryKey,
    queryFn: ({ signal }) => (term ? getDecks(signal, term) : listOrKept(signal)),
    networkMode: 'offlineFirst',
    enabled,
    placeholderData: (previous) => previous,
  });
}
