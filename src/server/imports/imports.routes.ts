import { DECK_MESSAGES } from '../../core/deck-schemas';
import { previewTextImportSchema, textImportSchema } from '../../core/import/import-schemas';
import { IMPORT_MESSAGES } from '../../core/import/text-import-cards';
import { TEXT_IMPORT_MESSAGES } from '../../core/import/text-import';
import { type ApiRoute, route } from '../http/route-table';
import { exportAllCsv, exportDeckCsv } from './csv-export.service';
import { importText, previewTextImport } from './text-import.service';

const sample = 'Term\tDefinition\nhola\thello\nadiós\tgoodbye\n';
const importErrors = {
  400: [
    IMPORT_MESSAGES.textRequired,
    IMPORT_MESSAGES.tooManyRows,
    TEXT_IMPORT_MESSAGES.noRows,
    'The back column is 3 but the text has 2 columns',
  ],
  404: [DECK_MESSAGES.notFoundOrDenied],
};

/** Import cards from text (CSV, TSV, Anki's text format, Quizlet) and export them as CSV. */
export const importRoutes: ApiRoute[] = [
  route({
    method: 'post',
    path: '/decks/:deckId/import/text/preview',
    tag: 'Import and export',
    summary:
      'Preview a text import: the detected format and separator, the columns, the first 20 rows, the suggested (or given) column mapping and every bad line by number',
    body: previewTextImportSchema,
    errors: importErrors,
    example: { body: () => ({ text: sample }) },
    handle: ({ db, user, params, body }) =>
      previewTextImport(db, user.id, params.deckId ?? '', body),
  }),
  route({
    method: 'post',
    path: '/decks/:deckId/import/text',
    tag: 'Import and export',
    summary:
      'Import cards from text with a column mapping (front, back, type, tags; numbered from 1). Bad lines refuse the import unless `skip_bad_lines`; the good rows are written in one transaction',
    body: textImportSchema,
    status: 201,
    errors: {
      ...importErrors,
      400: [...importErrors[400], IMPORT_MESSAGES.badLines(2) + ': line 3: The front is empty; …'],
    },
    example: { body: () => ({ text: sample, mapping: { front: 1, back: 2 } }) },
    handle: ({ db, user, params, body }) => importText(db, user.id, params.deckId ?? '', body),
  }),
  route({
    method: 'get',
    path: '/decks/:deckId/export/csv',
    tag: 'Import and export',
    summary:
      "Download a deck's cards as CSV (UTF-8 with BOM): Front, Back, Type, Tags, State, Due; one row per note",
    errors: { 404: [DECK_MESSAGES.notFoundOrDenied] },
    example: {},
    handle: ({ db, user, params }) => exportDeckCsv(db, user.id, params.deckId ?? ''),
  }),
  route({
    method: 'get',
    path: '/export/csv',
    tag: 'Import and export',
    summary: "Download all the user's cards as CSV, with the deck's name in the first column",
    example: {},
    handle: ({ db, user }) => exportAllCsv(db, user.id),
  }),
];
