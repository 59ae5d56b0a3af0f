import { ANKI_EXPORT_MESSAGES, ankiExportQuerySchema } from '../../core/anki-export/export-schemas';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import { STUDY_MESSAGES } from '../../core/study-schemas';
import { type ApiRoute, route } from '../http/route-table';
import { EXPORT_MESSAGES, exportAnkiPackage } from './export.service';

const FORMAT =
  '`format=current` (default) writes the package of Anki 2.1.50 and later (zstd-compressed ' +
  'schema-18 collection); `format=legacy` a schema-11 `collection.anki21` for older Ankis';

/** Export to Anki: a deck, or every deck, as an .apkg. */
export const ankiExportRoutes: ApiRoute[] = [
  route({
    method: 'get',
    path: '/decks/:deckId/export/anki',
    tag: 'Import and export',
    summary: `Download a deck as an Anki package (.apkg): cards, scheduling, review history and tags. ${FORMAT}`,
    query: ankiExportQuerySchema,
    errors: {
      400: [STUDY_MESSAGES.timeZone, ANKI_EXPORT_MESSAGES.format],
      404: [DECK_MESSAGES.notFound],
      422: [EXPORT_MESSAGES.tooLarge],
      429: [EXPORT_MESSAGES.busy],
    },
    example: { query: () => ({ time_zone: 'Europe/Paris' }) },
    handle: ({ db, storage, user, params, query }) =>
      exportAnkiPackage(db, storage, user.id, query.time_zone, params.deckId ?? '', query.format),
  }),
  route({
    method: 'get',
    path: '/export/anki',
    tag: 'Import and export',
    summary: `Download every deck as one Anki package (.apkg). ${FORMAT}`,
    query: ankiExportQuerySchema,
    errors: {
      400: [STUDY_MESSAGES.timeZone, ANKI_EXPORT_MESSAGES.format],
      422: [EXPORT_MESSAGES.tooLarge],
      429: [EXPORT_MESSAGES.busy],
    },
    example: { query: () => ({ time_zone: 'Europe/Paris' }) },
    handle: ({ db, storage, user, query }) =>
      exportAnkiPackage(db, storage, user.id, query.time_zone, undefined, query.format),
  }),
];
