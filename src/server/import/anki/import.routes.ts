import { ankiImportFieldsSchema, ANKI_IMPORT_MESSAGES } from '../../../core/anki/import-schemas';
import { DECK_MESSAGES } from '../../../core/deck-schemas';
import { REQUEST_MESSAGES } from '../../../core/generation-requests';
import { badRequest } from '../../http/errors';
import { type ApiRoute, route } from '../../http/route-table';
import { importAnkiPackage } from './import.service';
import { PACKAGE_MESSAGES } from './package';
import { SCHEMA_MESSAGES } from './collection';
import { samplePackage } from './test-packages';

const sampleForm = (deckId: string) => {
  const form = new FormData();
  form.set('deck_id', deckId);
  form.set('file', new File([new Uint8Array(samplePackage())], 'french.apkg'));
  return form;
};

/** Issue 12: importing Anki packages. */
export const importRoutes: ApiRoute[] = [
  route({
    method: 'post',
    path: '/import/anki',
    tag: 'Import',
    summary:
      'Import an Anki package (.apkg or .colpkg, multipart, at most 10 MB) into a deck (deck_id) or into decks named like its own (keep_decks=true); notes seen before (same GUID) are updated. Answers what was imported and what was skipped, and why',
    form: ankiImportFieldsSchema,
    errors: {
      400: [
        REQUEST_MESSAGES.selectFile,
        ANKI_IMPORT_MESSAGES.chooseTarget,
        PACKAGE_MESSAGES.notPackage,
        PACKAGE_MESSAGES.noCollection,
        PACKAGE_MESSAGES.damaged,
        PACKAGE_MESSAGES.tooNew,
        PACKAGE_MESSAGES.suspicious,
        SCHEMA_MESSAGES.unknownSchema('{version}'),
      ],
      404: [DECK_MESSAGES.notFoundOrDenied],
      413: [REQUEST_MESSAGES.fileTooLarge],
    },
    example: { form: (ids) => sampleForm(ids.deckId), refersToDeck: true },
    handle: ({ db, storage, user, body, file }) => {
      if (!file) throw badRequest(REQUEST_MESSAGES.selectFile, 'NO_FILE');
      return importAnkiPackage(db, storage, user.id, file.bytes, {
        deckId: body.keep_decks === 'true' ? null : (body.deck_id ?? null),
      });
    },
  }),
];
