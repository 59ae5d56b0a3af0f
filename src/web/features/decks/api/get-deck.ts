import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Deck } from '../../../../core/deck-schemas';
import { api } from '../../../lib/api-client';
import { timeZone } from '../../../lib/time-zone';
import { offlineDeck, orOffline } from '../../offline/offline-fallback';

export const deckQueryKey = (deckId: string) => ['decks', deckId] as const;

export const getDeck = (deckId: string, signal?: AbortSignal) =>
  api.get<Deck>(
    `/api/decks/${encodeURIComponent(deckId)}?time_zone=${encodeURIComponent(timeZone())}`,
    signal,
  );

/** One deck with its counts; offline, a deck kept on the device answers from its copy. */
export const deckQuery = (deckId: string) =>
  queryOptions({
    queryKey: deckQueryKey(deckId),
    queryFn: ({ signal }) =>
      orOffline(
        () => getDeck(deckId, signal),
        () => offlineDeck(deckId),
      ),
    networkMode: 'offlineFirst',
  });

/** One deck with its card and due counts; runs only when there is a deck id. */
export function useDeck(deckId: string | undefined, { enabled = true } = {}) {
  return useQuery({ ...deckQuery(deckId ?? ''), enabled: enabled && Boolean(deckId) });
}
