import { clozeAnswerText, parseCloze } from '../card-content/cloze';
import { answerIsOn, MAX_CLOZE_WORDS } from './card-checks';
import type { CandidateCard } from './postprocess';
import { STOP_WORDS, words } from './text-tools';

/**
 * The automated side of the four checks a generated card must pass (issue 10): self-contained
 * (no dangling pronoun or fragment), worth learning (no trivial answer), not a giveaway, and
 * well-formed. Both generators' cards go through `cardProblems`; `npm run eval:cards` reports
 * them per text. Each check reads a card in linear time.
 */

export type CardProblem = 'dangling' | 'trivial' | 'giveaway' | 'malformed';

/** Words that make a front lean on a sentence the learner does not see. */
const DANGLING_START =
  /^(?:it|its|this|that|these|those|they|them|their|he|she|his|her|such|also|however|therefore|thus|then|so|but|and|or|another|both|instead|otherwise|similarly|likewise|finally|next|now|here|there(?:fore)?|which|whose)\b/i;

/** True when the answer carries no learnable content: a stop word, a number piece, a URL part. */
export function isTrivialAnswer(answer: string): boolean {
  const list = words(answer);
  if (list.length === 0 || list.every((word) => STOP_WORDS.has(word))) return true;
  if (/(?:https?:|www\.|\.com\b|\.org\b|@)/i.test(answer)) return true;
  if (/^(?:https?|www|ftp|mailto|com|org|net|html?|pdf)$/i.test(answer.trim())) return true;
  if (/[$€£¥]\s?\d|\b(?:US\$|USD|EUR)\b/.test(answer)) return true;
  if (/^\s*(?:pp?\.|no\.|vol\.|ISBN)/i.test(answer)) return true;
  // Code: 'fn()', '{', '=>'; a prose aside in brackets ('(raw materials, …)') is no code.
  if (/[`{};=<>]|\w\(|\(\)|::|\w_\w/.test(answer)) return true;
  if (/^(?:null|true|false|undefined|none|nan|void|self|this)$/i.test(answer.trim())) return true;
  // A bare number is trivia unless it is a year or an amount with its unit.
  if (/^\d[\d,.]*$/.test(answer.trim()) && !/^(?:1\d{3}|20\d\d)$/.test(answer.trim())) return true;
  return list.length === 1 && (list[0] as string).length < 3 && !/\d/.test(answer);
}

/** Brackets and quotes that open and close in order. */
export function balanced(text: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const char of text) {
    if (char === '(' || char === '[' || char === '{') stack.push(char);
    else if (char in pairs) {
      if (stack.pop() !== pairs[char]) return false;
    }
  }
  if (stack.length > 0) return false;
  let quotes = 0;
  for (const char of text) if (char === '"') quotes++;
  return quotes % 2 === 0;
}

function clozeParts(front: string): { answer: string; rest: string } {
  const segments = parseCloze(front).segments;
  let answer = '';
  let rest = '';
  for (const segment of segments) {
    if (segment.kind === 'cloze') answer += `${clozeAnswerText(segment)} `;
    else rest += segment.text;
  }
  return { answer: answer.trim(), rest };
}

/** What is wrong with a card, by the automated checks; an empty list when nothing is. */
export function cardProblems(card: CandidateCard): CardProblem[] {
  const problems: CardProblem[] = [];
  const front = card.front.trim();
  if (card.type === 'qa') {
    const answer = card.back.trim();
    if (
      DANGLING_START.test(front) ||
      /^(?:what|which|who|when|how)\s+(?:is|are|was|were|does|do|did)\s+(?:it|this|that|they|these|those)\b/i.test(
        front,
      )
    ) {
      problems.push('dangling');
    }
    if (isTrivialAnswer(answer)) problems.push('trivial');
    if (answerIsOn(answer, front)) problems.push('giveaway');
    const question = front.endsWith('?') && words(front).length >= 3;
    if (!question || /_{3,}/.test(front) || !balanced(front) || !balanced(answer)) {
      problems.push('malformed');
    }
    return problems;
  }
  const { answer, rest } = clozeParts(front);
  if (DANGLING_START.test(rest.trim()) && !front.startsWith('{{')) problems.push('dangling');
  if (isTrivialAnswer(answer)) problems.push('trivial');
  if (answerIsOn(answer, rest)) problems.push('giveaway');
  const sentence = /^[{\p{Lu}\d"“]/u.test(front) && /[.!]["”)]?$/.test(front);
  if (
    !sentence ||
    words(answer).length > MAX_CLOZE_WORDS ||
    words(rest).length < 4 ||
    !balanced(rest)
  ) {
    problems.push('malformed');
  }
  return problems;
}
