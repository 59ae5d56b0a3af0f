import { countWords } from '../../core/content';
import type { GenerationJob } from '../../core/generation-requests';
import { toIso } from '../db/time';
import type { CardKind } from './generator';
import type { JobRow } from './jobs.repository';

/** A job as the API returns it: the source content stays on the server, its words counted. */
export function toJob(row: JobRow): GenerationJob {
  return {
    id: row.id,
    deck_id: row.deck_id,
    input_type: row.input_type,
    source_url: row.source_url,
    source_file_path: row.source_file_path,
    source_title: row.source_title,
    generation_strategy: row.generation_strategy,
    requested_card_types: JSON.parse(row.requested_card_types) as CardKind[],
    status: row.status,
    error_message: row.error_message,
    warnings: row.warnings ? (JSON.parse(row.warnings) as string[]) : [],
    word_count: countWords(row.source_content ?? ''),
    cards_created: Number(row.cards_created),
    attempts: Number(row.attempts),
    parts:
      Number(row.parts_total) > 0
        ? {
            current: Number(row.current_part),
            done: Number(row.parts_done),
            total: Number(row.parts_total),
          }
        : null,
    failed_parts: row.failed_parts ? (JSON.parse(row.failed_parts) as number[]) : [],
    completed_at: toIso(row.completed_at),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
