/**
 * Checks on a card's own text (no source needed): a giveaway (the answer, or a form of it, is
 * on the front) and a cloze deletion too long to be a key term. Shared by both generators.
 */
import { clozeAnswerText, parseCloze } from '../card-content/cloze';
import { contentWords, words } from './text-tools';

/** A cloze deletion longer than this many words hides a passage, not a key term. */
export const MAX_CLOZE_WORDS = 6;

const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ies', 'ied', 'es', 'ed', 's', 'ly'];

/** A crude stem: the word without one common English ending ('cells' → 'cell'). */
export function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      return word.slice(0, -suffix.length);
    }
  }
  return word;
}

/** True when two words are forms of one another ('evaporation', 'evaporates'). */
export function sameWordForm(a: string, b: string): boolean {
  if (a === b) return true;
  const [left, right] = [stem(a), stem(b)];
  if (left === right) return true;
  const shorter = left.length <= right.length ? left : right;
  const longer = shorter === left ? right : left;
  return shorter.length >= 5 && longer.startsWith(shorter);
}

/**
 * True when the front gives the answer away: the words of `answer` that carry meaning (or, for
 * an answer of stop words and numbers only, all its words) are on `front`, as written or in
 * another form: more than half of them ('Which cells hold chlorophyll?' gives away 'Cell';
 * 'What does React state provide?' does not give away 'A simple solution for temporary state
 * storage').
 */
export function answerIsOn(answer: string, front: string): boolean {
  const wanted = [...new Set(contentWords(answer))];
  const needed = wanted.length > 0 ? wanted : [...new Set(words(answer))];
  if (needed.length === 0) return false;
  const shown = words(front);
  const found = needed.filter((word) => shown.some((other) => sameWordForm(word, other))).length;
  return found / needed.length > 0.5;
}

/** The deletions of a cloze text and the text a learner sees around them. */
function clozeParts(front: string) {
  const { segments } = parseCloze(front);
  const answers: string[] = [];
  let visible = '';
  for (const segment of segments) {
    if (segment.kind === 'cloze') answers.push(clozeAnswerText(segment));
    else visible += ` ${segment.text}`;
  }
  return { answers, visible };
}

/** A Q&A card whose answer is on its front, or a cloze whose deletion shows around it. */
export function isGiveaway(card: { type: 'qa' | 'cloze'; front: string; back: string }): boolean {
  if (card.type === 'qa') return answerIsOn(card.back, card.front);
  const { answers, visible } = clozeParts(card.front);
  return answers.some((answer) => answerIsOn(answer, visible));
}

/** True when a deletion of the cloze text is longer than MAX_CLOZE_WORDS words. */
export function hasLongDeletion(front: string): boolean {
  return clozeParts(front).answers.some((answer) => words(answer).length > MAX_CLOZE_WORDS);
}

/**
 * True when a word of the answer and a word of the rest share a root (seven letters or more,
 * and most of the shorter word): the sentence answers its own cloze ('In an
 * {{c1::individualist system}}, individuals take precedence …'). Used by the built-in
 * generator for its deletions.
 */
export function sharesRoot(answer: string, rest: string): boolean {
  const words = (text: string) => text.toLowerCase().match(/\p{L}{7,}/gu) ?? [];
  const others = words(rest);
  // 'individualist' / 'individuals' share a root; 'chloroplasts' / 'chlorophyll' only a
  // prefix: the common start must be seven letters and most of the shorter word.
  const common = (a: string, b: string) => {
    let length = 0;
    while (length < a.length && a[length] === b[length]) length++;
    return length;
  };
  return words(answer).some((word) =>
    others.some((other) => {
      const shared = common(word, other);
      return shared >= 7 && shared >= 0.8 * Math.min(word.length, other.length);
    }),
  );
}
