/** Content check and cleanup before generation (SPEC §5), and reading time (SPEC §9). */
import { countWordsIn } from './scan';

export const CONTENT_MESSAGES = {
  empty: 'Content is empty',
  veryShort: 'Content is very short - may not generate meaningful flashcards',
  veryLong: 'Content is very long - processing may take longer',
  fewWords: 'Content has very few words - may not generate many flashcards',
  errorMessages: 'Content may contain error messages',
  accessRestriction: 'Content may contain access restriction messages',
} as const;

export const SHORT_CONTENT_CHARACTERS = 50;
export const LONG_CONTENT_CHARACTERS = 100_000;
export const FEW_WORDS = 10;
export const WORDS_PER_MINUTE = 200;

/** The content checks' patterns (literal alternatives: one pass, no rescans). */
export const ERROR_PAGE_PATTERN = /\b404\b|not found/i;
export const ACCESS_PATTERN = /access denied|forbidden/i;

export interface ContentCheck {
  valid: boolean;
  errors: string[];
  warnings: string[];
  wordCount: number;
  characterCount: number;
  readingTimeMinutes: number;
}

export function countWords(text: string): number {
  return countWordsIn(text);
}

/** Reading time: words divided by 200, rounded up. */
export function readingTimeMinutes(wordCount: number): number {
  return Math.ceil(wordCount / WORDS_PER_MINUTE);
}

/**
 * Checks content for generation: empty is an error; the five warnings of SPEC §5 (under 50
 * characters, over 100,000, under 10 words, '404' or 'Not Found', 'Access Denied' or
 * 'Forbidden').
 */
export function checkContent(text: string): ContentCheck {
  const trimmed = text.trim();
  const wordCount = countWords(trimmed);
  const characterCount = trimmed.length;
  if (characterCount === 0) {
    return {
      valid: false,
      errors: [CONTENT_MESSAGES.empty],
      warnings: [],
      wordCount: 0,
      characterCount: 0,
      readingTimeMinutes: 0,
    };
  }
  const warnings: string[] = [];
  if (characterCount < SHORT_CONTENT_CHARACTERS) warnings.push(CONTENT_MESSAGES.veryShort);
  if (characterCount > LONG_CONTENT_CHARACTERS) warnings.push(CONTENT_MESSAGES.veryLong);
  if (wordCount < FEW_WORDS) warnings.push(CONTENT_MESSAGES.fewWords);
  if (ERROR_PAGE_PATTERN.test(trimmed)) warnings.push(CONTENT_MESSAGES.errorMessages);
  if (ACCESS_PATTERN.test(trimmed)) warnings.push(CONTENT_MESSAGES.accessRestriction);
  return {
    valid: true,
    errors: [],
    warnings,
    wordCount,
    characterCount,
    readingTimeMinutes: readingTimeMinutes(wordCount),
  };
}

/**
 * Phrases removed before generation (SPEC §5): cookie, privacy and terms notices, newsletter
 * and sign-in prompts, and ad markers. Each is matched case-insensitively as a whole phrase,
 * with the rest of its sentence (e.g. "We use cookies to improve…"); a pointer such as "Read
 * our privacy policy here." goes as a whole sentence (SENTENCE_POINTER_PATTERNS: the part of
 * the sentence before the phrase is found by a scan back, not by the pattern).
 *
 * Every pattern starts with a literal word (or a line start) and its only unbounded class runs
 * forward to the end of the sentence with nothing after it that could fail: each is linear in
 * the text's length. A pattern that starts with an unbounded class (`[^.!?\n]*\bread our…`)
 * tries it from every position of a long line: O(n²).
 */
const REST_OF_SENTENCE = '[^.!?\\n]*[.!?]?';
const phrase = (source: string) => new RegExp(`\\b(?:${source})\\b${REST_OF_SENTENCE}`, 'giu');

export const SENTENCE_POINTER_PATTERNS: readonly RegExp[] = [
  phrase(
    '(?:read|see|view|review|agree to) (?:our|the) (?:privacy policy|terms (?:of (?:use|service)|and conditions))',
  ),
];

export const BOILERPLATE_PATTERNS: readonly RegExp[] = [
  phrase('(?:we|this (?:site|website)) uses? cookies'),
  phrase('(?:accept|reject|manage) (?:all )?cookies'),
  phrase('cookie (?:policy|settings|preferences|consent)'),
  phrase('privacy policy'),
  phrase('terms (?:of (?:use|service)|and conditions)'),
  phrase('(?:subscribe to|sign up for) (?:our|the) newsletter'),
  phrase('newsletter sign[- ]?up'),
  phrase('(?:sign|log) in to (?:continue|read|comment|view)'),
  phrase('create (?:a free|an) account to'),
  // Horizontal space only: `\s*` would run over line breaks from every line start.
  /^[^\S\n]*(?:advertisement|sponsored(?: content)?|ad)[^\S\n]*$/gimu,
  /\[(?:ad|advertisement|sponsored)\]/giu,
];

/** The cleanup's other patterns: line endings, runs of punctuation, spaces, blank lines. */
const LINE_ENDINGS = /\r\n?/g;
const LONG_ELLIPSIS = /\.{4,}/g;
const EXCLAMATIONS = /!{2,}/g;
const QUESTIONS = /\?{2,}/g;
const SPACES = /[^\S\n]+/g;
const BLANK_LINES = /\n{3,}/g;
export const CLEANUP_PATTERNS: readonly RegExp[] = [
  LINE_ENDINGS,
  LONG_ELLIPSIS,
  EXCLAMATIONS,
  QUESTIONS,
  SPACES,
  BLANK_LINES,
];

/**
 * Removes every match of `pattern` together with the start of its sentence: the text back to
 * the previous '.', '!', '?' or line break (or to the end of the previous removal). Each
 * character is scanned back at most once.
 */
export function removeWholeSentences(text: string, pattern: RegExp): string {
  const search = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  let out = '';
  let kept = 0;
  for (let match = search.exec(text); match; match = search.exec(text)) {
    let start = match.index;
    while (start > kept && !'.!?\n'.includes(text[start - 1] as string)) start--;
    out += text.slice(kept, start);
    kept = match.index + match[0].length;
    if (match[0].length === 0) search.lastIndex++;
  }
  return out + text.slice(kept);
}

/**
 * Cleanup before generation (SPEC §5): strips the boilerplate phrases above, collapses runs of
 * '.', '!' and '?' (an ellipsis stays '...'), collapses spaces and tabs within lines, trims each
 * line, and leaves at most one empty line between paragraphs (3+ newlines → 2).
 */
export function cleanContent(text: string): string {
  let cleaned = text.replace(LINE_ENDINGS, '\n');
  for (const pattern of SENTENCE_POINTER_PATTERNS) cleaned = removeWholeSentences(cleaned, pattern);
  for (const pattern of BOILERPLATE_PATTERNS) cleaned = cleaned.replace(pattern, '');
  cleaned = cleaned
    .replace(LONG_ELLIPSIS, '...')
    .replace(EXCLAMATIONS, '!')
    .replace(QUESTIONS, '?')
    .replace(SPACES, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(BLANK_LINES, '\n\n');
  return cleaned.trim();
}
