import { GraduationCap } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { SchedulerName } from '../../../../core/deck-schemas';
import { SCHEDULER_CHOICES, schedulerDescription } from '../../study/components/scheduler-choice';
import { usePreferences, useUpdatePreferences } from '../api/preferences';
import { SettingsSection } from './section';

/** Settings → Study: the scheduler new decks start with (existing decks keep theirs). */
export function StudySection() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const current = preferences.data?.default_scheduler;
  const choose = (value: SchedulerName) =>
    update.mutate(
      { default_scheduler: value },
      {
        onSuccess: () =>
          toast.success('Saved', { description: 'New decks will use this scheduler.' }),
        onError: (error) =>
          toast.error('Could not save', {
            description: errorMessage(error, 'Your preference was not saved.'),
          }),
      },
    );
  return (
    <SettingsSection
      id="study"
      icon={GraduationCap}
      title="Study"
      description="How new decks schedule your reviews. Each deck can change it in its settings."
      aside={update.isPending ? <Spinner /> : null}
    >
      <div className="mt-4 space-y-2">
        <label htmlFor="default-scheduler" className="block text-sm font-medium">
          Scheduler for new decks
        </label>
        <select
          id="default-scheduler"
          className="h-10 w-full rounded-lg border border-input bg-background px-3 text-sm sm:max-w-xs"
          value={current ?? ''}
          disabled={!current || update.isPending}
          onChange={(event) => choose(event.target.value as SchedulerName)}
        >
          {current ? null : <option value="">Loading…</option>}
          {SCHEDULER_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        {current ? (
          <p className="text-sm text-muted-foreground">{schedulerDescription(current)}</p>
        ) : null}
      </div>
    </SettingsSection>
  );
}
