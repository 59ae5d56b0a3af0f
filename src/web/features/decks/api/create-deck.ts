import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deck } from '../../../../core/deck-schemas';
import { api } from '../../../lib/api-client';
import { decksQueryKey } from './get-decks';

export interface CreateDeckInput {
  name: string;
  description?: string;
}

/** SPEC §5: the name is trimmed; the description is trimmed and omitted when empty. */
export function toCreateDeckBody(name: string, description: string): CreateDeckInput {
  const body: CreateDeckInput = { name: name.trim() };
  const trimmed = description.trim();
  if (trimmed) body.description = trimmed;
  return body;
}

export const createDeck = (input: CreateDeckInput) => api.post<Deck>('/api/decks', input);

export function useCreateDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeck,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decksQueryKey }),
  });
}
