import { clozeFullText, clozeNumbers, parseCloze, validateCloze } from '../card-content/cloze';
import { splitSentences } from '../content/scan';
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

/**
 * A content prepared once for the checks of many cards: its sentences, their normalised forms
 * and its word set (re-reading a 500,000-character text for every candidate card is what made
 * large documents slow).
 */
export interface ContentIndex {
  sentences: string[];
  normalised: string[];
  all: string;
  words: Set<string>;
}

export function indexContent(content: string): ContentIndex {
  const found = splitSentences(content);
  const sentences = found.length > 0 ? found : [content];
  const normalised = sentences.map(normalise);
  return {
    sentences,
    normalised,
    all: normalised.filter(Boolean).join(' '),
    words: new Set(words(content)),
  };
}

const indexOf = (content: string | ContentIndex) =>
  typeof content === 'string' ? indexContent(content) : content;

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

/** The passage of `content` a quote comes from, as written there, or null when absent. */
export function locateQuote(quote: string, content: string | ContentIndex): string | null {
  const target = normalise(quote);
  if (!target) return null;
  const index = indexOf(content);
  if (!index.all.includes(target)) return null;
  const { sentences, normalised } = index;
  for (let size = 1; size <= 3; size++) {
    for (let start = 0; start + size <= sentences.length; start++) {
      const passage = normalised
        .slice(start, start + size)
        .filter(Boolean)
        .join(' ');
      if (passage.includes(target)) {
        return sentences
          .slice(start, start + size)
          .join('')
          .trim();
      }
    }
  }
  return null;
}

interface Fact {
  context: string;
  answer: string;
}

/** What a card tests: its context (question or sentence) and its answer. */
function factOf(card: CandidateCard): Fact {
  const answer = answerOf(card);
  return { context: card.type === 'cloze' ? card.back : `${card.front} ${card.back}`, answer };
}

/**
 * Near-duplicates test the same fact: similar context and similar answer. Two cloze deletions
 * of one sentence with different answers are different cards; a Q&A and a cloze card asking for
 * the same term in the same sentence are the same fact.
 */
function isSameFact(a: Fact, b: Fact): boolean {
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

/**
 * The checks every generated card passes, whichever generator made it: a requested type;
 * non-empty sides; a valid cloze (with its back filled in when missing); an answer that is not
 * a stop word, not the whole passage, and supported by the content; a source passage that is
 * in the content; no near-duplicate in the job or in the deck; at most `range.max` cards.
 */
export function postprocessCards(
  cards: CandidateCard[],
  options: PostprocessOptions,
): CandidateCard[] {
  const kept: CandidateCard[] = [];
  const seen = (options.existing ?? []).map(factOf);
  const content = indexContent(options.content);
  for (const raw of cards) {
    if (kept.length >= options.range.max) break;
    if (!options.cardTypes.includes(raw.type)) continue;
    const card = { ...raw, front: raw.front.trim(), back: raw.back.trim() };
    if (!card.front) continue;
    if (card.type === 'cloze') {
      if (validateCloze(card.front).length > 0 || clozeNumbers(card.front).length === 0) continue;
      if (!card.back) card.back = clozeFullText(card.front);
    }
    if (!card.back) continue;
    const answer = answerOf(card).trim();
    const answerWords = words(answer);
    if (answerWords.length === 0) continue;
    if (answerWords.every((word) => STOP_WORDS.has(word))) continue;
    const quote = locateQuote(card.sourceQuote, content) ?? locateQuote(answer, content);
    if (!quote) continue;
    if (card.type === 'qa' && normalise(answer) === normalise(quote)) continue;
    if (!isSupported(answer, content)) continue;
    const fact = factOf(card);
    if (seen.some((other) => isSameFact(other, fact))) continue;
    seen.push(fact);
    kept.push({ ...card, sourceQuote: quote });
  }
  return kept;
}
