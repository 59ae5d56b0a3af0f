import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Flashcard, FlashcardPage } from '../../../../core/flashcard-schemas';
import { api } from '../../../lib/api-client';
import { deckListFilter } from '../../decks/api/get-decks';

export type { Flashcard };
export type CardType = Flashcard['card_type'];

/** Everything cached about one deck: the deck, its cards, its searches, its jobs. */
export const deckKey = (deckId: string) => ['decks', deckId] as const;
export const deckCardsKey = (deckId: string) => ['decks', deckId, 'cards'] as const;

/** Cards per page of a deck's list: the first page shows at once, the rest as it scrolls. */
export const CARD_PAGE_SIZE = 200;

/**
 * A deck's cards, page by page (keyset paging: `after` the last card seen), only the cards of
 * a status when one is chosen ('suspended', 'buried', 'leech'; 'all' for every card).
 */
export const deckCardsQuery = (deckId: string, status: string) =>
  infiniteQueryOptions({
    queryKey: [...deckCardsKey(deckId), 'list', status] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ deck_id: deckId, limit: String(CARD_PAGE_SIZE) });
      if (status !== 'all') query.set('status', status);
      if (pageParam) query.set('after', pageParam);
      return api.get<FlashcardPage>(`/api/flashcards?${query.toString()}`, signal);
    },
    getNextPageParam: (last) => last.next_cursor,
  });

export function useDeckCards(deckId: string, status: string) {
  return useInfiniteQuery(deckCardsQuery(deckId, status));
}

export function useCardSearch(deckId: string, query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: [...deckCardsKey(deckId), 'search', q] as const,
    queryFn: ({ signal }) =>
      api.get<{ flashcards: Flashcard[] }>(
        `/api/flashcards/search?deck_id=${encodeURIComponent(deckId)}&q=${encodeURIComponent(q)}&limit=500`,
        signal,
      ),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}

export interface CardInput {
  card_type: CardType;
  front_content: string;
  back_content: string;
  tags?: string[];
}

/** After a change to a deck's cards: the deck (counts), its cards and the deck list. */
function useInvalidateDeck() {
  const queryClient = useQueryClient();
  return (deckIds: string[]) =>
    Promise.all([
      queryClient.invalidateQueries(deckListFilter),
      ...deckIds.map((deckId) => queryClient.invalidateQueries({ queryKey: deckKey(deckId) })),
    ]);
}

export function useCreateCard(deckId: string) {
  const invalidate = useInvalidateDeck();
  return useMutation({
    mutationFn: (input: CardInput) =>
      api.post<Flashcard>('/api/flashcards', { deck_id: deckId, ...input }),
    onSuccess: () => invalidate([deckId]),
  });
}

export function useUpdateCard(deckId: string) {
  const invalidate = useInvalidateDeck();
  return useMutation({
    mutationFn: ({ id, ...input }: CardInput & { id: string; confirm_removals?: boolean }) =>
      api.patch<Flashcard>(`/api/flashcards/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidate([deckId]),
  });
}

export function useDeleteCards(deckId: string) {
  const invalidate = useInvalidateDeck();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? api.delete<{ deleted: number }>(`/api/flashcards/${encodeURIComponent(ids[0] ?? '')}`)
        : api.post<{ deleted: number }>('/api/flashcards/bulk-delete', { ids }),
    onSuccess: () => invalidate([deckId]),
  });
}

export function useMoveCards(deckId: string) {
  const invalidate = useInvalidateDeck();
  return useMutation({
    mutationFn: ({ ids, targetDeckId }: { ids: string[]; targetDeckId: string }) =>
      api.post<{ moved: number }>('/api/flashcards/move', { ids, target_deck_id: targetDeckId }),
    onSuccess: (_, { targetDeckId }) => invalidate([deckId, targetDeckId]),
  });
}
