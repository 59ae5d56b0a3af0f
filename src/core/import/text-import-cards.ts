/**
 * From the rows of a text file to cards: the user's column mapping (front, back, type, tags;
 * columns numbered from 1), the file's own tags, and the rows that cannot become a card.
 */
import { z } from 'zod';
import { clozeNumbers } from '../card-content/cloze';
import { stripControlCharacters } from '../card-content/control-characters';
import { unguardCell } from './csv-export';
import {
  CARD_CONTENT_MAX,
  CARD_MESSAGES,
  CLOZE_NUMBERS_MAX,
  type CardType,
} from '../flashcard-schemas';
import { normalizeTags } from '../tags';
import {
  type ParsedText,
  TEXT_IMPORT_MESSAGES,
  type TextProblem,
  type TextRow,
} from './text-import';

/** Rows one import may hold. */
export const IMPORT_MAX_ROWS = 50_000;
/** Rows a preview shows. */
export const PREVIEW_ROWS = 20;

export const IMPORT_MESSAGES = {
  tooManyRows: `An import can hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows`,
  textRequired: 'Paste some text or choose a file',
  column: 'Columns are numbered from 1',
  noSuchColumn: (role: string, column: number, count: number) =>
    `The ${role} column is ${column} but the text has ${count} column${count === 1 ? '' : 's'}`,
  badLines: (count: number) =>
    `${count} line${count === 1 ? '' : 's'} cannot be imported; skip ${count === 1 ? 'it' : 'them'} or fix the text`,
} as const;

const column = z.number({ message: IMPORT_MESSAGES.column }).int().min(1, IMPORT_MESSAGES.column);

export const columnMappingSchema = z.strictObject({
  front: column.default(1),
  back: column.nullable().default(2),
  type: column.nullable().default(null),
  tags: column.nullable().default(null),
  /** Lines starting with `#` after the headers: comments (Anki's rule), or cards (issue 20). */
  hash_lines: z.enum(['comments', 'cards']).optional(),
  /** The separator chosen in the preview over the detected one (issue 20). */
  separator: z.enum(['\t', ',', ';', '|', ' ', ':']).optional(),
});
export type ColumnMapping = z.output<typeof columnMappingSchema>;

export interface ImportedCard {
  line: number;
  card_type: CardType;
  front_content: string;
  back_content: string;
  tags: string[];
}

/**
 * The mapping a file suggests: columns named Front, Back, Type and Tags; else the first two
 * columns that are not Anki's meta columns, the type from `#notetype column:` (a note type
 * named Cloze makes cloze cards) and the tags from `#tags column:`.
 */
export function defaultMapping(parsed: ParsedText): ColumnMapping {
  const count = parsed.columns.length;
  const named = (name: string) => {
    const index = parsed.columns.findIndex((label) => label.toLowerCase() === name);
    return index === -1 ? null : index + 1;
  };
  const front = named('front');
  if (front !== null) {
    return { front, back: named('back'), type: named('type'), tags: named('tags') };
  }
  const { tagsColumn, notetypeColumn, deckColumn, guidColumn } = parsed.headers;
  const within = (index: number | undefined) => (index && index <= count ? index : null);
  // Anki's meta columns (guid, note type, deck, tags) are never a card's front or back.
  const meta = new Set([tagsColumn, notetypeColumn, deckColumn, guidColumn]);
  const free = Array.from({ length: count }, (_, index) => index + 1).filter(
    (index) => !meta.has(index),
  );
  return {
    front: free[0] ?? 1,
    back: free[1] ?? null,
    type: within(notetypeColumn),
    tags: within(tagsColumn),
  };
}

/** The first mapped column the text does not have, as a message, or null. */
export function mappingProblem(mapping: ColumnMapping, count: number): string | null {
  for (const role of ['front', 'back', 'type', 'tags'] as const) {
    const index = mapping[role];
    if (index !== null && index > count) return IMPORT_MESSAGES.noSuchColumn(role, index, count);
  }
  return null;
}

/** Plain text kept as written: only what would read as an HTML tag is escaped. */
const plain = (field: string) => field.replace(/<(?=[a-z!/?])/giu, '&lt;');

const typeOf = (value: string | undefined, front: string): CardType => {
  const word = (value ?? '').trim().toLowerCase();
  if (word.includes('cloze')) return 'cloze';
  if (word) return 'qa';
  return clozeNumbers(front).length > 0 ? 'cloze' : 'qa';
};

function rowCard(row: TextRow, mapping: ColumnMapping, parsed: ParsedText) {
  // A cell guarded against formula injection ('=…, as Mnemo's CSV export writes) as it was.
  const field = (index: number | null) =>
    index === null ? '' : unguardCell(row.fields[index - 1] ?? '');
  const content = (index: number | null) => {
    const value = stripControlCharacters(field(index)).trim();
    return parsed.html ? value : plain(value);
  };
  const front = content(mapping.front);
  const back = content(mapping.back);
  const type = typeOf(mapping.type === null ? undefined : field(mapping.type), front);
  const tags = normalizeTags([...parsed.headers.tags, field(mapping.tags)]);
  return { line: row.line, card_type: type, front_content: front, back_content: back, tags };
}

function cardProblem(card: ImportedCard): string | null {
  if (!card.front_content) return TEXT_IMPORT_MESSAGES.emptyFront;
  if (card.front_content.length > CARD_CONTENT_MAX) {
    return TEXT_IMPORT_MESSAGES.frontTooLong(CARD_CONTENT_MAX);
  }
  if (card.back_content.length > CARD_CONTENT_MAX) {
    return TEXT_IMPORT_MESSAGES.backTooLong(CARD_CONTENT_MAX);
  }
  if (card.card_type === 'qa' && !card.back_content) return TEXT_IMPORT_MESSAGES.emptyBack;
  if (card.card_type === 'cloze') {
    const numbers = clozeNumbers(card.front_content).length;
    if (numbers === 0) return TEXT_IMPORT_MESSAGES.clozeWithoutDeletion;
    // The cap every other way of making cards has (one sibling card per number; issue 21).
    if (numbers > CLOZE_NUMBERS_MAX) return CARD_MESSAGES.tooManyClozes;
  }
  return null;
}

/** The cards of the rows under a mapping, and every line that cannot be imported, in order. */
export function cardsFromRows(
  parsed: ParsedText,
  mapping: ColumnMapping,
): { cards: ImportedCard[]; problems: TextProblem[] } {
  const cards: ImportedCard[] = [];
  const problems: TextProblem[] = [...parsed.problems];
  for (const row of parsed.rows) {
    const card = rowCard(row, mapping, parsed);
    const problem = cardProblem(card);
    if (problem) problems.push({ line: row.line, message: problem });
    else cards.push(card);
  }
  problems.sort((a, b) => a.line - b.line);
  return { cards, problems };
}
