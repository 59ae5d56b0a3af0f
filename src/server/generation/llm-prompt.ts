/**
 * What an LLM is told: the card-writing rules (the four checks of issue 10: grounded,
 * self-contained, worth learning, well-formed), what the chosen strategy is for, and the part
 * of the document it is given with its context (issue 22 §3: title, 'part k of n', section,
 * the last sentence of the previous part).
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

/** One good card of each type, shown to the model. */
const EXAMPLES = {
  qa: '{"type": "qa", "front": "What is the reaction center of photosystem II called?", "back": "P680", "sourceQuote": "The reaction center of PSII (called P680) delivers its high-energy electrons"}',
  cloze:
    '{"type": "cloze", "front": "Chlorophyll a absorbs {{c1::blue and red}} light but not green.", "back": "Chlorophyll a absorbs blue and red light but not green.", "sourceQuote": "Chlorophyll a absorbs wavelengths from either end of the visible spectrum (blue and red), but not green"}',
} as const;

/** The four checks; the cloze rules only when cloze cards are asked for. */
export function cardRules(cardTypes: GenerationRequest['cardTypes']): string {
  const cloze = cardTypes.includes('cloze');
  return [
    'Every card passes these four checks:',
    '1. Grounded: what it asks and what it answers is stated in the text. Copy into sourceQuote the shortest exact span of the text that states the fact (at most one sentence), word for word; you may leave out citation markers like [12] and formatting.',
    '2. Self-contained: a learner understands the card without the text. Name what it is about; never lean on "it", "this", "they", "these" or "the above" whose referent is in another sentence; no fragments.',
    '3. Worth learning: a fact, term, definition, cause, date or relation that matters in the text. Never a price, page number, ISBN, URL or part of one, file name, code token or stop word. Not a giveaway: the answer, or a form of it, must not appear on the front, and never an either/or question.',
    `4. Well-formed: a Q&A front is a real question ending in "?", not a fill-in-the-blank${cloze ? '; a cloze hides a key term (a few words at most) in a complete sentence' : ''}; no broken brackets, markup or code.`,
  ].join('\n');
}

/** Kept for callers of the rules with both card types. */
export const CARD_RULES = cardRules(['qa', 'cloze']);

/** Characters of prose in a chunk (headings and short lines such as captions count less). */
function proseLength(text: string): number {
  return text
    .split('\n')
    .filter((line) => line.trim().length > 60 && !line.trimStart().startsWith('#'))
    .reduce((sum, line) => sum + line.length, 0);
}

/**
 * How many cards part `at` is asked for: its share of the strategy's range by its prose; a
 * part with little prose may yield none (min 0), and every part may write at least one.
 */
export function partCount(
  chunks: ContentChunk[],
  at: number,
  range: { min: number; max: number },
): { min: number; max: number } {
  const lengths = chunks.map((chunk) => proseLength(chunk.text));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  const share = total > 0 ? (lengths[at] as number) / total : 1 / chunks.length;
  return {
    min: Math.floor(range.min * share),
    max: Math.max(1, Math.ceil(range.max * share)),
  };
}

/** The system message for one chunk, asking for `count` cards. */
export function instructions(request: GenerationRequest, count: { min: number; max: number }) {
  const types = request.cardTypes.map((type) => CARD_TYPES[type]).join('; and ');
  const examples = request.cardTypes.map((type) => EXAMPLES[type]).join('\n');
  return [
    'You write flashcards for spaced-repetition study from the text the user gives (the whole document, or one part of it).',
    `What to cover: ${STRATEGY_INTENT[request.strategy]}`,
    `Write between ${count.min} and ${count.max} cards; fewer good cards are better than padding. If this part has no study content (references, links, exercises), return an empty list.`,
    `Card types to write: ${types}.`,
    cardRules(request.cardTypes),
    'Keep answers short (a term, a name, a number, or one sentence); never the whole passage.',
    'Do not repeat a fact already covered by another card. Write in the language of the text.',
    'Answer with only a JSON object {"cards": [...]}, each card with type, front, back and sourceQuote. For example:',
    examples,
  ].join('\n');
}

/** The last sentence of a text (for the part that follows it). */
export function lastSentence(text: string): string {
  const trimmed = text.trim();
  const sentences = trimmed.match(/[^.!?]+[.!?]+["')\]]*/g);
  const last = sentences?.at(-1)?.trim() ?? trimmed.split('\n').at(-1) ?? '';
  return last.length > 300 ? `…${last.slice(-300)}` : last;
}

export interface PartContext {
  title: string | null;
  part: { index: number; total: number };
  /** The previous part's text (its last sentence is quoted), or null for the first part. */
  previous: string | null;
}

/** The user message for a chunk: where it is in the document, then its text. */
export function chunkPrompt(chunk: ContentChunk, context?: PartContext): string {
  const lines: string[] = [];
  if (context?.title) lines.push(`Document: "${context.title}"`);
  if (context) lines.push(`This is part ${context.part.index} of ${context.part.total}.`);
  if (chunk.heading) {
    lines.push(`Section: ${chunk.heading}${chunk.continues ? ' (continued)' : ''}`);
  }
  if (context?.previous) lines.push(`The previous part ended: "${lastSentence(context.previous)}"`);
  return lines.length > 0 ? `${lines.join('\n')}\n\n---\n\n${chunk.text}` : chunk.text;
}
