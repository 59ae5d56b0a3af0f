/**
 * Anki-style cloze deletions: `{{c1::answer}}` and `{{c1::answer::hint}}`.
 *
 * Braces inside math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`) and code (inline code spans and fenced
 * blocks) are never read as deletions, while a deletion's answer may itself contain math or code.
 * See docs/decisions/0003-cloze-cards.md for how cards with several numbers are studied.
 */
import { skipProtected, type ScanMemo } from './syntax-scan';

/** Readable problems reported by {@link validateCloze}. */
export const CLOZE_MESSAGES = {
  noDeletion: 'Cloze cards need at least one deletion such as {{c1::answer}}',
  missingNumber: 'Each cloze deletion needs a number, such as {{c1::answer}}',
  invalidNumber: 'Cloze numbers start at 1, such as {{c1::answer}}',
  badSeparator: 'Separate the cloze number from the answer with two colons, such as {{c1::answer}}',
  emptyAnswer: 'A cloze deletion has no answer: write it after the colons, such as {{c1::answer}}',
  unclosed: 'A cloze deletion is not closed: end it with }}, such as {{c1::answer}}',
  nested: 'Cloze deletions cannot be nested inside each other',
} as const;

/** One of the {@link CLOZE_MESSAGES}. */
export type ClozeMessage = (typeof CLOZE_MESSAGES)[keyof typeof CLOZE_MESSAGES];

/** What replaces an active deletion without a hint on the front of a card. */
export const CLOZE_BLANK = '[...]';

/** Wraps the active answers in {@link renderClozeBack} (markdown strong emphasis). */
export const CLOZE_HIGHLIGHT = '**';

/** A piece of cloze text: plain text, or one deletion. */
export type ClozeSegment =
  | { kind: 'text'; text: string }
  | {
      kind: 'cloze';
      /** The cloze number (`c1` → 1), at least 1. */
      number: number;
      /** The hidden text, as written (may contain markdown and math). */
      answer: string;
      /** The hint after a second `::`, or null when there is none (or it is blank). */
      hint: string | null;
    };

/** The result of {@link parseCloze}. */
export interface ParsedCloze {
  /** The text cut into plain text and deletions, in order; adjacent text is merged. */
  segments: ClozeSegment[];
  /** The distinct cloze numbers in ascending order. */
  numbers: number[];
}

interface Scan extends ParsedCloze {
  problems: ClozeMessage[];
}

/** `{{c` + digits + one or two colons: something meant as a deletion (`{{count}}` is not). */
const OPENER = /\{\{[cC](\d*)(::?)/y;

function matchOpener(text: string, pos: number): RegExpExecArray | null {
  OPENER.lastIndex = pos;
  return OPENER.exec(text);
}

/**
 * Reads the body of a deletion from `from` (just after `{{cN::`) up to the first `}}` that is
 * not inside math or code. Returns the body end and where the first `::` (the hint separator)
 * is, or a problem when the body is not closed or contains another deletion.
 */
function readBody(
  text: string,
  from: number,
  memo: ScanMemo,
): { end: number; separator: number } | { problem: ClozeMessage } {
  let separator = -1;
  let i = from;
  while (i < text.length) {
    const skipped = skipProtected(text, i, text.length, memo);
    if (skipped > i) {
      i = skipped;
      continue;
    }
    if (text.startsWith('}}', i)) return { end: i, separator };
    const inner = text[i] === '{' ? matchOpener(text, i) : null;
    if (inner) {
      // Another deletion starts first: nested if the outer one closes after the inner one.
      const innerEnd = text.indexOf('}}', i + inner[0].length);
      const nested = innerEnd >= 0 && text.includes('}}', innerEnd + 2);
      return { problem: nested ? CLOZE_MESSAGES.nested : CLOZE_MESSAGES.unclosed };
    }
    if (separator < 0 && text.startsWith('::', i)) {
      separator = i;
      i += 2;
      continue;
    }
    i++;
  }
  return { problem: CLOZE_MESSAGES.unclosed };
}

function scan(text: string): Scan {
  const segments: ClozeSegment[] = [];
  const numbers = new Set<number>();
  const problems: ClozeMessage[] = [];
  const memo: ScanMemo = new Map();
  let textStart = 0;

  const pushText = (end: number): void => {
    if (end <= textStart) return;
    const piece = text.slice(textStart, end);
    const last = segments[segments.length - 1];
    if (last?.kind === 'text') last.text += piece;
    else segments.push({ kind: 'text', text: piece });
  };

  let i = 0;
  while (i < text.length) {
    const skipped = skipProtected(text, i, text.length, memo);
    if (skipped > i) {
      i = skipped;
      continue;
    }
    const opener = text[i] === '{' ? matchOpener(text, i) : null;
    if (!opener) {
      i++;
      continue;
    }
    const digits = opener[1] ?? '';
    const problem =
      opener[2] !== '::'
        ? CLOZE_MESSAGES.badSeparator
        : digits === ''
          ? CLOZE_MESSAGES.missingNumber
          : !(Number.isSafeInteger(Number(digits)) && Number(digits) >= 1)
            ? CLOZE_MESSAGES.invalidNumber
            : null;
    if (problem) {
      problems.push(problem);
      i += 2;
      continue;
    }
    const bodyStart = i + opener[0].length;
    const body: ReturnType<typeof readBody> =
      text.indexOf('}}', bodyStart) < 0
        ? { problem: CLOZE_MESSAGES.unclosed }
        : readBody(text, bodyStart, memo);
    if ('problem' in body) {
      problems.push(body.problem);
      i += 2;
      continue;
    }
    const answerEnd = body.separator >= 0 ? body.separator : body.end;
    const answer = text.slice(bodyStart, answerEnd);
    if (answer.trim() === '') {
      problems.push(CLOZE_MESSAGES.emptyAnswer);
      i = body.end + 2;
      continue;
    }
    const hint = body.separator >= 0 ? text.slice(body.separator + 2, body.end).trim() : '';
    const number = Number(digits);
    pushText(i);
    segments.push({ kind: 'cloze', number, answer, hint: hint === '' ? null : hint });
    numbers.add(number);
    i = body.end + 2;
    textStart = i;
  }
  pushText(text.length);
  return { segments, numbers: [...numbers].sort((a, b) => a - b), problems };
}

/**
 * Parses cloze deletions (`{{c1::answer}}`, `{{c1::answer::hint}}`). Malformed deletions are kept
 * as plain text (see {@link validateCloze} for the reasons).
 *
 * @param text The front content of a cloze card.
 * @returns The text cut into segments, and the sorted distinct cloze numbers.
 */
export function parseCloze(text: string): ParsedCloze {
  const { segments, numbers } = scan(text);
  return { segments, numbers };
}

/**
 * The sorted distinct cloze numbers of a text: one study item per number (see
 * docs/decisions/0003-cloze-cards.md).
 *
 * @param text The front content of a cloze card.
 */
export function clozeNumbers(text: string): number[] {
  return scan(text).numbers;
}

/**
 * Checks the front of a cloze card.
 *
 * @param text The front content of a cloze card.
 * @returns Distinct readable problems in order of first appearance (values of
 *   {@link CLOZE_MESSAGES}); empty when the text is a usable cloze card.
 */
export function validateCloze(text: string): ClozeMessage[] {
  const { numbers, problems } = scan(text);
  const all = numbers.length === 0 ? [CLOZE_MESSAGES.noDeletion, ...problems] : problems;
  return [...new Set(all)];
}

const isActive = (number: number, activeNumber: number | undefined): boolean =>
  activeNumber === undefined || number === activeNumber;

/**
 * The question side as markdown text: active deletions become `[...]` (or `[hint]`), inactive
 * ones show their answer as written.
 *
 * @param text The front content of a cloze card.
 * @param activeNumber The cloze number being studied; when omitted every deletion is blanked.
 */
export function renderClozeFront(text: string, activeNumber?: number): string {
  return parseCloze(text)
    .segments.map((segment) => {
      if (segment.kind === 'text') return segment.text;
      if (!isActive(segment.number, activeNumber)) return segment.answer;
      return segment.hint === null ? CLOZE_BLANK : `[${segment.hint}]`;
    })
    .join('');
}

/**
 * The answer side as markdown text: the full text, with the active answers wrapped in
 * {@link CLOZE_HIGHLIGHT} (`**answer**`; surrounding spaces of the answer stay outside).
 *
 * @param text The front content of a cloze card.
 * @param activeNumber The cloze number being studied; when omitted every answer is highlighted.
 */
export function renderClozeBack(text: string, activeNumber?: number): string {
  return parseCloze(text)
    .segments.map((segment) => {
      if (segment.kind === 'text') return segment.text;
      if (!isActive(segment.number, activeNumber)) return segment.answer;
      const core = segment.answer.trim();
      const start = segment.answer.indexOf(core);
      return (
        segment.answer.slice(0, start) +
        CLOZE_HIGHLIGHT +
        core +
        CLOZE_HIGHLIGHT +
        segment.answer.slice(start + core.length)
      );
    })
    .join('');
}

/**
 * The full text without cloze markup: every deletion replaced by its answer (what SPEC §5 calls
 * "the full text without blanks", suitable as the back of a cloze card).
 *
 * @param text The front content of a cloze card.
 */
export function clozeFullText(text: string): string {
  return parseCloze(text)
    .segments.map((segment) => (segment.kind === 'text' ? segment.text : segment.answer))
    .join('');
}
