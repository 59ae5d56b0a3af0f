import type { Kysely } from 'kysely';
import { postprocessCards } from '../../core/cards-from-text/postprocess';
import { cardCountRange, checkContent, cleanContent } from '../../core/content';
import { GENERATION_MESSAGES } from '../../core/generation-requests';
import type { Database } from '../db/database';
import type { CardGenerator, CardKind, GeneratedCard } from './generator';
import type { JobRow } from './jobs.repository';

/**
 * From a job's source content to the cards to write: cleanup and content check (SPEC §5), the
 * strategy's card count scaled to the content, the generator, then the checks both generators
 * share (answer supported by the content, valid cloze, no near-duplicates in the job or the
 * deck, requested types, count).
 */
export async function prepareCards(
  db: Kysely<Database>,
  job: JobRow,
  generator: CardGenerator,
  signal: AbortSignal,
): Promise<{ cards: GeneratedCard[] } | { error: string }> {
  const content = cleanContent(job.source_content ?? '');
  const check = checkContent(content);
  if (!check.valid) return { error: GENERATION_MESSAGES.invalidContent(check.errors) };
  const cardTypes = JSON.parse(job.requested_card_types) as CardKind[];
  const range = cardCountRange(job.generation_strategy, check.wordCount);
  const generated = await generator({
    content,
    strategy: job.generation_strategy,
    cardTypes,
    range,
    signal,
  });
  const existing = await db
    .selectFrom('flashcards')
    .select(['card_type', 'front_content', 'back_content'])
    .where('user_id', '=', job.user_id)
    .where('deck_id', '=', job.deck_id)
    .execute();
  const cards = postprocessCards(generated, {
    content,
    cardTypes,
    range,
    existing: existing.map((card) => ({
      type: card.card_type,
      front: card.front_content,
      back: card.back_content ?? '',
      sourceQuote: '',
    })),
  });
  return { cards };
}
