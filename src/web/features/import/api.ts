import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnkiImportJob,
  AnkiImportSummary,
  AnkiSummaryEntry,
} from '../../../core/anki/import-schemas';
import { api } from '../../lib/api-client';
import { decksQueryKey } from '../decks/api/get-decks';
import { upload } from '../generation/api';

export type { AnkiImportJob, AnkiImportSummary };

export interface AnkiImportInput {
  file: File;
  /** A deck for every card, or null to keep the package's decks. */
  deckId: string | null;
  /** The share of the upload sent (0 to 1). */
  onProgress?: (fraction: number) => void;
}

/**
 * Sends the package as multipart to `POST /api/import/anki` (with upload progress); answers
 * the import job, which runs in the background (`useImportJob` follows it).
 */
export function startAnkiImport(input: AnkiImportInput): Promise<AnkiImportJob> {
  const form = new FormData();
  if (input.deckId) form.set('deck_id', input.deckId);
  else form.set('keep_decks', 'true');
  form.set('time_zone', Intl.DateTimeFormat().resolvedOptions().timeZone);
  form.set('file', input.file);
  return upload<AnkiImportJob>('/api/import/anki', form, input.onProgress);
}

export const isFinished = (job: AnkiImportJob | undefined) =>
  job?.status === 'completed' || job?.status === 'failed';

/**
 * Follows an import job with the server's long poll (`wait`: answered as soon as its status
 * or progress changes) until it completes or fails.
 */
export const importJobKey = (jobId: string | null) => ['import-job', jobId] as const;

export function useImportJob(jobId: string | null) {
  return useQuery({
    queryKey: importJobKey(jobId),
    queryFn: ({ signal }) => api.get<AnkiImportJob>(`/api/import/jobs/${jobId}?wait=10`, signal),
    enabled: jobId !== null,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : 50),
    refetchIntervalInBackground: true,
    retry: 3,
  });
}

/** Refreshes the decks (after an import, once its summary is closed). */
export function useRefreshDecks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: decksQueryKey });
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** 'Converting cards 1200 of 30000', or the phase alone before its counts are known. */
export function phaseText(job: AnkiImportJob): string {
  if (job.status === 'pending') return 'Waiting for its turn…';
  const phase = job.phase ?? 'Starting';
  return job.total > 0 ? `${phase} ${job.done} of ${job.total}` : `${phase}…`;
}

/** 'Imported 4 notes as 6 cards, 3 reviews; created 2 decks.', the media and the skipped lines. */
export function summaryLines(summary: AnkiImportSummary): string[] {
  const lines = [
    `Imported ${plural(summary.notes, 'new note')} as ${plural(summary.cards, 'card')}, with ${plural(summary.reviews, 'past review')}.`,
  ];
  if (summary.media > 0) {
    lines.push(`Stored ${plural(summary.media, 'media file')} (images, sounds) the cards show.`);
  }
  if (summary.notes_updated > 0) {
    lines.push(
      `Found ${plural(summary.notes_updated, 'note')} imported before: ${plural(summary.cards_updated, 'card')} updated, schedules kept.`,
    );
  }
  if (summary.decks_created.length > 0) {
    lines.push(
      `Created ${plural(summary.decks_created.length, 'deck')}: ${summary.decks_created.join(', ')}.`,
    );
  }
  for (const skip of summary.skipped) {
    const what = skip.reason.startsWith('Media')
      ? 'file'
      : skip.reason.startsWith('Review-log')
        ? 'review-log entry'
        : 'card';
    const count =
      what === 'review-log entry'
        ? `${skip.count} ${skip.count === 1 ? 'review-log entry' : 'review-log entries'}`
        : plural(skip.count, what);
    lines.push(`Skipped ${count}: ${skip.reason}.${fromNotes(skip)}`);
  }
  for (const change of summary.changed) {
    lines.push(`Changed ${plural(change.count, 'card')}: ${change.reason}.${fromNotes(change)}`);
  }
  return lines;
}

/** ' From “Mitochondria is…”, “Krebs cycle…” and 3 more.' (issue 20 item 8), or nothing. */
function fromNotes(entry: AnkiSummaryEntry): string {
  const notes = entry.notes ?? [];
  if (notes.length === 0) return '';
  const more = entry.more_notes ?? 0;
  const names =
    more > 0
      ? `${notes.join(', ')} and ${more} more`
      : notes.length === 1
        ? notes[0]
        : `${notes.slice(0, -1).join(', ')} and ${notes[notes.length - 1]}`;
  return ` From ${names}.`;
}
