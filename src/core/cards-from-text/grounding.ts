/**
 * Where a quote is in a text, whatever the line breaks: the text as a sequence of words, each
 * with its place in the original, so that a quote is found when its words occur in that order
 * (whitespace, hard wraps, punctuation, case and hyphenated line ends like 'photo-\nsynthesis'
 * ignored), and kept as the sentence(s) holding it. Built in one pass; a quote is looked up
 * from its rarest word, so checking hundreds of quotes against a 500,000-character text stays
 * near-linear.
 */
import { blankClozeSyntax } from '../content/scan';
import { passageAround } from './passages';
import { joinedByMarkup, maskMarkup, matchStem, numberTokens, type Token } from './quote-normalise';
import { WORD_PATTERN } from './text-tools';

/** A text's words (lower case) and where each is in the text. */
export interface WordSequence {
  words: string[];
  starts: number[];
  ends: number[];
}

/** True when the hyphen at `from` (before the word at `to`) breaks a word at a line end. */
function breaksWord(text: string, from: number, to: number): boolean {
  const hyphen = text[from];
  if (hyphen === '\u00ad') return true; // a soft hyphen is only ever a break
  if (to <= from + 1 || (hyphen !== '-' && hyphen !== '\u2010')) return false;
  let lineBreak = false;
  for (let at = from + 1; at < to; at++) {
    const char = text[at] as string;
    if (char === '\n') lineBreak = true;
    else if (char !== ' ' && char !== '\t' && char !== '\r') return false;
  }
  return lineBreak;
}

const foldWord = (word: string) => word.toLowerCase().replace('’', "'");

/**
 * The words of `text` with their offsets, in one pass of WORD_PATTERN over the text with its
 * markup blanked (quote-normalise.ts), numbers read as numbers and words reduced to their
 * stem. With `joinBreaks`, a word broken by a hyphen at a line end is one word
 * ('photo-\nsynthesis' → 'photosynthesis'); a hyphen within a line always separates
 * ('light-dependent' reads as 'light dependent').
 */
export function wordSequence(text: string, joinBreaks = true): WordSequence {
  const masked = maskMarkup(text);
  const raw: Token[] = [];
  for (const match of masked.matchAll(WORD_PATTERN)) {
    const start = match.index;
    const end = start + match[0].length;
    const word = foldWord(match[0]);
    const previous = raw[raw.length - 1];
    if (
      previous &&
      ((joinBreaks && breaksWord(masked, previous.end, start)) ||
        joinedByMarkup(text, masked, previous.end, start))
    ) {
      previous.form += word;
      previous.end = end;
    } else raw.push({ form: word, start, end });
  }
  const sequence: WordSequence = { words: [], starts: [], ends: [] };
  for (const token of numberTokens(masked, raw)) {
    sequence.words.push(matchStem(token.form));
    sequence.starts.push(token.start);
    sequence.ends.push(token.end);
  }
  return sequence;
}

/** The words a quote is matched by (cloze syntax and markup ignored). */
export const quoteWords = (quote: string, joinBreaks = true) =>
  wordSequence(blankClozeSyntax(quote), joinBreaks).words;

/** A word sequence and where each word occurs in it. */
export interface WordIndex {
  sequence: WordSequence;
  positions: Map<string, number[]>;
}

function wordIndex(sequence: WordSequence): WordIndex {
  const positions = new Map<string, number[]>();
  sequence.words.forEach((word, at) => {
    const list = positions.get(word);
    if (list) list.push(at);
    else positions.set(word, [at]);
  });
  return { sequence, positions };
}

/**
 * A content prepared once for the checks of many cards: its words with words broken at line
 * ends joined, and (only when the text has such breaks) without joining them, for a quote
 * that keeps a compound's hyphen ('self-\ncontained' quoted as 'self-contained'); and the set
 * of all those words.
 */
export interface ContentIndex {
  text: string;
  joined: WordIndex;
  split: WordIndex | null;
  words: Set<string>;
}

export function indexContent(content: string): ContentIndex {
  const joined = wordIndex(wordSequence(content, true));
  const words = new Set(joined.positions.keys());
  let split: WordIndex | null = null;
  const pieces = wordSequence(content, false);
  if (pieces.words.length !== joined.sequence.words.length) {
    split = wordIndex(pieces);
    for (const word of split.positions.keys()) words.add(word);
  }
  return { text: content, joined, split, words };
}

const matchesAt = (words: string[], target: string[], start: number) => {
  if (start < 0 || start + target.length > words.length) return false;
  for (let at = 0; at < target.length; at++) if (words[start + at] !== target[at]) return false;
  return true;
};

/** First place of `target` in `words` by Knuth–Morris–Pratt: O(words + target). */
function searchLinear(words: string[], target: string[]): number {
  const fallback = new Array<number>(target.length).fill(0);
  for (let at = 1, length = 0; at < target.length;) {
    if (target[at] === target[length]) fallback[at++] = ++length;
    else if (length > 0) length = fallback[length - 1] as number;
    else fallback[at++] = 0;
  }
  for (let at = 0, matched = 0; at < words.length;) {
    if (words[at] === target[matched]) {
      at++;
      if (++matched === target.length) return at - matched;
    } else if (matched > 0) matched = fallback[matched - 1] as number;
    else at++;
  }
  return -1;
}

/**
 * Index of the first word of the first occurrence of `target` in the content, or -1. The
 * candidates come from the target's rarest word; when even that word is so common that
 * checking each candidate would cost more than one pass, one linear pass is made instead.
 */
export function findWords(target: string[], index: WordIndex): number {
  if (target.length === 0) return -1;
  let rarest = -1;
  let fewest: number[] = [];
  for (let at = 0; at < target.length; at++) {
    const list = index.positions.get(target[at] as string);
    if (!list) return -1;
    if (rarest < 0 || list.length < fewest.length) [rarest, fewest] = [at, list];
  }
  const { words } = index.sequence;
  if (fewest.length * target.length > words.length) return searchLinear(words, target);
  for (const position of fewest) {
    if (matchesAt(words, target, position - rarest)) return position - rarest;
  }
  return -1;
}

/** Where a quote matched: the passage stored, and the offsets of the quote's first and last word. */
export interface QuoteMatch {
  passage: string;
  from: number;
  to: number;
}

/**
 * The passage of the content a quote comes from, widened to its sentence(s) as written there,
 * with where the quote is; null when the quote's words are not in the content in that order.
 */
export function matchQuote(quote: string, content: string | ContentIndex): QuoteMatch | null {
  const index = typeof content === 'string' ? indexContent(content) : content;
  for (const [form, joinBreaks] of [
    [index.joined, true],
    [index.split, false],
  ] as const) {
    if (!form) continue;
    const target = quoteWords(quote, joinBreaks);
    const first = findWords(target, form);
    if (first >= 0) {
      const { starts, ends } = form.sequence;
      const from = starts[first] as number;
      const to = ends[first + target.length - 1] as number;
      return { passage: passageAround(index.text, from, to), from, to };
    }
  }
  return null;
}

/** The passage of the content a quote comes from (see {@link matchQuote}), or null. */
export function locateQuote(quote: string, content: string | ContentIndex): string | null {
  return matchQuote(quote, content)?.passage ?? null;
}
