import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../decks/utils';
import { type CardInput, type Flashcard, useDeleteCards, useUpdateCard } from '../api/cards';

/** An edit the server refused because it removes cloze cards: resend it once confirmed. */
export interface PendingRemoval {
  message: string;
  confirm: () => void;
  cancel: () => void;
}

/**
 * Saves a card's edit: 'Card Updated', or 'Update Failed' with the server's reason. An edit that
 * removes cloze numbers (409) waits in `removal` for the user's confirmation
 * (`ClozeRemovalDialog`), then is sent again with `confirm_removals`.
 */
export function useSaveCard(deckId: string) {
  const updateCard = useUpdateCard(deckId);
  const [removal, setRemoval] = useState<PendingRemoval | null>(null);
  const save = (
    id: string,
    input: CardInput,
    onSaved: (card: Flashcard) => void,
    confirmRemovals = false,
  ) =>
    updateCard.mutate(
      { id, ...input, ...(confirmRemovals ? { confirm_removals: true } : {}) },
      {
        onSuccess: (card) => {
          setRemoval(null);
          toast.success('Card Updated');
          onSaved(card);
        },
        onError: (error) => {
          if (!confirmRemovals && error instanceof ApiError && error.status === 409) {
            setRemoval({
              message: error.message,
              confirm: () => save(id, input, onSaved, true),
              cancel: () => setRemoval(null),
            });
            return;
          }
          setRemoval(null);
          toast.error('Update Failed', {
            description: errorMessage(error, 'Failed to update card.'),
          });
        },
      },
    );
  return { save, pending: updateCard.isPending, removal };
}

/**
 * Deletes one card: 'Card Deleted', or 'Delete Failed' with the server's reason. Each call
 * answers its own handlers, also when several deletes are under way at once.
 */
export function useDeleteCard(deckId: string) {
  const deleteCards = useDeleteCards(deckId);
  const remove = (
    id: string,
    handlers: { onDeleted: () => void; onFailed?: () => void; quiet?: boolean },
  ) =>
    deleteCards.mutateAsync([id]).then(
      () => {
        // Quiet: the review page said 'Card Deleted' already, when the card left the review.
        if (!handlers.quiet) toast.success('Card Deleted');
        handlers.onDeleted();
      },
      (error: unknown) => {
        toast.error('Delete Failed', {
          description: errorMessage(error, 'Failed to delete card.'),
        });
        handlers.onFailed?.();
      },
    );
  return { remove, pending: deleteCards.isPending };
}
