import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { useDecks } from '../../decks/api/get-decks';
import { errorMessage } from '../../decks/utils';
import { useMoveCards } from '../api/cards';

/** Moves the selected cards to another of the user's decks. */
export function MoveCardsDialog({
  deckId,
  ids,
  open,
  onOpenChange,
  onMoved,
}: {
  deckId: string;
  ids: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMoved: () => void;
}) {
  const decks = useDecks({ enabled: open });
  const targets = (decks.data ?? []).filter((deck) => deck.id !== deckId);
  const [target, setTarget] = useState('');
  const move = useMoveCards(deckId);
  const chosen = target || targets[0]?.id || '';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Move ${ids.length} ${ids.length === 1 ? 'card' : 'cards'}`}
        description="Cards keep their learning progress in the other deck."
      >
        {targets.length === 0 && !decks.isPending ? (
          <p className="text-sm text-muted-foreground">Create another deck first.</p>
        ) : (
          <div className="space-y-2">
            <Label htmlFor="move-target">Target deck</Label>
            <select
              id="move-target"
              className="h-10 w-full rounded-lg border border-input bg-background px-3 text-sm"
              value={chosen}
              onChange={(event) => setTarget(event.target.value)}
            >
              {targets.map((deck) => (
                <option key={deck.id} value={deck.id}>
                  {deck.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="mt-6 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            disabled={!chosen || move.isPending}
            onClick={() =>
              move.mutate(
                { ids, targetDeckId: chosen },
                {
                  onSuccess: () => {
                    const name = targets.find((deck) => deck.id === chosen)?.name ?? 'the deck';
                    toast.success('Cards Moved', {
                      description: `${ids.length} ${ids.length === 1 ? 'card' : 'cards'} moved to ${name}.`,
                    });
                    onMoved();
                    onOpenChange(false);
                  },
                  onError: (error) =>
                    toast.error('Move Failed', {
                      description: errorMessage(error, 'Failed to move cards.'),
                    }),
                },
              )
            }
          >
            {move.isPending ? <Spinner /> : null}
            Move
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
