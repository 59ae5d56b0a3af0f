/**
 * What an LLM is told: the card-writing rules (the four checks of issue 10: grounded,
 * self-contained, worth learning, well-formed), what the chosen strategy is for, and the part
 * of the document it is given.
 */
import type { ContentChunk } from '../../core/content';
import type { GenerationRequest } from './generator';

/** What each strategy asks for: different choices, not only a different count. */
export const STRATEGY_INTENT = {
  key_concepts:
    'Key Concepts: the central terms of the whole text and their definitions. Choose only the few terms the text is about (the ones a reader must know to follow it), not its details.',
  standard:
    'Standard: the main idea of each section of the text, one or two cards per section, so that together the cards cover the whole text.',
  detailed:
    'Detailed: the facts of every section: definitions, causes and effects, dates, names, quantities that matter and how things relate.',
} as const;

const CARD_TYPES = {
  qa: '"qa": a real question on the front (ending in "?"), its short answer on the back',
  cloze:
    '"cloze": the front is one complete sentence from the text with a key term of one to a few words (at most 6) written as {{c1::term}}; the back is the same sentence in full',
} as const;

export const CARD_RULES = [
  'Every card passes these four checks:',
  '1. Grounded: what it asks and what it answers is stated in the text. Copy into sourceQuote, word for word, the sentence of the text the card comes from.',
  '2. Self-contained: a learner understands the card without the text. Name what it is about; never lean on "it", "this", "they", "these" or "the above" whose referent is in another sentence; no fragments.',
  '3. Worth learning: a fact, term, definition, cause, date or relation that matters in the text. Never a price, page number, ISBN, URL or part of one, file name, code token or stop word. Not a giveaway: the answer, or a form of it, must not appear on the front.',
  '4. Well-formed: a Q&A front is a real question ending in "?", not a fill-in-the-blank; a cloze hides a key term (a few words at most) in a complete sentence; no broken brackets, markup or code.',
].join('\n');

/** The system message for one chunk, asking for `count` cards. */
export function instructions(request: GenerationRequest, count: { min: number; max: number }) {
  const types = request.cardTypes.map((type) => CARD_TYPES[type]).join('; and ');
  return [
    'You write flashcards for spaced-repetition study from the text the user gives (the whole document, or one part of it).',
    `What to cover: ${STRATEGY_INTENT[request.strategy]}`,
    `Write between ${count.min} and ${count.max} cards; fewer good cards are better than padding.`,
    `Card types to write: ${types}.`,
    CARD_RULES,
    'Keep answers short (a term, a name, a number, or one sentence); never the whole passage.',
    'Do not repeat a fact already covered by another card. Write in the language of the text.',
  ].join('\n');
}

/** The user message for a chunk: its text, after its section's title when it starts inside. */
export function chunkPrompt(chunk: ContentChunk): string {
  return chunk.continues && chunk.heading
    ? `(Part of the section "${chunk.heading}", continued.)\n\n${chunk.text}`
    : chunk.text;
}
