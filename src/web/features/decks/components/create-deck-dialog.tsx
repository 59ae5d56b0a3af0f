import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toCreateDeckBody, useCreateDeck } from '../api/create-deck';
import { errorMessage } from '../utils';

const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;

/** 'Create New Deck' (SPEC §2): name required, description optional; opens the new deck. */
export function CreateDeckDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const navigate = useNavigate();
  const createDeck = useCreateDeck();
  const canSubmit = name.trim() !== '' && !createDeck.isPending;

  const reset = () => {
    setName('');
    setDescription('');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    createDeck.mutate(toCreateDeckBody(name, description), {
      onSuccess: (deck) => {
        toast.success('Success!', { description: 'Deck created successfully.' });
        setOpen(false);
        reset();
        navigate(`/deck/${deck.id}`);
      },
      onError: (error) => {
        toast.error('Error', { description: errorMessage(error, 'Failed to create deck.') });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Create New Deck"
        description="Give your deck a name. You can add cards to it right after."
      >
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="deck-name">Deck Name</Label>
            <Input
              id="deck-name"
              name="name"
              placeholder="e.g. Spanish Vocabulary"
              maxLength={NAME_MAX}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="deck-description">
              Description <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id="deck-description"
              name="description"
              placeholder="What is this deck about?"
              maxLength={DESCRIPTION_MAX}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              rows={3}
            />
          </div>
          <div className="flex justify-end gap-2 pt-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={!canSubmit}>
              {createDeck.isPending ? <Spinner /> : null}
              {createDeck.isPending ? 'Creating...' : 'Create'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
