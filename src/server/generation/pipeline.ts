import type { Kysely } from 'kysely';
import { droppedWarning, mainRejection } from '../../core/cards-from-text/postprocess';
import { GENERATION_MESSAGES } from '../../core/generation-requests';
import type { Database } from '../db/database';
import type { CardGenerator, CardKind, GeneratedCard, PartProgress } from './generator';
import type { JobRow } from './jobs.repository';
import type { TextThread } from './text-thread';

/** What a job's run made: the cards to write, notes for its warnings, the parts that failed. */
export interface PreparedCards {
  cards: GeneratedCard[];
  notes: string[];
  failedParts: number[];
}

/**
 * Card count for a retry of some parts: what the strategy's range leaves beside the job's
 * cards, and at least those parts' share of it (their cards were asked for and are missing).
 */
export function retryRange(
  range: { min: number; max: number },
  existing: number,
  parts: { retried: number; total: number },
) {
  const share = Math.ceil((range.max * parts.retried) / Math.max(1, parts.total));
  return { min: 0, max: Math.max(range.max - existing, share, 1) };
}

/**
 * From a job's source content to the cards to write: cleanup and content check (SPEC §5), the
 * strategy's card count scaled to the content, the generator, then the checks both generators
 * share (answer supported by the content, source passage found in it, valid cloze, no
 * giveaway, no near-duplicates in the job, across chunks or in the deck, requested types, the
 * strategy's count for the whole job); a job whose cards all fail them says the main reason. Every step that reads the text runs in the worker's text
 * thread; `signal` (cancel, lost lease, deadline) stops it there at once. A job that kept some
 * parts' cards and lost others (`failed_parts`) is retried on those parts only: its cards so
 * far stay, so no card, or none passing the checks, is no failure then.
 */
export async function prepareCards(
  db: Kysely<Database>,
  job: JobRow,
  generator: CardGenerator,
  thread: TextThread,
  signal: AbortSignal,
  log?: {
    warn: (detail: object, message: string) => void;
    info: (detail: object, message: string) => void;
  },
  onProgress?: (progress: PartProgress) => void,
): Promise<PreparedCards | { error: string }> {
  const { content, check, range } = await thread.run(
    { kind: 'prepare', source: job.source_content ?? '', strategy: job.generation_strategy },
    signal,
  );
  if (!check.valid) return { error: GENERATION_MESSAGES.invalidContent(check.errors) };
  const cardTypes = JSON.parse(job.requested_card_types) as CardKind[];
  const onlyParts = job.failed_parts ? (JSON.parse(job.failed_parts) as number[]) : undefined;
  // The generators' notes (why a result is short, a part left out) join the job's warnings.
  const notes: string[] = [];
  let failedParts: number[] = [];
  let total = 1;
  const generated = await generator({
    content,
    title: job.source_title,
    strategy: job.generation_strategy,
    cardTypes,
    range,
    signal,
    log,
    onNote: (text) => notes.push(text),
    onProgress: (progress) => {
      total = progress.total;
      onProgress?.(progress);
    },
    onlyParts,
    onFailedParts: (parts) => (failedParts = parts),
  });
  if (onlyParts && generated.length === 0) return { cards: [], notes, failedParts };
  if (generated.length === 0) return { error: GENERATION_MESSAGES.noCards };
  const cut = onlyParts
    ? retryRange(range, Number(job.cards_created), { retried: onlyParts.length, total })
    : range;
  const existing = await db
    .selectFrom('flashcards')
    .select(['card_type', 'front_content', 'back_content'])
    .where('user_id', '=', job.user_id)
    .where('deck_id', '=', job.deck_id)
    .execute();
  const { cards, rejected } = await thread.run(
    {
      kind: 'postprocess',
      cards: generated,
      options: {
        content,
        cardTypes,
        range: cut,
        requireQuestionMark: generator.reportsDrops === true,
        existing: existing.map((card) => ({
          type: card.card_type,
          front: card.front_content,
          back: card.back_content ?? '',
          sourceQuote: '',
        })),
      },
    },
    signal,
  );
  if (cards.length === 0 && !onlyParts) {
    // Say why: 'none of its 4 cards passed the checks (most often: not found in the text)'.
    const reason = mainRejection(rejected);
    return {
      error: reason
        ? GENERATION_MESSAGES.noCardPassed(generated.length, reason)
        : GENERATION_MESSAGES.noCards,
    };
  }
  const dropped = Object.values(rejected).reduce((sum, count) => sum + (count ?? 0), 0);
  if (dropped > 0)
    log?.info({ dropped: rejected, kept: cards.length }, 'cards left out by the checks');
  if (generator.reportsDrops && dropped > 0) {
    notes.push(droppedWarning(rejected));
  } else if (notes.length === 0 && cards.length < cut.min) {
    const reason = mainRejection(rejected);
    if (reason) notes.push(GENERATION_MESSAGES.shortResult(cards.length, reason));
  }
  return { cards, notes, failedParts };
}
