import { pluralise } from '../../../core/text';
import type { SyncTally } from '../study/review-queue';

/** What a sync merged, in one sentence: '2 answers were recorded; 1 card had been deleted elsewhere'. */
export function syncSummary({ recorded, deleted, refused }: SyncTally): string {
  const parts: string[] = [];
  if (recorded > 0 || (deleted === 0 && refused === 0)) {
    parts.push(`${pluralise(recorded, 'answer')} ${recorded === 1 ? 'was' : 'were'} recorded`);
  }
  if (deleted > 0) {
    parts.push(`${pluralise(deleted, 'card')} had been deleted elsewhere`);
  }
  if (refused > 0) {
    parts.push(`${pluralise(refused, 'answer')} could not be recorded`);
  }
  return parts.join('; ');
}
