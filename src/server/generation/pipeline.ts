import type { Kysely } from 'kysely';
import { droppedWarning, mainRejection } from '../../core/cards-from-text/postprocess';
import { GENERATION_MESSAGES } from '../../core/generation-requests';
import type { Database } from '../db/database';
import type { CardGenerator, CardKind, GeneratedCard } from './generator';
import type { JobRow } from './jobs.repository';
import type { TextThread } from './text-thread';

/**
 * From a job's source content to the cards to write: cleanup and content check (SPEC §5), the
 * strategy's card count scaled to the content, the generator, then the checks both generators
 * share (answer supported by the content, source passage found in it, valid cloze, no
 * giveaway, no near-duplicates in the job, across chunks or in the deck, requested types, the
 * strategy's count for the whole job); a job whose cards all fail them says the main reason. Every step that reads the text runs in the worker's text
 * thread; `signal` (cancel, lost lease, deadline) stops it there at once.
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
): Promise<{ cards: GeneratedCard[]; notes: string[] } | { error: string }> {
  const { content, check, range } = await thread.run(
    { kind: 'prepare', source: job.source_content ?? '', strategy: job.generation_strategy },
    signal,
  );
  if (!check.valid) return { error: GENERATION_MESSAGES.invalidContent(check.errors) };
  const cardTypes = JSON.parse(job.requested_card_types) as CardKind[];
  // The generators' notes (why a result is short, a part left out) join the job's warnings.
  const notes: string[] = [];
  const generated = await generator({
    content,
    title: job.source_title,
    strategy: job.generation_strategy,
    cardTypes,
    range,
    signal,
    log,
    onNote: (text) => notes.push(text),
  });
  if (generated.length === 0) return { error: GENERATION_MESSAGES.noCards };
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
        range,
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
  if (cards.length === 0) {
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
  } else if (notes.length === 0 && cards.length < range.min) {
    const reason = mainRejection(rejected);
    if (reason) notes.push(GENERATION_MESSAGES.shortResult(cards.length, reason));
  }
  return { cards, notes };
}
