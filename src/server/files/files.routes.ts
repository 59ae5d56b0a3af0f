import { z } from 'zod';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import { FILE_MESSAGES } from '../../core/file-paths';
import {
  fileGenerationFieldsSchema,
  GENERATION_MESSAGES,
  REQUEST_MESSAGES,
} from '../../core/generation-requests';
import { type ApiRoute, route } from '../http/route-table';
import { createFileJob, deleteFile, downloadFile, listFiles } from './files.service';

const filePathQuery = z.strictObject({
  path: z
    .string({ message: 'path is required' })
    .min(1, 'path is required')
    .max(300, 'path is too long'),
});

/** A small text file for the tenant matrix's requests. */
const sampleUpload = (deckId: string) => {
  const form = new FormData();
  form.set('deckId', deckId);
  form.set('generationStrategy', 'key_concepts');
  form.set(
    'file',
    new File(
      ['Photosynthesis is the process by which plants turn light into chemical energy.'],
      'notes.txt',
      { type: 'text/plain' },
    ),
  );
  return form;
};

/** Uploaded files: generate from one, list, download and remove (owner only). */
export const fileRoutes: ApiRoute[] = [
  route({
    method: 'post',
    path: '/generation/file',
    tag: 'Generation',
    summary:
      'Start generating cards from an uploaded .txt, .md, .pdf, .docx or .doc (multipart, at most 10 MB); the file is stored and the pending job answered',
    form: fileGenerationFieldsSchema,
    status: 201,
    errors: {
      400: [REQUEST_MESSAGES.selectFile, REQUEST_MESSAGES.noDeckId],
      404: [DECK_MESSAGES.notFoundOrDenied],
      413: [REQUEST_MESSAGES.fileTooLarge, 'Storage exceeds your {quota} limit: …'],
      415: [REQUEST_MESSAGES.unsupportedFileType],
      422: ['Failed to process file: {msg}', GENERATION_MESSAGES.extractFile],
      503: ['Failed to upload file: {msg}'],
    },
    example: { form: (ids) => sampleUpload(ids.deckId), refersToDeck: true },
    handle: ({ db, storage, user, body, file, limits }) =>
      createFileJob(
        db,
        storage,
        user.id,
        {
          deckId: body.deckId,
          strategy: body.generationStrategy,
          cardTypes: body.requestedCardTypes,
        },
        file,
        new Date(),
        limits.quotas,
      ),
  }),
  route({
    method: 'get',
    path: '/files',
    tag: 'Files',
    summary:
      "List the user's stored files (name, size, createdAt, updatedAt, path, publicUrl, and the upload's title and deck)",
    errors: { 503: ['Failed to list files: {msg}'] },
    example: {},
    handle: async ({ db, storage, user }) => ({ files: await listFiles(db, storage, user.id) }),
  }),
  route({
    method: 'get',
    path: '/files/content',
    tag: 'Files',
    summary: "Download one of the user's stored files",
    query: filePathQuery,
    errors: {
      403: [FILE_MESSAGES.accessDenied],
      404: [FILE_MESSAGES.notFound],
      503: ['Failed to download file: {msg}'],
    },
    example: { query: (ids) => ({ path: ids.filePath }), foreignStatus: 403 },
    handle: ({ db, storage, user, query }) => downloadFile(db, storage, user.id, query.path),
  }),
  route({
    method: 'delete',
    path: '/files',
    tag: 'Files',
    summary: "Remove one of the user's stored files (jobs made from it keep their text)",
    query: filePathQuery,
    errors: {
      403: [FILE_MESSAGES.accessDenied],
      404: [FILE_MESSAGES.notFound],
      503: ['Failed to delete file: {msg}'],
    },
    example: { query: (ids) => ({ path: ids.filePath }), foreignStatus: 403 },
    handle: ({ storage, user, query }) => deleteFile(storage, user.id, query.path),
  }),
];
