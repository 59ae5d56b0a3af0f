import { DECK_MESSAGES } from '../../core/deck-schemas';
import { STUDY_MESSAGES, studyQuerySchema } from '../../core/study-schemas';
import { type ApiRoute, route } from '../http/route-table';
import { EXPORT_MESSAGES, exportAnkiPackage } from './export.service';

/** Export to Anki: a deck, or every deck, as an .apkg. */
export const ankiExportRoutes: ApiRoute[] = [
  route({
    method: 'get',
    path: '/decks/:deckId/export/anki',
    tag: 'Import and export',
    summary:
      'Download a deck as an Anki package (.apkg): cards, scheduling, review history and tags',
    query: studyQuerySchema,
    errors: {
      400: [STUDY_MESSAGES.timeZone],
      404: [DECK_MESSAGES.notFound],
      422: [EXPORT_MESSAGES.tooLarge],
    },
    example: { query: () => ({ time_zone: 'Europe/Paris' }) },
    handle: ({ db, storage, user, params, query }) =>
      exportAnkiPackage(db, storage, user.id, query.time_zone, params.deckId ?? ''),
  }),
  route({
    method: 'get',
    path: '/export/anki',
    tag: 'Import and export',
    summary: 'Download every deck as one Anki package (.apkg)',
    query: studyQuerySchema,
    errors: { 400: [STUDY_MESSAGES.timeZone], 422: [EXPORT_MESSAGES.tooLarge] },
    example: { query: () => ({ time_zone: 'Europe/Paris' }) },
    handle: ({ db, storage, user, query }) =>
      exportAnkiPackage(db, storage, user.id, query.time_zone),
  }),
];
