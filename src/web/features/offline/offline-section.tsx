import { CloudOff } from 'lucide-react';
import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { formatBytes } from '../../lib/utils';
import { pluralise } from '../../../core/text';
import { SettingsSection } from '../settings/components/section';
import { BUDGET_MAX_MB, parseBudget, RECENT_DAYS } from './keep-plan';
import { keepSettings, lastSynced, onKeepSettingsChange, saveKeepSettings } from './keep-settings';
import { whenText } from './offline-toggle';
import type { KeptDeck } from './offline-deck';
import { keptDecks, onKeptChange } from './offline-store';

const BUDGET_ERROR = `Enter a whole number of MB from 0 to ${BUDGET_MAX_MB}`;

/** The decks kept on this device for the user, read again on every change. */
function useKeptDecks(userId: string): KeptDeck[] | undefined {
  const [kept, setKept] = useState<KeptDeck[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const load = () =>
      keptDecks(userId)
        .then((found) => live && setKept(found))
        .catch(() => live && setKept([]));
    void load();
    const off = onKeptChange(() => void load());
    return () => {
      live = false;
      off();
    };
  }, [userId]);
  return kept;
}

/**
 * Settings → Offline (issue 24): what this device keeps for offline study and the space the
 * decks studied recently may take.
 */
export function OfflineSection() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const settings = useSyncExternalStore(onKeepSettingsChange, () =>
    JSON.stringify(keepSettings(userId)),
  );
  const { keepRecent, budgetMb } = JSON.parse(settings) as ReturnType<typeof keepSettings>;
  const kept = useKeptDecks(userId);
  // Read again whenever the kept decks change (a sync saves them).
  const synced = kept ? lastSynced(userId) : null;
  const [budget, setBudget] = useState(String(budgetMb));
  const [submitted, setSubmitted] = useState(false);
  const error = parseBudget(budget) === null ? BUDGET_ERROR : null;
  if (!user) return null;
  const stored = (kept ?? []).reduce((sum, each) => sum + (each.bytes ?? 0), 0);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const value = parseBudget(budget);
    if (value === null) return;
    saveKeepSettings(user.id, { budgetMb: value });
    toast.success('Saved', { description: `Offline decks may take up to ${value} MB here.` });
  };
  return (
    <SettingsSection
      id="offline"
      icon={CloudOff}
      title="Offline"
      description="Decks kept on this device open and can be studied without a connection."
    >
      <p className="text-sm" aria-live="polite">
        {kept === undefined
          ? 'Reading what this device keeps…'
          : `Stored on this device: ${pluralise(kept.length, 'deck')}, ${formatBytes(stored)} of ${budgetMb} MB.`}
      </p>
      {synced ? (
        <p className="mt-1 text-sm text-muted-foreground">Brought up to date: {whenText(synced)}</p>
      ) : null}
      <label className="mt-4 flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={keepRecent}
          onChange={(event) => saveKeepSettings(user.id, { keepRecent: event.target.checked })}
        />
        Keep the decks I studied in the last {RECENT_DAYS} days
      </label>
      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={save} noValidate>
        <div className="w-full sm:max-w-xs">
          <FormField
            id="offline-budget"
            label="Space for offline decks (MB)"
            inputMode="numeric"
            value={budget}
            onChange={(event) => setBudget(event.target.value)}
            error={error}
            submitted={submitted}
            hint="Decks you make available offline are always kept; recently studied ones while they fit."
          />
        </div>
        <Button type="submit" variant="outline">
          Save
        </Button>
      </form>
    </SettingsSection>
  );
}
