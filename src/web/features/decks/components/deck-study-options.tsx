import { useState } from 'react';
import type { Deck, UpdateDeckInput } from '../../../../core/deck-schemas';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useUpdateDeck } from '../api/update-deck';
import { errorMessage } from '../utils';

const BURY_OPTIONS = [
  { field: 'bury_new_siblings', label: 'Bury new siblings' },
  { field: 'bury_review_siblings', label: 'Bury review siblings' },
  { field: 'bury_interday_learning_siblings', label: 'Bury interday learning siblings' },
] as const;

/**
 * Deck settings' burying and leech options (Anki's: burying off, leech at 8 lapses, suspended).
 * Each change is saved at once, as the FSRS tuning beside it acts at once.
 */
export function DeckStudyOptions({ deck }: { deck: Deck }) {
  const update = useUpdateDeck(deck.id);
  const [options, setOptions] = useState({
    bury_new_siblings: deck.bury_new_siblings,
    bury_review_siblings: deck.bury_review_siblings,
    bury_interday_learning_siblings: deck.bury_interday_learning_siblings,
    leech_action: deck.leech_action,
  });
  const [threshold, setThreshold] = useState(String(deck.leech_threshold));
  const [saved, setSaved] = useState(false);
  const thresholdValid = /^\d{1,2}$/.test(threshold) && +threshold >= 1;
  const save = (input: UpdateDeckInput) => {
    setSaved(false);
    update.mutate(input, { onSuccess: () => setSaved(true) });
  };
  const change = (input: Partial<typeof options>) => {
    setOptions((current) => ({ ...current, ...input }));
    save(input);
  };

  return (
    <details className="group rounded-xl border border-border p-3 text-sm">
      <summary className="cursor-pointer font-medium">Burying and leeches</summary>
      <p className="mt-2 text-xs text-muted-foreground">
        Siblings are the other cards of the same note (a cloze note&apos;s deletions). Buried cards
        come back at the start of your next study day.
      </p>
      <div className="mt-2 space-y-1.5">
        {BURY_OPTIONS.map((option) => (
          <label key={option.field} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              checked={options[option.field]}
              onChange={(event) => change({ [option.field]: event.target.checked })}
            />
            {option.label}
          </label>
        ))}
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <div className="space-y-2">
          <Label htmlFor="settings-leech-threshold">Leech threshold (lapses)</Label>
          <Input
            id="settings-leech-threshold"
            inputMode="numeric"
            value={threshold}
            aria-invalid={!thresholdValid}
            onChange={(event) => setThreshold(event.target.value.trim())}
            onBlur={() => {
              if (thresholdValid && +threshold !== deck.leech_threshold) {
                save({ leech_threshold: Number(threshold) });
              }
            }}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="settings-leech-action">Leech action</Label>
          <select
            id="settings-leech-action"
            className="h-10 w-full rounded-lg border border-input bg-background px-3 text-sm"
            value={options.leech_action}
            onChange={(event) =>
              change({ leech_action: event.target.value as Deck['leech_action'] })
            }
          >
            <option value="suspend">Suspend card</option>
            <option value="tag">Mark as leech only</option>
          </select>
        </div>
      </div>
      <p role="status" className="mt-2 text-xs text-muted-foreground">
        {update.isError
          ? errorMessage(update.error, 'Failed to update deck.')
          : !thresholdValid
            ? 'The leech threshold is a whole number of lapses from 1 to 99.'
            : saved
              ? 'Saved.'
              : ''}
      </p>
    </details>
  );
}
