import {
  ankiImportFieldsSchema,
  ANKI_IMPORT_MESSAGES,
  IMPORT_JOB_MESSAGES,
  importJobQuerySchema,
} from '../../../core/anki/import-schemas';
import { DECK_MESSAGES } from '../../../core/deck-schemas';
import { REQUEST_MESSAGES } from '../../../core/generation-requests';
import { badRequest } from '../../http/errors';
import { type ApiRoute, route } from '../../http/route-table';
import { getImportJob, startImportJob } from './jobs.service';
import { PACKAGE_MESSAGES } from './package';
import { SCHEMA_MESSAGES } from './collection';

const sampleForm = (deckId: string, ankiPackage: Uint8Array) => {
  const form = new FormData();
  form.set('deck_id', deckId);
  form.set('file', new File([new Uint8Array(ankiPackage)], 'french.apkg'));
  return form;
};

/** Issue 12: importing Anki packages, as background jobs. */
export const importRoutes: ApiRoute[] = [
  route({
    method: 'post',
    path: '/import/anki',
    tag: 'Import',
    summary:
      'Import an Anki package (.apkg or .colpkg, multipart, streamed, at most ANKI_IMPORT_MAX_MB) into a deck (deck_id) or into decks named like its own (keep_decks=true); notes seen before (same GUID) are updated. What the zip itself tells is checked at once (400); then the import runs as a background job, answered at once (202): follow it with GET /api/import/jobs/{importJobId}',
    form: ankiImportFieldsSchema,
    streamFile: (limits) => ({
      maxBytes: limits.ankiImportMaxBytes,
      tooLargeMessage: IMPORT_JOB_MESSAGES.tooLarge(
        Math.round(limits.ankiImportMaxBytes / 1024 / 1024),
      ),
    }),
    fileDescription: '.apkg or .colpkg, at most ANKI_IMPORT_MAX_MB (200 MB by default)',
    status: 202,
    errors: {
      400: [
        REQUEST_MESSAGES.selectFile,
        ANKI_IMPORT_MESSAGES.chooseTarget,
        PACKAGE_MESSAGES.notPackage,
        PACKAGE_MESSAGES.noCollection,
        PACKAGE_MESSAGES.damaged,
        PACKAGE_MESSAGES.tooNew,
        PACKAGE_MESSAGES.suspicious,
      ],
      404: [DECK_MESSAGES.notFoundOrDenied],
      413: [IMPORT_JOB_MESSAGES.tooLarge(200)],
    },
    example: { form: (ids) => sampleForm(ids.deckId, ids.ankiPackage), refersToDeck: true },
    handle: ({ db, storage, user, body, streamed }) => {
      if (!streamed) throw badRequest(REQUEST_MESSAGES.selectFile, 'NO_FILE');
      return startImportJob(db, storage, user.id, streamed, {
        deckId: body.keep_decks === 'true' ? null : (body.deck_id ?? null),
        timeZone: body.time_zone ?? 'UTC',
      });
    },
  }),
  route({
    method: 'get',
    path: '/import/jobs/:importJobId',
    tag: 'Import',
    summary: `An Anki import job: status (pending, processing, completed, failed), phase and progress (done of total), then the summary (notes, cards, decks, reviews, skipped with reasons) or the error — the same messages a refusal would have had, e.g. "${SCHEMA_MESSAGES.unknownSchema('{version}')}". \`wait\` (seconds, at most 30) holds the request until the job changes`,
    query: importJobQuerySchema,
    errors: { 404: [IMPORT_JOB_MESSAGES.notFound] },
    example: { query: () => ({ wait: '0' }) },
    handle: ({ db, user, params, query, c }) =>
      getImportJob(db, user.id, params.importJobId ?? '', query.wait, c.req.raw.signal),
  }),
];
