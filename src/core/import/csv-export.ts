import { stripControlCharacters } from '../card-content/control-characters';

/**
 * Cards as CSV (RFC 4180): fields quoted when they hold a comma, a quote, a line break or
 * leading/trailing space, quotes doubled, CRLF between records, and a UTF-8 byte-order mark so
 * Excel reads the accents. Anki's headers come first, as Anki's own export writes them
 * (rslib/src/import_export/text/csv/export.rs): `#separator:Comma`, `#html:true` (cells are kept
 * as written: Mnemo reads its Markdown back unchanged), and `#columns:` naming the columns, which
 * Mnemo's import recognises and Anki does not take for a note.
 *
 * A cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, `|`, a tab or a
 * carriage return) starts with a single quote (OWASP's CSV injection advice), in every column; a
 * cell that already starts with quotes before one of those gets one more, so the import
 * (`unguardCell`) gives back exactly what was written.
 */

export interface ExportCard {
  deck?: string;
  front: string;
  back: string;
  type: string;
  tags: string;
  state: string;
  due: string;
}

export const CSV_COLUMNS = ['Front', 'Back', 'Type', 'Tags', 'State', 'Due'] as const;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/u;
const FORMULA = /^'*[=+\-@|\t\r]/u;

/** The cell with a leading `'` when a spreadsheet could run it as a formula. */
export function guardCell(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

/** What `guardCell` was given: one leading `'` removed before a formula's first character. */
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA.test(value) ? value.slice(1) : value;
}

export function csvField(raw: string): string {
  const value = guardCell(raw);
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const csvRow = (fields: readonly string[]) => fields.map(csvField).join(',');

/** The file's start: the byte-order mark and Anki's headers, each line ended by CRLF. */
export function csvHead(withDeck: boolean): string {
  const lines = [
    '#separator:Comma',
    '#html:true',
    `#columns:${csvRow(withDeck ? ['Deck', ...CSV_COLUMNS] : CSV_COLUMNS)}`,
  ];
  return `\uFEFF${lines.map((line) => `${line}\r\n`).join('')}`;
}

/** The cards' records, each ended by CRLF (a streamed export writes them a page at a time). */
export function csvRecords(cards: readonly ExportCard[], withDeck: boolean): string {
  let out = '';
  for (const card of cards) {
    const fields = [card.front, card.back, card.type, card.tags, card.state, card.due];
    out += `${csvRow(
      withDeck
        ? [card.deck ?? '', ...fields].map(stripControlCharacters)
        : fields.map(stripControlCharacters),
    )}\r\n`;
  }
  return out;
}

/** The whole file; with `withDeck` the first column is the deck's name. */
export function cardsToCsv(cards: readonly ExportCard[], withDeck: boolean): string {
  return csvHead(withDeck) + csvRecords(cards, withDeck);
}

/** A file name for a download: the deck's name with unsafe characters replaced. */
export function csvFileName(name: string): string {
  const safe = name
    .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
    .trim()
    .slice(0, 100);
  return `${safe || 'cards'}.csv`;
}
