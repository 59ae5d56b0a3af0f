import { clozeFullText, clozeNumbers, parseCloze, validateCloze } from '../card-content/cloze';
import { hasLongDeletion, isGiveaway } from './card-checks';
import { type ContentIndex, indexContent, locateQuote } from './grounding';
import { contentWords, normalise, similarity, STOP_WORDS, words } from './text-tools';

export interface CandidateCard {
  type: 'qa' | 'cloze';
  front: string;
  back: string;
  sourceQuote: string;
}

/** Cards at least this similar (content-word Jaccard) count as near-duplicates. */
export const DUPLICATE_SIMILARITY = 0.8;
/** Share of an answer's content words that must occur in the source. */
export const SUPPORTED_SHARE = 0.75;

/** The answer a card tests: the back of a Q&A card, the deleted text of a cloze card. */
export function answerOf(card: CandidateCard): string {
  if (card.type === 'qa') return card.back;
  return parseCloze(card.front)
    .segments.flatMap((segment) => (segment.kind === 'cloze' ? [segment.answer] : []))
    .join(' ');
}

/** True when the answer's content words occur in the text (SUPPORTED_SHARE of them). */
export function isSupported(answer: string, source: string | ContentIndex): boolean {
  const answerWords = contentWords(answer);
  const sourceWords = typeof source === 'string' ? new Set(words(source)) : source.words;
  if (answerWords.length === 0) {
    // Numbers and short names are content too; stop words alone are not an answer.
    const all = words(answer);
    return all.length > 0 && all.every((word) => sourceWords.has(word) && !STOP_WORDS.has(word));
  }
  const found = answerWords.filter((word) => sourceWords.has(word)).length;
  return found / answerWords.length >= SUPPORTED_SHARE;
}

/** What a card tests: its context (question or sentence) and its answer. */
export interface Fact {
  context: string;
  answer: string;
}

export function factOf(card: CandidateCard): Fact {
  const answer = answerOf(card);
  return { context: card.type === 'cloze' ? card.back : `${card.front} ${card.back}`, answer };
}

/**
 * Near-duplicates test the same fact: similar context and similar answer. Two cloze deletions
 * of one sentence with different answers are different cards; a Q&A and a cloze card asking for
 * the same term in the same sentence are the same fact.
 */
export function isSameFact(a: Fact, b: Fact): boolean {
  return (
    similarity(a.answer, b.answer) >= DUPLICATE_SIMILARITY &&
    (similarity(a.context, b.context) >= 0.5 || normalise(a.answer) === normalise(b.answer))
  );
}

export interface PostprocessOptions {
  content: string;
  cardTypes: ('qa' | 'cloze')[];
  range: { min: number; max: number };
  /** The deck's cards: a new card too similar to one of them is dropped. */
  existing?: CandidateCard[];
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
} as const;

export type Rejection = (typeof REJECTIONS)[keyof typeof REJECTIONS];

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
  if (card.type === 'cloze') {
    if (validateCloze(card.front).length > 0 || clozeNumbers(card.front).length === 0) {
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
  const quote = locateQuote(card.sourceQuote, content) ?? locateQuote(answer, content);
  if (!quote) return REJECTIONS.notFound;
  if (card.type === 'qa' && normalise(answer) === normalise(quote)) return REJECTIONS.wholePassage;
  if (isGiveaway(card)) return REJECTIONS.giveaway;
  if (!isSupported(answer, content)) return REJECTIONS.unsupported;
  return { ...card, sourceQuote: quote };
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
  const content = indexContent(options.content);
  for (const raw of cards) {
    if (kept.length >= options.range.max) break;
    const card = checkCard(raw, options, content);
    if (typeof card === 'string') {
      reject(card);
      continue;
    }
    const fact = factOf(card);
    if (seen.some((other) => isSameFact(other, fact))) {
      reject(REJECTIONS.duplicate);
      continue;
    }
    seen.push(fact);
    kept.push(card);
  }
  return { cards: kept, rejected };
}

/** The cards that pass {@link checkCards}. */
export function postprocessCards(
  cards: CandidateCard[],
  options: PostprocessOptions,
): CandidateCard[] {
  return checkCards(cards, options).cards;
}
