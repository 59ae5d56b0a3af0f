import { toast } from '../../../lib/toast';
import { errorMessage } from '../../decks/utils';
import { type CardInput, type Flashcard, useDeleteCards, useUpdateCard } from '../api/cards';

/** Saves a card's edit: 'Card Updated', or 'Update Failed' with the server's reason. */
export function useSaveCard(deckId: string) {
  const updateCard = useUpdateCard(deckId);
  const save = (id: string, input: CardInput, onSaved: (card: Flashcard) => void) =>
    updateCard.mutate(
      { id, ...input },
      {
        onSuccess: (card) => {
          toast.success('Card Updated');
          onSaved(card);
        },
        onError: (error) =>
          toast.error('Update Failed', {
            description: errorMessage(error, 'Failed to update card.'),
          }),
      },
    );
  return { save, pending: updateCard.isPending };
}

/**
 * Deletes one card: 'Card Deleted', or 'Delete Failed' with the server's reason. Each call
 * answers its own handlers, also when several deletes are under way at once.
 */
export function useDeleteCard(deckId: string) {
  const deleteCards = useDeleteCards(deckId);
  const remove = (id: string, handlers: { onDeleted: () => void; onFailed?: () => void }) =>
    deleteCards.mutateAsync([id]).then(
      () => {
        toast.success('Card Deleted');
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
