import { CONTENT_MESSAGES } from '../../../core/content';
import type { GenerationJob } from './api';

/**
 * The warnings a job shows: 'processing may take longer' says nothing once the processing is
 * over (issue 19: it was still shown beside a job that took one second).
 */
export function visibleWarnings(job: Pick<GenerationJob, 'warnings' | 'status'>): string[] {
  const over = job.status === 'completed' || job.status === 'failed';
  return over
    ? job.warnings.filter((warning) => warning !== CONTENT_MESSAGES.veryLong)
    : job.warnings;
}
