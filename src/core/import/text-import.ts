/**
 * Reading a text file of cards: Anki's text format (the `#separator:`, `#html:`, `#columns:`,
 * `#deck:`, `#notetype:`, `#tags:` and `#… column:` headers at the top, comment lines, quoted
 * fields with `""` escapes and newlines inside quotes), Quizlet's export (term and definition
 * separated by a tab, one pair per line) and CSV. The rules follow Anki's own reader
 * (rslib/src/import_export/text/csv/metadata.rs). One pass over the text: linear time.
 */

export const TEXT_IMPORT_MESSAGES = {
  tooManyFields: (count: number, expected: number) =>
    `Too many fields: ${count} where ${expected} expected`,
  tooFewFields: (count: number, expected: number) =>
    `Too few fields: ${count} where ${expected} expected`,
  unclosedQuote:
    'A quoted field that starts on this line is never closed (a " is missing), so nothing from here on can be read',
  textAfterQuote:
    'A quoted field has text after its closing quote: put the whole field in quotes and write a quote inside it as ""',
  emptyFront: 'The front is empty',
  emptyBack: 'The back is empty',
  frontTooLong: (max: number) => `The front is longer than ${max} characters`,
  backTooLong: (max: number) => `The back is longer than ${max} characters`,
  clozeWithoutDeletion: 'A cloze card needs a deletion like {{c1::answer}}',
  noRows: 'The text has no cards to import',
} as const;

/** Anki's named separators (`#separator:Tab`); any other single character is taken literally. */
export const SEPARATOR_NAMES: Record<string, string> = {
  tab: '\t',
  comma: ',',
  semicolon: ';',
  space: ' ',
  pipe: '|',
  colon: ':',
};

export type TextFormat = 'anki' | 'quizlet' | 'csv';

/** The headers of Anki's text format; columns are numbered from 1 as in Anki. */
export interface TextHeaders {
  separator?: string;
  html?: boolean;
  columns?: string[];
  deck?: string;
  notetype?: string;
  tags: string[];
  tagsColumn?: number;
  deckColumn?: number;
  notetypeColumn?: number;
  guidColumn?: number;
}

export interface TextRow {
  /** The line the row starts on (1-based, header and comment lines counted). */
  line: number;
  fields: string[];
}

export interface TextProblem {
  line: number;
  message: string;
}

export interface ParsedText {
  format: TextFormat;
  separator: string;
  html: boolean;
  headers: TextHeaders;
  /** Column labels ('' when the file names none), one per column. */
  columns: string[];
  rows: TextRow[];
  /** Lines that cannot be read (field counts, unclosed quotes), by line number. */
  problems: TextProblem[];
  /** Lines after the headers that start with `#`, taken as comments (unless asked otherwise). */
  commentLines: number;
}

/** The name of a separator for people ('Tab', 'Comma', or the character in quotes). */
export function separatorName(separator: string): string {
  const name = Object.entries(SEPARATOR_NAMES).find(([, char]) => char === separator)?.[0];
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : `"${separator}"`;
}

function separatorFromValue(value: string): string | undefined {
  const named = SEPARATOR_NAMES[value.trim().toLowerCase()];
  if (named) return named;
  return value.length === 1 && !'"\r\n#'.includes(value) ? value : undefined;
}

const columnNumber = (value: string): number | undefined => {
  const number = Number(value.trim());
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

const splitWords = (value: string) => value.split(/\s+/u).filter(Boolean);

/** Applies one `#key:value` header; unknown keys are ignored, as Anki does. */
function applyHeader(headers: TextHeaders, key: string, value: string, raw: { columns?: string }) {
  switch (key.trim().toLowerCase()) {
    case 'separator':
      headers.separator = separatorFromValue(value) ?? headers.separator;
      break;
    case 'html': {
      const flag = value.trim().toLowerCase();
      if (flag === 'true' || flag === 'false') headers.html = flag === 'true';
      break;
    }
    case 'tags':
      headers.tags = splitWords(value);
      break;
    case 'columns':
      raw.columns = value;
      break;
    case 'deck':
      headers.deck = value.trim();
      break;
    case 'notetype':
      headers.notetype = value.trim();
      break;
    case 'tags column':
      headers.tagsColumn = columnNumber(value) ?? headers.tagsColumn;
      break;
    case 'deck column':
      headers.deckColumn = columnNumber(value) ?? headers.deckColumn;
      break;
    case 'notetype column':
      headers.notetypeColumn = columnNumber(value) ?? headers.notetypeColumn;
      break;
    case 'guid column':
      headers.guidColumn = columnNumber(value) ?? headers.guidColumn;
      break;
  }
}

/** Reads the header lines at the top; answers the headers and where the records start. */
function readHeaders(text: string) {
  const headers: TextHeaders = { tags: [] };
  const raw: { columns?: string } = {};
  let offset = 0;
  let line = 1;
  let any = false;
  while (offset < text.length) {
    const end = text.indexOf('\n', offset);
    const stop = end === -1 ? text.length : end;
    const content = text.slice(offset, stop).replace(/\r$/u, '');
    if (line === 1 && content.startsWith('tags:')) {
      headers.tags = splitWords(content.slice(5));
    } else if (content.startsWith('#')) {
      const colon = content.indexOf(':');
      if (colon > 0) applyHeader(headers, content.slice(1, colon), content.slice(colon + 1), raw);
    } else {
      break;
    }
    any = true;
    offset = stop + 1;
    line += 1;
  }
  return { headers, raw, offset: Math.min(offset, text.length), line, any };
}

/**
 * No `#separator:` header: the separator of the first record (comment and empty lines passed
 * over), counted outside quotes as Anki does, so a comma inside a quoted field does not decide;
 * the most frequent of tab, comma, semicolon and pipe (that order on a tie). A first record
 * with none of them: a tab if the text has one, else a comma, else a semicolon (issue 20).
 */
export function detectSeparator(text: string, from: number): string {
  const candidates = ['\t', ',', ';', '|'];
  const counts = new Map(candidates.map((candidate) => [candidate, 0]));
  let index = from;
  // The first record's start: past empty lines and comment lines.
  while (index < text.length) {
    const char = text[index];
    if (char === '\n' || char === '\r') index += 1;
    else if (char === '#') {
      const end = text.indexOf('\n', index);
      index = end === -1 ? text.length : end + 1;
    } else break;
  }
  let quoted = false;
  for (; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = '';
  let most = 0;
  for (const candidate of candidates) {
    const count = counts.get(candidate) ?? 0;
    if (count > most) [best, most] = [candidate, count];
  }
  if (best) return best;
  for (const candidate of ['\t', ',', ';']) if (text.includes(candidate, from)) return candidate;
  return '\t';
}

interface Records {
  rows: TextRow[];
  unclosed: number | null;
  /** Records whose quoting is broken (`"a"b`): reported by line, never read as card text. */
  malformed: number[];
  /** Lines starting with `#` taken as comments (issue 20: counted, never dropped unsaid). */
  comments: number;
}

/**
 * Splits the text into records, RFC 4180 style: a field that starts with `"` runs to the next
 * lone `"` (`""` is one quote, separators and newlines are kept); lines that start with `#`
 * and empty lines are skipped. Each character is looked at once.
 */
export function readRecords(
  text: string,
  separator: string,
  from = 0,
  firstLine = 1,
  hashLinesAsCards = false,
): Records {
  const rows: TextRow[] = [];
  const malformed: number[] = [];
  let comments = 0;
  let index = from;
  let line = firstLine;
  const length = text.length;
  while (index < length) {
    const char = text[index];
    if (char === '\n' || char === '\r') {
      if (char === '\n') line += 1;
      index += 1;
      continue;
    }
    if (char === '#' && !hashLinesAsCards) {
      comments += 1;
      const end = text.indexOf('\n', index);
      if (end === -1) break;
      index = end + 1;
      line += 1;
      continue;
    }
    const start = line;
    const fields: string[] = [];
    let field = '';
    let broken = false;
    for (;;) {
      if (text[index] === '"') {
        index += 1;
        let closed = false;
        while (index < length) {
          const next = text.indexOf('"', index);
          if (next === -1) break;
          const piece = text.slice(index, next);
          field += piece;
          line += countNewlines(piece);
          if (text[next + 1] === '"') {
            field += '"';
            index = next + 2;
          } else {
            index = next + 1;
            closed = true;
            break;
          }
        }
        if (!closed) return { rows, unclosed: start, malformed, comments };
        const after = text[index];
        if (index < length && after !== separator && after !== '\n' && after !== '\r') {
          broken = true;
        }
      }
      // The unquoted rest of the field, up to a separator or the end of the line.
      let end = index;
      while (end < length) {
        const c = text[end];
        if (c === separator || c === '\n' || c === '\r') break;
        end += 1;
      }
      field += text.slice(index, end);
      index = end;
      fields.push(field);
      field = '';
      if (index < length && text[index] === separator) {
        index += 1;
        continue;
      }
      break;
    }
    if (broken) malformed.push(start);
    else rows.push({ line: start, fields });
  }
  return { rows, unclosed: null, malformed, comments };
}

function countNewlines(piece: string): number {
  let count = 0;
  for (let at = piece.indexOf('\n'); at !== -1; at = piece.indexOf('\n', at + 1)) count += 1;
  return count;
}

const HTML_PATTERN = /<(?:[a-z][a-z0-9]*(?:\s[^<>]*)?|\/[a-z][a-z0-9]*)>|&(?:[a-z]+|#\d+);/iu;

/** Reads a text of cards: headers, separator, rows and the lines that cannot be read. */
export function parseImportText(
  input: string,
  options: { hashLinesAsCards?: boolean; separator?: string } = {},
): ParsedText {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const { headers, raw, offset, line, any } = readHeaders(text);
  // The user's choice in the preview, else the file's header, else the first record's.
  const separator = options.separator ?? headers.separator ?? detectSeparator(text, offset);
  if (raw.columns !== undefined) {
    headers.columns = readRecords(raw.columns, separator).rows[0]?.fields ?? [];
  }
  const {
    rows: all,
    unclosed,
    malformed,
    comments,
  } = readRecords(text, separator, offset, line, options.hashLinesAsCards);
  // A first row naming the columns (Front, Back, …), as spreadsheets and Mnemo's export write.
  const first = all[0]?.fields.map((field) => field.trim().toLowerCase()) ?? [];
  if (!headers.columns && first.includes('front') && first.includes('back')) {
    headers.columns = all.shift()?.fields.map((field) => field.trim());
  }
  const expected = headers.columns?.length || all[0]?.fields.length || 0;
  const problems: TextProblem[] = [];
  const rows: TextRow[] = [];
  for (const row of all) {
    const count = row.fields.length;
    if (count > expected) {
      problems.push({
        line: row.line,
        message: TEXT_IMPORT_MESSAGES.tooManyFields(count, expected),
      });
    } else if (count < expected) {
      problems.push({
        line: row.line,
        message: TEXT_IMPORT_MESSAGES.tooFewFields(count, expected),
      });
    } else {
      rows.push(row);
    }
  }
  for (const bad of malformed) {
    problems.push({ line: bad, message: TEXT_IMPORT_MESSAGES.textAfterQuote });
  }
  problems.sort((a, b) => a.line - b.line);
  if (unclosed !== null)
    problems.push({ line: unclosed, message: TEXT_IMPORT_MESSAGES.unclosedQuote });
  const html =
    headers.html ?? all.slice(0, 100).some((row) => row.fields.some((f) => HTML_PATTERN.test(f)));
  const format: TextFormat = any
    ? 'anki'
    : expected === 2 && separator === '\t'
      ? 'quizlet'
      : 'csv';
  const columns = headers.columns ?? Array.from({ length: expected }, () => '');
  return { format, separator, html, headers, columns, rows, problems, commentLines: comments };
}
