import { type FormEvent, useState } from 'react';
import { toast } from '../../../lib/toast';
import type { Deck } from '../../../../core/deck-schemas';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { useUpdateDeck } from '../api/update-deck';
import { errorMessage } from '../utils';
import { DeckStudyOptions } from './deck-study-options';
import { FsrsTuning } from './fsrs-tuning';
import { SCHEDULER_CHOICES, schedulerDescription } from '../../study/components/scheduler-choice';

/**
 * Deck settings: name, description, daily limits (new cards 20, reviews 200 by default) and
 * the scheduler (FSRS with its desired retention, or SM-2).
 */
export function DeckSettingsDialog({
  deck,
  open,
  onOpenChange,
}: {
  deck: Deck;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateDeck(deck.id);
  const [name, setName] = useState(deck.name);
  const [description, setDescription] = useState(deck.description ?? '');
  const [newPerDay, setNewPerDay] = useState(String(deck.new_cards_per_day));
  const [reviewsPerDay, setReviewsPerDay] = useState(String(deck.max_reviews_per_day));
  const [scheduler, setScheduler] = useState(deck.scheduler);
  const [retention, setRetention] = useState(String(Math.round(deck.desired_retention * 100)));
  const limitsValid = [newPerDay, reviewsPerDay].every((value) => /^\d{1,4}$/.test(value));
  const retentionValid = /^\d{2}$/.test(retention) && +retention >= 70 && +retention <= 99;
  const canSave = name.trim() !== '' && limitsValid && retentionValid && !update.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSave) return;
    update.mutate(
      {
        name: name.trim(),
        description: description.trim() || null,
        new_cards_per_day: Number(newPerDay),
        max_reviews_per_day: Number(reviewsPerDay),
        scheduler,
        desired_retention: Number(retention) / 100,
      },
      {
        onSuccess: () => {
          toast.success('Deck Updated', { description: 'Your settings are saved.' });
          onOpenChange(false);
        },
        onError: (error) =>
          toast.error('Update Failed', {
            description: errorMessage(error, 'Failed to update deck.'),
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Deck settings">
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="settings-name">Deck Name</Label>
            <Input
              id="settings-name"
              value={name}
              maxLength={200}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="settings-description">Description</Label>
            <Textarea
              id="settings-description"
              value={description}
              maxLength={2000}
              rows={2}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-2">
              <Label htmlFor="settings-new">New cards per day</Label>
              <Input
                id="settings-new"
                inputMode="numeric"
                value={newPerDay}
                aria-invalid={!/^\d{1,4}$/.test(newPerDay)}
                onChange={(event) => setNewPerDay(event.target.value.trim())}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="settings-reviews">Max reviews per day</Label>
              <Input
                id="settings-reviews"
                inputMode="numeric"
                value={reviewsPerDay}
                aria-invalid={!/^\d{1,4}$/.test(reviewsPerDay)}
                onChange={(event) => setReviewsPerDay(event.target.value.trim())}
              />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-2">
              <Label htmlFor="settings-scheduler">Scheduler</Label>
              <select
                id="settings-scheduler"
                className="h-10 w-full rounded-lg border border-input bg-background px-3 text-sm"
                value={scheduler}
                onChange={(event) => setScheduler(event.target.value as Deck['scheduler'])}
              >
                {SCHEDULER_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-2">
              <Label htmlFor="settings-retention">Desired retention (%)</Label>
              <Input
                id="settings-retention"
                inputMode="numeric"
                value={retention}
                disabled={scheduler !== 'fsrs'}
                aria-invalid={!retentionValid}
                onChange={(event) => setRetention(event.target.value.trim())}
              />
            </div>
          </div>
          <p className="text-sm text-muted-foreground">{schedulerDescription(scheduler)}</p>
          {scheduler === 'fsrs' ? <FsrsTuning deckId={deck.id} /> : null}
          <DeckStudyOptions deck={deck} />
          <p className="text-xs text-muted-foreground">
            Limits are whole numbers from 0 to 9999. FSRS aims at the retention you choose (70–99%):
            higher means more reviews.
          </p>
          <div className="flex justify-end gap-2 pt-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={!canSave}>
              {update.isPending ? <Spinner /> : null}
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
