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
  nested: 'Cloze deletions can be nested at most 8 deep',
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
      /**
       * The answer cut into segments when it holds deletions of its own (Anki ≥ 2.1.56:
       * `{{c1::outer {{c2::inner}} text}}`); absent otherwise. Use {@link clozeAnswerText}
       * for the answer without markup.
       */
      nested?: ClozeSegment[];
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

/** How deep deletions may nest (Anki ≥ 2.1.56 nests them); deeper openers are refused. */
export const CLOZE_NESTING_MAX = 8;

/** An open deletion while scanning: its answer's segments so far, and where its text resumes. */
interface Frame {
  /** Index of its `{{`. */
  start: number;
  /** Index just after its `{{cN::`. */
  bodyStart: number;
  number: number;
  /** Index of the `::` before its hint, or -1. */
  separator: number;
  segments: ClozeSegment[];
  textStart: number;
}

function pushText(segments: ClozeSegment[], piece: string): void {
  if (piece === '') return;
  const last = segments[segments.length - 1];
  if (last?.kind === 'text') last.text += piece;
  else segments.push({ kind: 'text', text: piece });
}

/**
 * One pass over the text with a stack of open deletions, so nested deletions
 * (`{{c1::outer {{c2::inner}} text}}`) are read as Anki ≥ 2.1.56 reads them, in linear time.
 * A deletion that cannot be read (not closed, empty) is kept as text, and the deletions inside
 * it still count.
 */
function scan(text: string): Scan {
  const root: Frame = {
    start: 0,
    bodyStart: 0,
    number: 0,
    separator: -1,
    segments: [],
    textStart: 0,
  };
  const stack: Frame[] = [root];
  const numbers = new Set<number>();
  const problems: ClozeMessage[] = [];
  const memo: ScanMemo = new Map();
  const top = (): Frame => stack[stack.length - 1]!;

  /** Keeps an unreadable deletion as text in its parent, with the deletions read inside it. */
  const dissolve = (frame: Frame, end: number): void => {
    const parent = top();
    pushText(parent.segments, text.slice(parent.textStart, frame.bodyStart));
    for (const segment of frame.segments) {
      if (segment.kind === 'text') pushText(parent.segments, segment.text);
      else parent.segments.push(segment);
    }
    pushText(parent.segments, text.slice(frame.textStart, end));
    parent.textStart = end;
  };

  let i = 0;
  while (i < text.length) {
    const skipped = skipProtected(text, i, text.length, memo);
    if (skipped > i) {
      i = skipped;
      continue;
    }
    const frame = top();
    if (stack.length > 1 && text.startsWith('}}', i)) {
      stack.pop();
      const answerEnd = frame.separator >= 0 ? frame.separator : i;
      const answer = text.slice(frame.bodyStart, answerEnd);
      if (answer.trim() === '') {
        problems.push(CLOZE_MESSAGES.emptyAnswer);
        dissolve(frame, i + 2);
      } else {
        if (frame.separator < 0) pushText(frame.segments, text.slice(frame.textStart, i));
        const hint = frame.separator >= 0 ? text.slice(frame.separator + 2, i).trim() : '';
        const parent = top();
        pushText(parent.segments, text.slice(parent.textStart, frame.start));
        const deletion: ClozeSegment = {
          kind: 'cloze',
          number: frame.number,
          answer,
          hint: hint === '' ? null : hint,
        };
        if (frame.segments.some((segment) => segment.kind === 'cloze'))
          deletion.nested = frame.segments;
        parent.segments.push(deletion);
        numbers.add(frame.number);
        parent.textStart = i + 2;
      }
      i += 2;
      continue;
    }
    if (stack.length > 1 && frame.separator < 0 && text.startsWith('::', i)) {
      pushText(frame.segments, text.slice(frame.textStart, i));
      frame.separator = i;
      frame.textStart = i;
      i += 2;
      continue;
    }
    // Inside a hint, `{{c` is text: the hint is shown as written.
    const opener = text[i] === '{' && frame.separator < 0 ? matchOpener(text, i) : null;
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
            : stack.length > CLOZE_NESTING_MAX
              ? CLOZE_MESSAGES.nested
              : null;
    if (problem) {
      problems.push(problem);
      i += 2;
      continue;
    }
    const bodyStart = i + opener[0].length;
    stack.push({
      start: i,
      bodyStart,
      number: Number(digits),
      separator: -1,
      segments: [],
      textStart: bodyStart,
    });
    i = bodyStart;
  }
  // Deletions still open at the end are not closed: kept as text, innermost first.
  while (stack.length > 1) {
    const frame = stack.pop()!;
    problems.push(CLOZE_MESSAGES.unclosed);
    dissolve(frame, text.length);
  }
  pushText(root.segments, text.slice(root.textStart));
  return { segments: root.segments, numbers: [...numbers].sort((a, b) => a - b), problems };
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

type Deletion = Extract<ClozeSegment, { kind: 'cloze' }>;

/** The text of segments with every deletion replaced by its answer (nested ones too). */
function fullText(segments: readonly ClozeSegment[]): string {
  return segments
    .map((segment) => (segment.kind === 'text' ? segment.text : clozeAnswerText(segment)))
    .join('');
}

/**
 * A deletion's answer without cloze markup: `outer inner text` for
 * `{{c1::outer {{c2::inner}} text}}`; the answer as written when nothing is nested in it.
 */
export function clozeAnswerText(deletion: Deletion): string {
  return deletion.nested ? fullText(deletion.nested) : deletion.answer;
}

/**
 * Whether a deletion numbered `activeNumber` lies inside this one (so an inactive deletion
 * still hides part of its text, as Anki shows card c2 of `{{c1::a {{c2::b}}}}`).
 */
export function holdsActiveDeletion(deletion: Deletion, activeNumber: number | undefined): boolean {
  return (deletion.nested ?? []).some(
    (segment) =>
      segment.kind === 'cloze' &&
      (isActive(segment.number, activeNumber) || holdsActiveDeletion(segment, activeNumber)),
  );
}

/**
 * Renders segments the way Anki shows nested deletions: an active deletion is rendered whole by
 * `active` (its nested deletions included: card c1 hides `outer inner text`); an inactive one
 * shows its text, in which active deletions nested in it are rendered by `active` in turn.
 */
export function mapClozeSegments(
  segments: readonly ClozeSegment[],
  activeNumber: number | undefined,
  render: { text: (text: string) => string; active: (deletion: Deletion) => string },
): string {
  return segments
    .map((segment) => {
      if (segment.kind === 'text') return render.text(segment.text);
      if (isActive(segment.number, activeNumber)) return render.active(segment);
      if (!segment.nested) return render.text(segment.answer);
      return mapClozeSegments(segment.nested, activeNumber, render);
    })
    .join('');
}

/**
 * The question side as markdown text: active deletions become `[...]` (or `[hint]`), inactive
 * ones show their answer as written (nested deletions: see {@link mapClozeSegments}).
 *
 * @param text The front content of a cloze card.
 * @param activeNumber The cloze number being studied; when omitted every deletion is blanked.
 */
export function renderClozeFront(text: string, activeNumber?: number): string {
  return mapClozeSegments(parseCloze(text).segments, activeNumber, {
    text: (piece) => piece,
    active: (deletion) => (deletion.hint === null ? CLOZE_BLANK : `[${deletion.hint}]`),
  });
}

/**
 * The answer side as markdown text: the full text, with the active answers wrapped in
 * {@link CLOZE_HIGHLIGHT} (`**answer**`; surrounding spaces of the answer stay outside).
 *
 * @param text The front content of a cloze card.
 * @param activeNumber The cloze number being studied; when omitted every answer is highlighted.
 */
export function renderClozeBack(text: string, activeNumber?: number): string {
  return mapClozeSegments(parseCloze(text).segments, activeNumber, {
    text: (piece) => piece,
    active: (deletion) => {
      const answer = clozeAnswerText(deletion);
      const core = answer.trim();
      const start = answer.indexOf(core);
      return (
        answer.slice(0, start) +
        CLOZE_HIGHLIGHT +
        core +
        CLOZE_HIGHLIGHT +
        answer.slice(start + core.length)
      );
    },
  });
}

/**
 * The full text without cloze markup: every deletion replaced by its answer (what SPEC §5 calls
 * "the full text without blanks", suitable as the back of a cloze card).
 *
 * @param text The front content of a cloze card.
 */
export function clozeFullText(text: string): string {
  return fullText(parseCloze(text).segments);
}
