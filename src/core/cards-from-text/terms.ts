import type { ProseSentence, Token } from './analysis';
import { isTrivialAnswer } from './quality';

/**
 * Key terms: noun phrases scored by how rare their words are in general English (a Zipf value
 * from a word-frequency list, injected: `src/core` does no I/O), how often the text comes back
 * to them, and where they stand (headings, definitions, first sentences of sections).
 */

/** Zipf frequency of a lower-case word in general English (0 when unknown; 'the' ≈ 7.5). */
export type WordFrequency = (word: string) => number;

export interface TermSpan {
  text: string;
  /** Lemma of the last word: 'stacks' and 'stack' are one term. */
  head: string;
  /** Mean rarity of its content words, 0 (everyday) to 7 (unknown). */
  rarity: number;
}

const TERM_POS = /^(?:ADJ|NOUN|PROPN)$/;
const HEAD_POS = /^(?:NOUN|PROPN)$/;
/** A word a term may hold: letters, with inner hyphens or apostrophes. */
const TERM_WORD = /^\p{L}[\p{L}'’-]*$/u;

export function rarityOf(word: string, frequency: WordFrequency): number {
  const zipf = frequency(word.toLowerCase());
  return Math.max(0, Math.min(7, 7 - zipf));
}

/** Noun phrases of a sentence (at most four words, ending in a noun), as written there. */
export function nounPhrases(sentence: ProseSentence, frequency: WordFrequency): TermSpan[] {
  const spans: TermSpan[] = [];
  const tokens = sentence.tokens;
  for (let start = 0; start < tokens.length; start++) {
    if (!isTermToken(tokens[start])) continue;
    let end = start;
    while (isTermToken(tokens[end + 1])) end++;
    // Leading everyday adjectives ('new', 'other', 'important') are not part of a term.
    let from = start;
    while (
      from < end &&
      tokens[from]?.pos === 'ADJ' &&
      rarityOf(tokens[from]?.text ?? '', frequency) < 3.5
    ) {
      from++;
    }
    let to = end;
    while (to >= from && !HEAD_POS.test(tokens[to]?.pos ?? '')) to--;
    // 'Rust attempts to …', 'the closure tries to …': the last word is a verb after all.
    if (to > from && tokens[to + 1]?.text === 'to' && /s$/.test(tokens[to]?.text ?? '')) to--;
    // A plural noun rarely modifies the next one: 'dependency graphs scale up', 'its
    // dependencies use links' end at the plural.
    const before = tokens[to - 1];
    if (
      to > from &&
      before &&
      ((before.pos === 'NOUN' &&
        before.text.toLowerCase() !== before.lemma &&
        /s$/.test(before.text)) ||
        /^[A-Z]{2,}s$/.test(before.text))
    ) {
      to--;
    }
    // A last word in -s after a name or before an object is a verb: 'JavaScript loads',
    // 'the function tests value'.
    const last = tokens[to];
    if (
      to > from &&
      last &&
      /[^s]s$/.test(last.text) &&
      (tokens[to - 1]?.pos === 'PROPN' ||
        /^(?:DET|PRON|NUM|NOUN|ADJ|ADV)$/.test(tokens[to + 1]?.pos ?? ''))
    ) {
      to--;
    }
    // The compound goes on after the run ('zip' of 'zip file'): not a whole term.
    const complete = to !== end || tokens[end + 1]?.pos !== 'NOUN';
    if (to >= from && complete) {
      const run = tokens.slice(Math.max(from, to - 3), to + 1);
      const span = spanOf(run, sentence.text, frequency);
      if (span) spans.push(span);
    }
    start = end;
  }
  return spans;
}

function isTermToken(token: Token | undefined): boolean {
  return (
    token !== undefined && TERM_POS.test(token.pos) && !token.stop && TERM_WORD.test(token.text)
  );
}

function spanOf(run: Token[], sentence: string, frequency: WordFrequency): TermSpan | null {
  const text = run.map((token) => token.text).join(' ');
  if (!sentence.includes(text) || isTrivialAnswer(text)) return null;
  const at = sentence.indexOf(text);
  // Whole words only, and never a piece of inline code.
  if (/[\p{L}\p{N}_`.:/-]/u.test(sentence[at - 1] ?? '')) return null;
  if (/[\p{L}\p{N}_`-]/u.test(sentence[at + text.length] ?? '')) return null;
  // Not the tail of a name ('React {Router}'): the word before is capitalised mid-sentence.
  const before = /(\S+)\s+$/u.exec(sentence.slice(Math.max(0, at - 40), at))?.[1] ?? '';
  if (
    at > 0 &&
    /^\p{Lu}/u.test(text) &&
    /^\p{Lu}[\p{L}]*$/u.test(before) &&
    !/[.!?:]$/.test(before)
  ) {
    if (sentence.slice(0, at).trim() !== before) return null;
  }
  // Not part of a dotted name ('Cargo.toml', 'crates.io', 'POSIX.2').
  if (/^\.[\p{L}\p{N}]/u.test(sentence.slice(at + text.length, at + text.length + 2))) return null;
  const rarities = run.map((token) => rarityOf(token.text, frequency));
  const rarity = rarities.reduce((sum, value) => sum + value, 0) / rarities.length;
  return { text, head: run[run.length - 1]?.lemma ?? text.toLowerCase(), rarity };
}

export interface TermStats {
  /** Sentences mentioning each head lemma. */
  mentions: Map<string, number>;
  /** How many prose sentences the text has. */
  sentences: number;
  /**
   * What the whole text is about ('yauzl' in yauzl's README; 'code', 'Rust' and 'function' in a
   * Rust chapter): the nouns named everywhere. Hiding one teaches nothing.
   */
  topics: Set<string>;
  /** Head lemmas of the words in headings. */
  headingWords: Set<string>;
}

export function termStats(sentences: ProseSentence[], headings: string[]): TermStats {
  const mentions = new Map<string, number>();
  for (const sentence of sentences) {
    const seen = new Set<string>();
    for (const token of sentence.tokens) {
      if (HEAD_POS.test(token.pos) && !seen.has(token.lemma)) {
        seen.add(token.lemma);
        mentions.set(token.lemma, (mentions.get(token.lemma) ?? 0) + 1);
      }
    }
  }
  const headingWords = new Set<string>();
  for (const heading of headings) {
    for (const word of heading.toLowerCase().match(/\p{L}+/gu) ?? []) {
      headingWords.add(word);
      if (word.endsWith('s')) headingWords.add(word.slice(0, -1));
    }
  }
  const topics = new Set<string>();
  if (sentences.length >= 8) {
    let most = '';
    for (const [lemma, count] of mentions) {
      if (count >= sentences.length * 0.2) topics.add(lemma);
      if (count > (mentions.get(most) ?? 0)) most = lemma;
    }
    if ((mentions.get(most) ?? 0) >= sentences.length * 0.1) topics.add(most);
  }
  return { mentions, headingWords, sentences: sentences.length, topics };
}

/** True when the text names a subject's word often or in a heading ('the heap' in a chapter on it). */
export function namedOften(subject: string, stats: TermStats): boolean {
  const word = subject.split(' ').pop()?.toLowerCase() ?? '';
  const lemma = word.replace(/s$/, '');
  const mentions = Math.max(stats.mentions.get(word) ?? 0, stats.mentions.get(lemma) ?? 0);
  return mentions >= 3 || stats.headingWords.has(lemma) || stats.headingWords.has(word);
}

/**
 * How much a term is worth learning: rare in general English, recurring in this text, named in
 * a heading. A term of everyday words only ('the way', 'some time') scores near zero.
 */
export function termScore(term: TermSpan, stats: TermStats): number {
  const mentions = stats.mentions.get(term.head) ?? 1;
  const recurrence = Math.log2(1 + Math.min(mentions, 20));
  const heading = stats.headingWords.has(term.head) ? 1.5 : 1;
  const words = term.text.split(' ').length;
  const rarity = Math.max(0, term.rarity - 1.5);
  // The text's topic itself ('Rust' in a Rust tutorial) is named everywhere: hiding it
  // teaches nothing.
  const topic = stats.sentences >= 8 && mentions / stats.sentences > 0.25 ? 0.3 : 1;
  // One everyday word ('user', 'data', 'browser') is rarely the point of a sentence.
  const generic = words === 1 && term.rarity < 3.4 && mentions < 4 ? 0.4 : 1;
  return rarity * recurrence * heading * topic * generic * (words > 1 ? 1.5 : 1);
}

/**
 * The text's key terms: the head lemmas of its best-scoring noun phrases, as many as a text of
 * its length can teach (a quarter of its prose sentences, 12 to 60). A cloze deletion hides one
 * of them; a sentence without one is not worth a card.
 */
export function keyTermHeads(
  sentences: ProseSentence[],
  stats: TermStats,
  frequency: WordFrequency,
): Set<string> {
  const best = new Map<string, number>();
  for (const sentence of sentences) {
    if (sentence.tokens.length === 0) continue;
    for (const term of nounPhrases(sentence, frequency)) {
      const score = termScore(term, stats);
      if (score > (best.get(term.head) ?? 0)) best.set(term.head, score);
    }
  }
  const count = Math.max(12, Math.min(60, Math.round(sentences.length / 4)));
  const ranked = [...best.entries()]
    .filter(([, score]) => score >= 1.5)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return new Set(ranked.slice(0, count).map(([head]) => head));
}

/** A WordFrequency from a list of word counts (e.g. SUBTLEX-US): Zipf = log10(per billion). */
export function zipfFrequency(list: readonly { word: string; count: number }[]): WordFrequency {
  const counts = new Map<string, number>();
  let total = 0;
  for (const { word, count } of list) {
    const lower = word.toLowerCase();
    counts.set(lower, (counts.get(lower) ?? 0) + count);
    total += count;
  }
  const zipf = new Map<string, number>();
  for (const [word, count] of counts) zipf.set(word, Math.log10((count / total) * 1e9));
  return (word) => zipf.get(word) ?? 0;
}
