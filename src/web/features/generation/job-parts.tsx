import { GENERATION_MESSAGES } from '../../../core/generation-texts';
import type { GenerationJob } from './api';

/**
 * A running job's progress by part (issue 22 §2): 'Part 2 of 3' and a bar of the parts done.
 * A job read in one part (the built-in generator, a short text) shows none.
 */
export function JobParts({ job }: { job: GenerationJob }) {
  const parts = job.parts;
  if (job.status !== 'processing' || !parts || parts.total < 2) return null;
  const text = GENERATION_MESSAGES.partOf(parts);
  const percent = Math.round((Math.min(parts.done, parts.total) / parts.total) * 100);
  return (
    <div className="flex basis-full items-center gap-2 text-xs text-muted-foreground">
      <div
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span data-testid="job-part">{text}</span>
    </div>
  );
}

/** The Retry button's words for a job some of whose parts failed: 'Retry part 2'. */
export function retryPartsLabel(parts: number[]): string {
  if (parts.length === 1) return `Retry part ${parts[0]}`;
  return `Retry parts ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
