import { AlertDialog } from 'radix-ui';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDeleteDeck } from '../api/delete-deck';
import type { Deck } from '../api/get-decks';
import { errorMessage } from '../utils';

/** Confirmation before a deck is deleted for good (SPEC §2). */
export function DeleteDeckDialog({
  deck,
  open,
  onOpenChange,
}: {
  deck: Deck;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const deleteDeck = useDeleteDeck();
  const confirm = () => {
    deleteDeck.mutate(deck.id, {
      onSuccess: () => {
        toast.success('Deck Deleted', {
          description: 'Your deck and all its cards have been deleted successfully.',
        });
        onOpenChange(false);
      },
      onError: (error) => {
        toast.error('Delete Failed', {
          description: errorMessage(error, 'Failed to delete deck.'),
        });
      },
    });
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold">
            Delete &ldquo;{deck.name}&rdquo;?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
            This action is permanent and cannot be undone. All flashcards, learning progress and
            statistics of this deck will be lost.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" onClick={confirm} disabled={deleteDeck.isPending}>
              {deleteDeck.isPending ? <Spinner /> : null}
              Delete Deck
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
