import { AlertTriangle, X } from 'lucide-react';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { type GenerationJob, useDismissWarnings } from './api';
import { visibleWarnings } from './visible-warnings';

/**
 * A job's content-check warnings (SPEC §5: 'Content is very short - …'), shown with the job
 * until the user dismisses them; dismissing is kept on the server.
 */
export function JobWarnings({
  deckId,
  job,
  className,
}: {
  deckId: string;
  job: Pick<GenerationJob, 'id' | 'warnings' | 'status'>;
  className?: string;
}) {
  const dismiss = useDismissWarnings(deckId);
  const warnings = visibleWarnings(job);
  if (warnings.length === 0) return null;
  return (
    <div
      role="note"
      aria-label="Content warnings"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-300',
        className,
      )}
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <ul className="min-w-0 flex-1 space-y-0.5">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
      <button
        type="button"
        aria-label="Dismiss warnings"
        title="Dismiss"
        disabled={dismiss.isPending}
        onClick={() =>
          dismiss.mutate(job.id, {
            onError: (error) =>
              toast.error('Dismiss Failed', {
                description: errorMessage(error, 'Failed to dismiss the warnings.'),
              }),
          })
        }
        className="rounded-md p-1 hover:bg-amber-500/20"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </div>
  );
}
