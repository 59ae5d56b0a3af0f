/**
 * Linear-time text scanners for user content. A regular expression that starts with an
 * unbounded class, or that ends with one followed by an anchor, rescans the same text from
 * every start position: O(n²) on a long line (300,000 × 'A' froze the server). What such a
 * pattern did is done here by a scanner that visits each character a bounded number of times.
 */

/** What `\s` and `trim()` count as whitespace; ASCII answered without a call. */
const isWhitespace = (char: string) => {
  const code = char.charCodeAt(0);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return char.trim() === '';
};

/**
 * `text` without its leading whitespace and characters of `startChars`, and its trailing
 * whitespace and characters of `endChars` (what `/^[\s…]+|[\s…]+$/g` does, without trying the
 * end pattern from every position of a long run inside the text).
 */
export function trimChars(text: string, startChars: string, endChars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isTrimmed(text[start] as string, startChars)) start++;
  while (end > start && isTrimmed(text[end - 1] as string, endChars)) end--;
  return text.slice(start, end);
}

const isTrimmed = (char: string, chars: string) => chars.includes(char) || isWhitespace(char);

/** `text` without its trailing whitespace and characters of `chars`. */
export function trimCharsEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && isTrimmed(text[end - 1] as string, chars)) end--;
  return text.slice(0, end);
}

const SENTENCE_END = '.!?';

/**
 * The sentences of a text, as written (leading spaces kept): runs of characters up to and
 * including a run of '.', '!' or '?'; the end of the text ends one too, a line break does not
 * (what `/[^.!?\n]+(?:[.!?]+|$)/g` found, without rescanning a long line for every start).
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let index = 0;
  const length = text.length;
  while (index < length) {
    const char = text[index] as string;
    if (char === '\n') {
      // A line that does not end a sentence is not one (a heading, a list item).
      start = ++index;
    } else if (SENTENCE_END.includes(char)) {
      while (index < length && SENTENCE_END.includes(text[index] as string)) index++;
      if (index > start) out.push(text.slice(start, index));
      start = index;
    } else index++;
  }
  if (index > start) out.push(text.slice(start, index));
  return out.filter((piece) => !SENTENCE_END.includes(piece.trim()[0] ?? '.'));
}

/**
 * Paragraphs of a text: pieces separated by one or more blank (whitespace-only) lines, each
 * trimmed; empty ones left out.
 */
export function splitParagraphs(text: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  const flush = () => {
    const paragraph = current.join('\n').trim();
    if (paragraph) out.push(paragraph);
    current = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') flush();
    else current.push(line);
  }
  flush();
  return out;
}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/**
 * Replaces cloze syntax by spaces: a `{{cN::` opener, a `::hint}}` tail and a `}}` closer
 * (what `/\{\{c\d+::|::[^}]*\}\}|\}\}/g` meant, without its rescans of a long run of ':').
 */
export function blankClozeSyntax(text: string): string {
  let out = '';
  let copied = 0;
  let nextBrace = -1;
  const length = text.length;
  let index = 0;
  while (index < length) {
    const char = text[index];
    if (
      char === '{' &&
      text[index + 1] === '{' &&
      text[index + 2] === 'c' &&
      isDigit(text[index + 3])
    ) {
      let end = index + 3;
      while (isDigit(text[end])) end++;
      if (text[end] === ':' && text[end + 1] === ':') {
        out += `${text.slice(copied, index)} `;
        index = copied = end + 2;
        continue;
      }
    }
    if (char === ':' && text[index + 1] === ':') {
      if (nextBrace < index + 2) nextBrace = text.indexOf('}', index + 2);
      if (nextBrace < 0) nextBrace = length;
      if (text[nextBrace] === '}' && text[nextBrace + 1] === '}') {
        out += `${text.slice(copied, index)} `;
        index = copied = nextBrace + 2;
        continue;
      }
    }
    if (char === '}' && text[index + 1] === '}') {
      out += `${text.slice(copied, index)} `;
      index = copied = index + 2;
      continue;
    }
    index++;
  }
  return out + text.slice(copied);
}

/** Number of whitespace-separated words, counted without building an array. */
export function countWordsIn(text: string): number {
  let count = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index++) {
    const space = isWhitespace(text[index] as string);
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}

/**
 * `text` with every run of non-space characters longer than `max` replaced by spaces (of the
 * same length, so positions keep). wink-nlp's tokenizer takes time quadratic in a token's
 * length (300,000 × 'A' took minutes); such a "word" is never study material.
 */
export function blankLongWords(text: string, max: number): string {
  let out = '';
  let copied = 0;
  let start = -1;
  for (let index = 0; index <= text.length; index++) {
    const space = index === text.length || isWhitespace(text[index] as string);
    if (!space) {
      if (start < 0) start = index;
      continue;
    }
    if (start >= 0 && index - start > max) {
      out += text.slice(copied, start) + ' '.repeat(index - start);
      copied = index;
    }
    start = -1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
