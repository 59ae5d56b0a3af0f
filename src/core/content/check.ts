/** Content check and cleanup before generation (SPEC §5), and reading time (SPEC §9). */

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

export interface ContentCheck {
  valid: boolean;
  errors: string[];
  warnings: string[];
  wordCount: number;
  characterCount: number;
  readingTimeMinutes: number;
}

export function countWords(text: string): number {
  const words = text.trim().split(/\s+/u);
  return words[0] === '' ? 0 : words.length;
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
  if (/\b404\b|not found/i.test(trimmed)) warnings.push(CONTENT_MESSAGES.errorMessages);
  if (/access denied|forbidden/i.test(trimmed)) warnings.push(CONTENT_MESSAGES.accessRestriction);
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
 * our privacy policy here." goes as a whole sentence.
 */
export const BOILERPLATE_PATTERNS: readonly RegExp[] = [
  /\b(?:we|this (?:site|website)) uses? cookies\b[^.!?\n]*[.!?]?/giu,
  /\b(?:accept|reject|manage) (?:all )?cookies\b[^.!?\n]*[.!?]?/giu,
  /\bcookie (?:policy|settings|preferences|consent)\b[^.!?\n]*[.!?]?/giu,
  /[^.!?\n]*\b(?:read|see|view|review|agree to) (?:our|the) (?:privacy policy|terms (?:of (?:use|service)|and conditions))\b[^.!?\n]*[.!?]?/giu,
  /\bprivacy policy\b[^.!?\n]*[.!?]?/giu,
  /\bterms (?:of (?:use|service)|and conditions)\b[^.!?\n]*[.!?]?/giu,
  /\b(?:subscribe to|sign up for) (?:our|the) newsletter\b[^.!?\n]*[.!?]?/giu,
  /\bnewsletter sign[- ]?up\b[^.!?\n]*[.!?]?/giu,
  /\b(?:sign|log) in to (?:continue|read|comment|view)\b[^.!?\n]*[.!?]?/giu,
  /\bcreate (?:a free|an) account to\b[^.!?\n]*[.!?]?/giu,
  /^\s*(?:advertisement|sponsored(?: content)?|ad)\s*$/gimu,
  /\[(?:ad|advertisement|sponsored)\]/giu,
];

/**
 * Cleanup before generation (SPEC §5): strips the boilerplate phrases above, collapses runs of
 * '.', '!' and '?' (an ellipsis stays '...'), collapses spaces and tabs within lines, trims each
 * line, and leaves at most one empty line between paragraphs (3+ newlines → 2).
 */
export function cleanContent(text: string): string {
  let cleaned = text.replace(/\r\n?/g, '\n');
  for (const pattern of BOILERPLATE_PATTERNS) cleaned = cleaned.replace(pattern, '');
  cleaned = cleaned
    .replace(/\.{4,}/g, '...')
    .replace(/!{2,}/g, '!')
    .replace(/\?{2,}/g, '?')
    .replace(/[^\S\n]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  return cleaned.trim();
}
