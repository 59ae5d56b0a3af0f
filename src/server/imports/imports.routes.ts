import { DECK_MESSAGES } from '../../core/deck-schemas';
import {
  previewTextImportSchema,
  textFileImportSchema,
  textImportSchema,
} from '../../core/import/import-schemas';
import { REQUEST_MESSAGES } from '../../core/generation-requests';
import { PLAN_MESSAGES } from '../../core/import/text-import-plan';
import { IMPORT_MESSAGES } from '../../core/import/text-import-cards';
import { TEXT_IMPORT_MESSAGES } from '../../core/import/text-import';
import { type ApiRoute, route } from '../http/route-table';
import { exportAllCsv, exportDeckCsv } from './csv-export.service';
import { badRequest } from '../http/errors';
import type { UploadedFile } from '../files/multipart';
import { fileText, importText, previewTextImport, TEXT_FILE_MESSAGES } from './text-import.service';

const sample = 'Term\tDefinition\nhola\thello\nadiós\tgoodbye\n';
const importErrors = {
  400: [
    IMPORT_MESSAGES.textRequired,
    IMPORT_MESSAGES.tooManyRows,
    TEXT_IMPORT_MESSAGES.noRows,
    PLAN_MESSAGES.tooManyColumns(120),
    'The back column is 3 but the text has 2 columns',
  ],
  404: [DECK_MESSAGES.notFoundOrDenied],
  422: [TEXT_FILE_MESSAGES.tooSlow],
};
const fileErrors = {
  ...importErrors,
  400: [...importErrors[400], REQUEST_MESSAGES.selectFile, TEXT_FILE_MESSAGES.notUtf8],
  413: [REQUEST_MESSAGES.fileTooLarge],
};
const sampleFile = (fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', new File([sample], 'words.tsv', { type: 'text/tab-separated-values' }));
  return form;
};
const textOf = (file: UploadedFile | null) => {
  if (!file) throw badRequest(REQUEST_MESSAGES.selectFile, 'NO_FILE');
  return fileText(file.bytes);
};
const FILE_DESCRIPTION = 'A CSV, TSV or text file in UTF-8, at most 10 MB';

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
    handle: ({ db, user, params, body, limits }) =>
      importText(db, user.id, params.deckId ?? '', body, limits.quotas),
  }),
  route({
    method: 'post',
    path: '/decks/:deckId/import/text/file/preview',
    tag: 'Import and export',
    summary:
      'Preview the import of a text file (multipart, at most 10 MB, UTF-8): as the preview of pasted text, with the mapping as JSON in the `mapping` field',
    form: textFileImportSchema,
    fileDescription: FILE_DESCRIPTION,
    errors: fileErrors,
    example: { form: () => sampleFile() },
    handle: ({ db, user, params, body, file }) =>
      previewTextImport(db, user.id, params.deckId ?? '', {
        text: textOf(file),
        mapping: body.mapping,
      }),
  }),
  route({
    method: 'post',
    path: '/decks/:deckId/import/text/file',
    tag: 'Import and export',
    summary:
      'Import cards from a text file (multipart, at most 10 MB, UTF-8) with a column mapping (JSON in `mapping`) and `skip_bad_lines` (true or false), as the import of pasted text',
    form: textFileImportSchema,
    fileDescription: FILE_DESCRIPTION,
    status: 201,
    errors: fileErrors,
    example: { form: () => sampleFile({ mapping: '{"front":1,"back":2}' }) },
    handle: ({ db, user, params, body, file, limits }) =>
      importText(
        db,
        user.id,
        params.deckId ?? '',
        { text: textOf(file), mapping: body.mapping, skip_bad_lines: body.skip_bad_lines },
        limits.quotas,
      ),
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
