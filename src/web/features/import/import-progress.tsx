import { type AnkiImportJob, phaseText } from './api';

/** A bar with its text: the upload's share sent, or the import job's phase and progress. */
export function ImportProgress({
  label,
  fraction,
  text,
}: {
  label: string;
  /** 0 to 1, or null while the amount is not known. */
  fraction: number | null;
  text: string;
}) {
  const percent = fraction === null ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={`h-full bg-primary transition-[width] ${percent === null ? 'animate-pulse' : ''}`}
          style={{ width: `${percent ?? 100}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {text}
      </p>
    </div>
  );
}

/** The job's bar: converting counts cards; reading and writing have no counts of their own. */
export function JobProgress({ job }: { job: AnkiImportJob }) {
  const fraction = job.total > 0 ? job.done / job.total : job.status === 'pending' ? 0 : null;
  return <ImportProgress label="Import progress" fraction={fraction} text={phaseText(job)} />;
}
