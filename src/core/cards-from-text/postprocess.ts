import {
  clozeFullText,
  clozeNumbers,
  clozeAnswerText,
  parseCloze,
  validateCloze,
} from '../card-content/cloze';
import { CLOZE_NUMBERS_MAX } from '../flashcard-schemas';
import { hasLongDeletion, isGiveaway } from './card-checks';
import { definedTerm } from './defined-term';
import { type ContentIndex, indexContent, matchQuote, wordSequence } from './grounding';
import { paragraphAround } from './passages';
import { comparedForms, matchStem } from './quote-normalise';
import { normalise, STOP_WORDS, words } from './text-tools';

export interface CandidateCard {
  type: 'qa' | 'cloze';
  front: string;
  back: string;
  sourceQuote: string;
}

/** Cards at least this similar (content-word Jaccard) count as near-duplicates. */
export const DUPLICATE_SIMILARITY = 0.8;
/**
 * Share of an answer's content words that must occur in its passage: a short answer in full
 * (1 of 1, 2 of 2), a longer one, which a model may phrase in its own words, mostly.
 */
export const SUPPORTED_SHARE = 0.6;

/** Words that carry no fact of their own in an answer, besides the stop words. */
const LINK_WORDS = ['because', 'since', 'cannot', 'rather', 'thus', 'therefore', 'whereas'];

/** The answer a card tests: the back of a Q&A card, the deleted text of a cloze card. */
export function answerOf(card: CandidateCard): string {
  if (card.type === 'qa') return card.back;
  return parseCloze(card.front)
    .segments.flatMap((segment) => (segment.kind === 'cloze' ? [clozeAnswerText(segment)] : []))
    .join(' ');
}

/** The compared forms (stems, numbers as digits) of a text's words that carry meaning. */
export function meaningForms(text: string): string[] {
  const stops = new Set([...STOP_WORDS, ...LINK_WORDS].map(matchStem));
  return comparedForms(text).filter((form) => !stops.has(form));
}

/**
 * True when the answer's content words occur in the passage (SUPPORTED_SHARE of them),
 * compared by stem and numbers as numbers ('Upwards of 48,000' is supported by 'upwards of
 * forty-eight thousand').
 */
export function isSupported(answer: string, passage: string): boolean {
  // The passage's words as the quote search reads them (line-end hyphens joined, and not).
  const passageForms = new Set([
    ...wordSequence(passage, true).words,
    ...wordSequence(passage, false).words,
  ]);
  const answerForms = meaningForms(answer);
  if (answerForms.length === 0) {
    // Numbers and short names are content too; stop words alone are not an answer.
    const all = comparedForms(answer);
    return all.length > 0 && all.every((form) => passageForms.has(form));
  }
  const found = answerForms.filter((form) => passageForms.has(form)).length;
  return found / answerForms.length >= SUPPORTED_SHARE;
}

/** What a card tests: its context (question and answer, or sentence), answer and passage. */
export interface Fact {
  context: string[];
  answer: string[];
  passage: string;
}

export function factOf(card: CandidateCard): Fact {
  const context = card.type === 'cloze' ? card.back : `${card.front} ${card.back}`;
  return {
    context: meaningForms(context),
    answer: meaningForms(answerOf(card)),
    passage: card.sourceQuote.trim(),
  };
}

function jaccard(a: string[], b: string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const form of left) if (right.has(form)) shared++;
  return shared / (left.size + right.size - shared);
}

/** How many of the shorter answer's forms the other holds, and whether it holds them all. */
function answerOverlap(a: string[], b: string[]) {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const other = new Set(longer);
  const shared = new Set(shorter.filter((form) => other.has(form))).size;
  return { shared, contained: shared > 0 && shared === new Set(shorter).size };
}

/**
 * Near-duplicates test the same fact, judged on question and answer together: a similar
 * answer AND a similar question-and-answer; or a similar answer from the same passage (a Q&A
 * and a cloze on one sentence); or the same specific answer (three words of meaning or more)
 * asked in other words. Two questions with the same short answer ('the division of labour')
 * on different facts are different cards.
 */
export function isSameFact(a: Fact, b: Fact): boolean {
  const { shared, contained } = answerOverlap(a.answer, b.answer);
  const similarAnswer = jaccard(a.answer, b.answer) >= DUPLICATE_SIMILARITY || contained;
  if (!similarAnswer) return false;
  const context = jaccard(a.context, b.context);
  if (context >= 0.5) return true;
  if (a.passage && a.passage === b.passage) return true;
  return contained && shared >= 3 && context >= 0.25;
}

export interface PostprocessOptions {
  content: string;
  cardTypes: ('qa' | 'cloze')[];
  range: { min: number; max: number };
  /** The deck's cards: a new card too similar to one of them is dropped. */
  existing?: CandidateCard[];
  /**
   * The grounding rule: a card whose quote is not found is dropped (the LLM is told to quote;
   * the built-in generator always does). When false, such a card is kept with no passage.
   */
  requireQuote?: boolean;
  /** Q&A fronts must end with '?' (the LLM path: the prompt asks for a real question). */
  requireQuestionMark?: boolean;
}

/** Why a card was dropped, as said in a failed job's message. */
export const REJECTIONS = {
  type: 'not a requested card type',
  empty: 'an empty side',
  cloze: 'a broken cloze deletion',
  longCloze: 'a cloze deletion of more than a few words',
  stopWords: 'an answer of stop words only',
  notFound: 'not found in the text',
  wholePassage: 'the answer is the whole passage',
  giveaway: 'the answer is on the front',
  unsupported: 'the answer is not in the text',
  duplicate: 'a near-duplicate of a card in the deck or the job',
  notQuestion: 'a question without a question mark',
} as const;

export type Rejection = (typeof REJECTIONS)[keyof typeof REJECTIONS];

/** Each reason in a few words, for the one warning of a job's drops. */
const SHORT_REASONS: Record<Rejection, string> = {
  [REJECTIONS.type]: 'not a requested type',
  [REJECTIONS.empty]: 'empty',
  [REJECTIONS.cloze]: 'a broken cloze',
  [REJECTIONS.longCloze]: 'a cloze hiding too much',
  [REJECTIONS.stopWords]: 'no real answer',
  [REJECTIONS.notFound]: 'not found in the text',
  [REJECTIONS.wholePassage]: 'the whole passage as answer',
  [REJECTIONS.giveaway]: 'the answer on the front',
  [REJECTIONS.unsupported]: 'the answer not in its passage',
  [REJECTIONS.duplicate]: 'repeated',
  [REJECTIONS.notQuestion]: 'not a question',
};

/** One warning for a job's drops: '3 cards left out: 2 not found in the text, 1 repeated'. */
export function droppedWarning(rejected: Partial<Record<Rejection, number>>): string {
  const entries = (Object.entries(rejected) as [Rejection, number][])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  const reasons = entries.map(([reason, count]) => `${count} ${SHORT_REASONS[reason]}`);
  return `${total} ${total === 1 ? 'card' : 'cards'} left out: ${reasons.join(', ')}`;
}

/** The cards kept, and how many were dropped for each reason. */
export interface CheckedCards {
  cards: CandidateCard[];
  rejected: Partial<Record<Rejection, number>>;
}

/** The most frequent reason cards were dropped (the first one seen on a tie), or null. */
export function mainRejection(rejected: CheckedCards['rejected']): Rejection | null {
  let main: Rejection | null = null;
  for (const [reason, count] of Object.entries(rejected) as [Rejection, number][]) {
    if (main === null || count > (rejected[main] ?? 0)) main = reason;
  }
  return main;
}

/** The card as it is kept (trimmed, its cloze back filled in), or why it is dropped. */
function checkCard(raw: CandidateCard, options: PostprocessOptions, content: ContentIndex) {
  if (!options.cardTypes.includes(raw.type)) return REJECTIONS.type;
  const card = { ...raw, front: raw.front.trim(), back: raw.back.trim() };
  if (!card.front) return REJECTIONS.empty;
  if (options.requireQuestionMark && card.type === 'qa' && !/\?["'”’)]*$/.test(card.front)) {
    return REJECTIONS.notQuestion;
  }
  if (card.type === 'cloze') {
    const numbers = clozeNumbers(card.front).length;
    // At most the deletion numbers any card may have (one sibling card each; issue 21).
    if (validateCloze(card.front).length > 0 || numbers === 0 || numbers > CLOZE_NUMBERS_MAX) {
      return REJECTIONS.cloze;
    }
    if (hasLongDeletion(card.front)) return REJECTIONS.longCloze;
    if (!card.back) card.back = clozeFullText(card.front);
  }
  if (!card.back) return REJECTIONS.empty;
  const answer = answerOf(card).trim();
  const answerWords = words(answer);
  if (answerWords.length === 0) return REJECTIONS.empty;
  if (answerWords.every((word) => STOP_WORDS.has(word))) return REJECTIONS.stopWords;
  // The stored passage is the sentence(s) the quote matched, never a guess from the answer.
  const match = card.sourceQuote.trim() ? matchQuote(card.sourceQuote, content) : null;
  if (!match && options.requireQuote !== false) return REJECTIONS.notFound;
  const quote = match?.passage ?? null;
  if (quote && card.type === 'qa' && normalise(answer) === normalise(quote)) {
    return REJECTIONS.wholePassage;
  }
  if (isGiveaway(card)) return REJECTIONS.giveaway;
  // The answer must be in the passage the quote matched (its sentence and paragraph), not
  // merely somewhere in the text ('P680' for photosystem I fails).
  const support = match ? paragraphAround(content.text, match.from, match.to) : content.text;
  if (!isSupported(answer, support)) return REJECTIONS.unsupported;
  return { ...card, sourceQuote: quote ?? '' };
}

/**
 * The checks every generated card passes, whichever generator made it: a requested type;
 * non-empty sides; a valid cloze (with its back filled in when missing) hiding a few words at
 * most; an answer that is not a stop word, not the whole passage, not on the front, and
 * supported by the content; a source passage found in the content (across line breaks, stored
 * as the sentence(s) holding it); no near-duplicate in the job or in the deck; at most
 * `range.max` cards, taken in the order given.
 */
export function checkCards(cards: CandidateCard[], options: PostprocessOptions): CheckedCards {
  const kept: CandidateCard[] = [];
  const rejected: CheckedCards['rejected'] = {};
  const reject = (reason: Rejection) => (rejected[reason] = (rejected[reason] ?? 0) + 1);
  const seen = (options.existing ?? []).map(factOf);
  const asked = new Set(
    (options.existing ?? []).flatMap((card) =>
      card.type === 'qa' ? [sameQuestionKey(card.front)] : [],
    ),
  );
  const defined = new Set((options.existing ?? []).map(definedTerm).filter(Boolean));
  const content = indexContent(options.content);
  for (const raw of cards) {
    if (kept.length >= options.range.max) break;
    const card = checkCard(raw, options, content);
    if (typeof card === 'string') {
      reject(card);
      continue;
    }
    const fact = factOf(card);
    // The same question twice ('What is osmosis?' with two answers) is one card (issue 23).
    const question = card.type === 'qa' ? sameQuestionKey(card.front) : null;
    if (question !== null && asked.has(question)) {
      reject(REJECTIONS.duplicate);
      continue;
    }
    // One definition of a term in a deck: its glossary entry and its sentence are one fact.
    const term = definedTerm(card);
    if (seen.some((other) => isSameFact(other, fact)) || (term !== null && defined.has(term))) {
      reject(REJECTIONS.duplicate);
      continue;
    }
    seen.push(fact);
    if (term !== null) defined.add(term);
    if (question !== null) asked.add(question);
    kept.push(card);
  }
  return { cards: kept, rejected };
}

/** A question as compared for repeats: lower case, no articles, spaces or final mark. */
export function sameQuestionKey(front: string): string {
  return front
    .toLowerCase()
    .replace(/\b(?:a|an|the)\b/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The cards that pass {@link checkCards}. */
export function postprocessCards(
  cards: CandidateCard[],
  options: PostprocessOptions,
): CandidateCard[] {
  return checkCards(cards, options).cards;
}
