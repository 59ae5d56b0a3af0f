/**
 * Cards as CSV (RFC 4180): fields quoted when they hold a comma, a quote, a line break or
 * leading/trailing space, quotes doubled, CRLF between records, and a UTF-8 byte-order mark so
 * Excel reads the accents. The first row names the columns, which Mnemo's import recognises.
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

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const csvRow = (fields: readonly string[]) => fields.map(csvField).join(',');

/** The whole file, built in one pass; with `withDeck` the first column is the deck's name. */
export function cardsToCsv(cards: readonly ExportCard[], withDeck: boolean): string {
  const lines = [csvRow(withDeck ? ['Deck', ...CSV_COLUMNS] : CSV_COLUMNS)];
  for (const card of cards) {
    const fields = [card.front, card.back, card.type, card.tags, card.state, card.due];
    lines.push(csvRow(withDeck ? [card.deck ?? '', ...fields] : fields));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A file name for a download: the deck's name with unsafe characters replaced. */
export function csvFileName(name: string): string {
  const safe = name
    .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
    .trim()
    .slice(0, 100);
  return `${safe || 'cards'}.csv`;
}
