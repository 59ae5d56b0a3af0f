import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Deck } from '../../../../core/deck-schemas';
import { api } from '../../../lib/api-client';
import { timeZone } from '../../../lib/time-zone';

export const deckQueryKey = (deckId: string) => ['decks', deckId] as const;

export const getDeck = (deckId: string, signal?: AbortSignal) =>
  api.get<Deck>(
    `/api/decks/${encodeURIComponent(deckId)}?time_zone=${encodeURIComponent(timeZone())}`,
    signal,
  );

export const deckQuery = (deckId: string) =>
  queryOptions({
    queryKey: deckQueryKey(deckId),
    queryFn: ({ signal }) => getDeck(deckId, signal),
  });

/** One deck with its card and due counts; runs only when there is a deck id. */
export function useDeck(deckId: string | undefined, { enabled = true } = {}) {
  return useQuery({ ...deckQuery(deckId ?? ''), enabled: enabled && Boolean(deckId) });
}
