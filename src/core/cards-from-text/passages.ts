/**
 * The sentence(s) around a place in a text, as written there: sentence ends that survive
 * abbreviations ('e.g.', 'Dr.', 'vol.', 'U.S.'), decimals and numbered list items; blank
 * lines, headings and list items as boundaries; at most WIDEN_LIMIT characters each way, so
 * widening hundreds of passages of a long text stays linear.
 */
import { CLOSERS, isDigit, isSentenceEnd, isSpace } from './sentences';

/** How far a quote is widened on each side to reach a sentence boundary. */
export const WIDEN_LIMIT = 400;

/** True when a blank line (a line break, spaces, a line break) starts at `at`. */
function blankLineAt(text: string, at: number): boolean {
  if (text[at] !== '\n') return false;
  const limit = Math.min(text.length, at + WIDEN_LIMIT);
  for (let next = at + 1; next < limit; next++) {
    const char = text[next];
    if (char === '\n') return true;
    if (!isSpace(char)) return false;
  }
  return false;
}

/**
 * What the line starting at `at` begins: a Markdown heading ('#'), a list item ('- ', '* ',
 * '• ', '1. ', '2) ') or neither. A passage never runs into or out of a heading, nor from one
 * list item into the next.
 */
export function blockAt(text: string, at: number): 'heading' | 'item' | null {
  let first = at;
  while (first < at + 4 && (text[first] === ' ' || text[first] === '\t')) first++;
  const char = text[first];
  if (char === '#') return 'heading';
  if (char === '•') return 'item';
  if (char === '-' || char === '*' || char === '+') return text[first + 1] === ' ' ? 'item' : null;
  let end = first;
  while (end < first + 3 && isDigit(text[end])) end++;
  const numbered = end > first && (text[end] === '.' || text[end] === ')') && text[end + 1] === ' ';
  return numbered ? 'item' : null;
}

/**
 * Where a passage holding the line after `lineBreak` (-1: the first line) starts, when the
 * line starting at `lineStart` begins a block: after a heading; at a list item (its own line,
 * or the item the wrapped line belongs to). Null when that line begins no block.
 */
function blockStart(text: string, lineStart: number, lineBreak: number): number | null {
  const block = blockAt(text, lineStart);
  if (block === null) return null;
  return block === 'heading' && lineBreak >= 0 ? lineBreak + 1 : lineStart;
}

/** Where the sentence holding offset `from` starts (at most WIDEN_LIMIT back). */
function sentenceStart(text: string, from: number): number {
  const limit = Math.max(0, from - WIDEN_LIMIT);
  // The nearest line break before `from` passed so far, and whether only spaces lie after it:
  // a second line break then makes a blank line.
  let lineBreak = -1;
  let afterLineBreak = false;
  for (let at = from - 1; at >= limit; at--) {
    const char = text[at] as string;
    if (char === '\n') {
      if (afterLineBreak) return at + 1;
      const block = blockStart(text, at + 1, lineBreak);
      if (block !== null) return block;
      afterLineBreak = true;
      lineBreak = at;
    } else if (!isSpace(char)) {
      if (isSentenceEnd(text, at)) return at + 1;
      afterLineBreak = false;
    }
  }
  if (limit === 0) return blockStart(text, 0, lineBreak) ?? 0;
  const space = text.indexOf(' ', limit);
  return space >= 0 && space < from ? space + 1 : limit;
}

/**
 * Where the sentence holding offset `from` ends (after its closing punctuation); a passage
 * within a heading's line (from `start`) ends with that line.
 */
function sentenceEnd(text: string, start: number, from: number): number {
  const limit = Math.min(text.length, from + WIDEN_LIMIT);
  const lineEnd = text.indexOf('\n', start);
  const heading = blockAt(text, start) === 'heading' && (lineEnd < 0 || lineEnd >= from);
  for (let at = from; at < limit; at++) {
    if (text[at] === '\n' && (heading || blankLineAt(text, at) || blockAt(text, at + 1))) return at;
    if (isSentenceEnd(text, at)) {
      let end = at + 1;
      while (end < text.length && CLOSERS.includes(text[end] as string)) end++;
      return end;
    }
  }
  if (limit === text.length) return limit;
  const space = text.lastIndexOf(' ', limit);
  return space > from ? space : limit;
}

/** The sentence(s) of `text` holding the offsets `from`..`to`, as written there. */
export function passageAround(text: string, from: number, to: number): string {
  const start = sentenceStart(text, from);
  const end = sentenceEnd(text, start, to);
  return text.slice(start, end).trim();
}

/** How far the paragraph an answer is checked against reaches on each side of its quote. */
export const PARAGRAPH_LIMIT = 1500;

/**
 * The paragraph holding the offsets `from`..`to` (from the blank line before to the blank
 * line after, at most PARAGRAPH_LIMIT characters each way): what a card's answer may draw on
 * besides its quoted sentence.
 */
export function paragraphAround(text: string, from: number, to: number): string {
  const floor = Math.max(0, from - PARAGRAPH_LIMIT);
  let start = from;
  while (start > floor && !blankLineAt(text, start - 1)) start--;
  const ceiling = Math.min(text.length, to + PARAGRAPH_LIMIT);
  let end = to;
  while (end < ceiling && !blankLineAt(text, end)) end++;
  return text.slice(start, end);
}
