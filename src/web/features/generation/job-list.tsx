import { Download, ListChecks, RotateCcw, X } from 'lucide-react';
import { Link } from 'react-router';
import { pluralise } from '../../../core/text';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { type GenerationJob, useDeckJobs, useJobAction } from './api';
import { JobParts, retryPartsLabel } from './job-parts';
import { JobWarnings } from './job-warnings';

/**
 * The deck's recent generation jobs: status, source, progress by part, cards or error,
 * warnings, Cancel/Retry (of a failed job, or of the failed parts of a completed one).
 */

const STATUS_STYLES: Record<GenerationJob['status'], string> = {
  pending: 'bg-muted text-muted-foreground',
  processing: 'bg-sky-500/15 text-sky-700 dark:text-sky-400',
  completed: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-400',
  failed: 'bg-red-500/15 text-red-700 dark:text-red-400',
};

/** What a job read: its title, its address, or its kind and strategy ('text · key concepts'). */
export const jobSource = (job: GenerationJob) =>
  job.source_title ||
  job.source_url ||
  `${job.input_type} · ${job.generation_strategy.replace('_', ' ')}`;

/** Where a completed job's cards are gone through one at a time. */
export const reviewPath = (job: GenerationJob) => `/deck/${job.deck_id}/review/${job.id}`;

export function JobList({
  deckId,
  onRetried,
  retryFromBox,
}: {
  deckId: string;
  onRetried: (job: GenerationJob) => void;
  /** Retries a failed text job from the text in the box, if it holds any: true when it did. */
  retryFromBox?: (job: GenerationJob) => boolean;
}) {
  const jobs = useDeckJobs(deckId);
  const cancel = useJobAction(deckId, 'cancel');
  const retry = useJobAction(deckId, 'retry');
  const list = jobs.data?.jobs ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-5 border-t border-border pt-4">
      <h3 className="text-sm font-semibold">Recent generations</h3>
      <ul aria-label="Recent generations" className="mt-2 divide-y divide-border">
        {list.slice(0, 5).map((job) => (
          <li key={job.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                STATUS_STYLES[job.status],
              )}
            >
              {job.status}
            </span>
            <span className="min-w-40 flex-1 truncate text-muted-foreground">
              {jobSource(job)}
              {job.status === 'completed' ? ` · ${pluralise(job.cards_created, 'card')}` : ''}
            </span>
            {job.source_file_path ? (
              <a
                href={`/api/files/content?path=${encodeURIComponent(job.source_file_path)}`}
                download
                aria-label={`Download ${job.source_title ?? 'the file'}`}
                title="Download the uploaded file"
                className="rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                <Download aria-hidden="true" className="size-3.5" />
              </a>
            ) : null}
            {job.status === 'completed' && job.cards_created > 0 ? (
              <Button asChild size="sm" variant="ghost">
                <Link to={reviewPath(job)}>
                  <ListChecks aria-hidden="true" className="size-3.5" />
                  Review new cards
                </Link>
              </Button>
            ) : null}
            {job.status === 'pending' ? (
              <Button size="sm" variant="ghost" onClick={() => cancel.mutate(job.id)}>
                <X aria-hidden="true" className="size-3.5" />
                Cancel
              </Button>
            ) : null}
            {job.status === 'failed' ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  if (retryFromBox?.(job)) return;
                  retry.mutate(job.id, { onSuccess: onRetried });
                }}
              >
                <RotateCcw aria-hidden="true" className="size-3.5" />
                Retry
              </Button>
            ) : null}
            {job.status === 'completed' && job.failed_parts.length > 0 ? (
              // Only the parts that failed are asked again; their cards join this job's.
              <Button
                size="sm"
                variant="ghost"
                onClick={() => retry.mutate(job.id, { onSuccess: onRetried })}
              >
                <RotateCcw aria-hidden="true" className="size-3.5" />
                {retryPartsLabel(job.failed_parts)}
              </Button>
            ) : null}
            <JobParts job={job} />
            {job.status === 'failed' && job.error_message ? (
              // The whole reason, wrapped on its own line: never cut to 'No c…' on a phone.
              <p data-testid="job-error" className="order-last basis-full text-danger-text">
                {job.error_message}
              </p>
            ) : null}
            <JobWarnings deckId={deckId} job={job} className="basis-full" />
          </li>
        ))}
      </ul>
    </div>
  );
}
