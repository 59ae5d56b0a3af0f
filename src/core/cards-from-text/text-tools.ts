/** Small text helpers shared by the generators and the post-processing. */
import { blankClozeSyntax } from '../content/scan';

/** A word: letters and digits, with an apostrophe ending ("cell's"). One pass, no rescans. */
export const WORD_PATTERN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** Words that never make an answer on their own. */
export const STOP_WORDS = new Set(
  `a an the and or but if then else of in on at by for with about against between into through
  during before after above below to from up down out off over under again further once here
  there when where why how all any both each few more most other some such no nor not only own
  same so than too very can will just should now is are was were be been being have has had do
  does did it its it's this that these those i you he she we they them his her their our your my
  me him us what which who whom whose as also may might must shall would could one`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower-case words of a text, without punctuation or cloze/markdown syntax. */
export function words(text: string): string[] {
  return blankClozeSyntax(text.toLowerCase()).match(WORD_PATTERN) ?? [];
}

/** The words of a text that carry meaning (not stop words). */
export function contentWords(text: string): string[] {
  return words(text).filter((word) => !STOP_WORDS.has(word));
}

export function normalise(text: string): string {
  return words(text).join(' ');
}

/** Jaccard similarity of two texts' content-word sets (0..1). */
export function similarity(a: string, b: string): number {
  const left = new Set(contentWords(a));
  const right = new Set(contentWords(b));
  if (left.size === 0 && right.size === 0) return normalise(a) === normalise(b) ? 1 : 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / (left.size + right.size - shared);
}
