import { type ReactNode, useState } from 'react';
import { clozeNumbers } from '../../../../core/card-content/cloze';
import { toast } from '../../../lib/toast';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { errorMessage } from '../../decks/utils';
import { useCreateCard } from '../api/cards';
import { DialogCardForm } from './card-form';

/** 'Create New Card' (SPEC §2): type qa by default, front and back required. */
export function CreateCardDialog({
  deckId,
  trigger,
  open,
  onOpenChange,
}: {
  deckId: string;
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const createCard = useCreateCard(deckId);
  const [formKey, setFormKey] = useState(0);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setFormKey((key) => key + 1);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Create New Card"
        description="Write a question and its answer, or a cloze sentence."
      >
        <DialogCardForm
          key={formKey}
          initial={{ card_type: 'qa', front_content: '', back_content: '' }}
          pending={createCard.isPending}
          submitLabel="Create"
          pendingLabel="Creating..."
          onSubmit={(input) =>
            createCard.mutate(input, {
              onSuccess: () => {
                const numbers =
                  input.card_type === 'cloze' ? clozeNumbers(input.front_content).length : 1;
                // A cloze note makes one card per deletion number, as in Anki.
                toast.success(
                  'Card Created!',
                  numbers > 1
                    ? { description: `${numbers} cards, one per cloze number.` }
                    : undefined,
                );
                onOpenChange(false);
                setFormKey((key) => key + 1);
              },
              onError: (error) =>
                toast.error('Creation Failed', {
                  description: errorMessage(error, 'Failed to create card.'),
                }),
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}
