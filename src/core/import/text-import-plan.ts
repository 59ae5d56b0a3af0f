/**
 * One text import, read and checked: the parse, the mapping, the size limits, the cards and the
 * bad lines — or the reason the text cannot be imported at all. Pure, so the server runs it in a
 * worker thread (a 10 MB file takes a while) and the tests run it directly.
 */
import type { TextImportPreview } from './import-schemas';
import {
  cardsFromRows,
  type ColumnMapping,
  defaultMapping,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportedCard,
  mappingProblem,
  PREVIEW_ROWS,
} from './text-import-cards';
import { parseImportText, TEXT_IMPORT_MESSAGES, type TextProblem } from './text-import';

/** Columns one import may have: more means the separator was guessed wrong. */
export const IMPORT_MAX_COLUMNS = 100;

export const PLAN_MESSAGES = {
  tooManyColumns: (count: number) =>
    `The text has ${count.toLocaleString('en-US')} columns; at most ${IMPORT_MAX_COLUMNS} can be imported. Is the separator right?`,
} as const;

export type PlanRefusal = { ok: false; code: string; message: string };

export type TextImportPlan =
  | { ok: true; preview: TextImportPreview; cards: ImportedCard[]; problems: TextProblem[] }
  | PlanRefusal;

const refuse = (code: string, message: string): PlanRefusal => ({ ok: false, code, message });

/** Reads the text under the requested mapping (the file's suggested one when none). */
export function planTextImport(text: string, requested?: ColumnMapping): TextImportPlan {
  const parsed = parseImportText(text, {
    hashLinesAsCards: requested?.hash_lines === 'cards',
    separator: requested?.separator,
  });
  if (parsed.rows.length === 0 && parsed.problems.length === 0) {
    return refuse('NO_ROWS', TEXT_IMPORT_MESSAGES.noRows);
  }
  if (parsed.columns.length > IMPORT_MAX_COLUMNS) {
    return refuse('TOO_MANY_COLUMNS', PLAN_MESSAGES.tooManyColumns(parsed.columns.length));
  }
  if (parsed.rows.length + parsed.problems.length > IMPORT_MAX_ROWS) {
    return refuse('TOO_MANY_ROWS', IMPORT_MESSAGES.tooManyRows);
  }
  // A separator chosen in the preview changes the columns: a mapping that no longer fits gives
  // way to the one the text now suggests (the choices of separator and # lines kept).
  const fits = requested && !mappingProblem(requested, parsed.columns.length);
  const mapping =
    requested && (fits || requested.separator === undefined)
      ? requested
      : requested
        ? {
            ...defaultMapping(parsed),
            separator: requested.separator,
            hash_lines: requested.hash_lines,
          }
        : defaultMapping(parsed);
  const problem = mappingProblem(mapping, parsed.columns.length);
  if (problem) return refuse('BAD_MAPPING', problem);
  const { cards, problems } = cardsFromRows(parsed, mapping);
  const preview: TextImportPreview = {
    format: parsed.format,
    separator: parsed.separator,
    html: parsed.html,
    column_count: parsed.columns.length,
    columns: parsed.columns,
    mapping,
    rows: parsed.rows.slice(0, PREVIEW_ROWS),
    total_rows: parsed.rows.length + parsed.problems.length,
    card_count: cards.length,
    comment_lines: parsed.commentLines,
    problems,
    deck: parsed.headers.deck ?? null,
    notetype: parsed.headers.notetype ?? null,
    tags: parsed.headers.tags,
    meta_columns: {
      guid: parsed.headers.guidColumn ?? null,
      notetype: parsed.headers.notetypeColumn ?? null,
      deck: parsed.headers.deckColumn ?? null,
      tags: parsed.headers.tagsColumn ?? null,
    },
  };
  return { ok: true, preview, cards, problems };
}
