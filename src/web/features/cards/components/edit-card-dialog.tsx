import type { ComponentProps } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import type { Flashcard } from '../api/cards';
import { DialogCardForm } from './card-form';
import { ClozeRemovalDialog } from './cloze-removal-dialog';
import { useSaveCard } from './use-card-actions';

/** The card editor (the one of 'Your Cards') in a dialog: type, front, back; Save or Cancel. */
export function EditCardDialog({
  card,
  deckId,
  open,
  onOpenChange,
  onSaved,
  onCloseAutoFocus,
}: {
  card: Flashcard;
  deckId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (card: Flashcard) => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}) {
  const { save, pending, removal } = useSaveCard(deckId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Card" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogCardForm
          key={card.id}
          initial={{
            card_type: card.card_type,
            front_content: card.front_content,
            back_content: card.back_content ?? '',
            tags: card.tags,
          }}
          pending={pending}
          submitLabel="Save"
          pendingLabel="Saving..."
          onSubmit={(input) =>
            save(card.id, input, (saved) => {
              onOpenChange(false);
              onSaved(saved);
            })
          }
        />
        <ClozeRemovalDialog removal={removal} pending={pending} />
      </DialogContent>
    </Dialog>
  );
}
