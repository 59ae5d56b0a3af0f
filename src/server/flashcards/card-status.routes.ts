import { bulkSuspendSchema, CARD_MESSAGES } from '../../core/flashcard-schemas';
import { STUDY_MESSAGES, studyQuerySchema } from '../../core/study-schemas';
import { type ApiRoute, route } from '../http/route-table';
import { buryCard, setSuspended, suspendCard, unburyCard } from './card-status.service';

/** Suspend, unsuspend, bury and unbury (Anki's card actions); mounted by api-routes.ts. */
export const cardStatusRoutes: ApiRoute[] = [
  route({
    method: 'post',
    path: '/flashcards/bulk-suspend',
    tag: 'Flashcards',
    summary:
      'Suspend (`suspended: true`) or unsuspend several cards; all or nothing. Unsuspended cards go back to their state and due date',
    body: bulkSuspendSchema,
    errors: { 404: [CARD_MESSAGES.notFound] },
    example: { body: (ids) => ({ ids: ids.cardIds, suspended: true }) },
    handle: ({ db, user, body }) => setSuspended(db, user.id, body.ids, body.suspended),
  }),
  route({
    method: 'post',
    path: '/flashcards/:cardId/suspend',
    tag: 'Flashcards',
    summary: 'Suspend a card: it leaves every queue and due count until unsuspended',
    errors: { 404: [CARD_MESSAGES.notFound] },
    example: {},
    handle: ({ db, user, params }) => suspendCard(db, user.id, params.cardId ?? '', true),
  }),
  route({
    method: 'post',
    path: '/flashcards/:cardId/unsuspend',
    tag: 'Flashcards',
    summary: 'Unsuspend a card: it goes back to the state it had, with its due date',
    errors: { 404: [CARD_MESSAGES.notFound] },
    example: {},
    handle: ({ db, user, params }) => suspendCard(db, user.id, params.cardId ?? '', false),
  }),
  route({
    method: 'post',
    path: '/flashcards/:cardId/bury',
    tag: 'Flashcards',
    summary:
      "Bury a card until tomorrow: out of every queue until the user's next study day (4 am in `time_zone`)",
    body: studyQuerySchema,
    errors: { 400: [STUDY_MESSAGES.timeZone], 404: [CARD_MESSAGES.notFound] },
    example: { body: () => ({ time_zone: 'Europe/Paris' }) },
    handle: ({ db, user, params, body }) =>
      buryCard(db, user.id, params.cardId ?? '', body.time_zone),
  }),
  route({
    method: 'post',
    path: '/flashcards/:cardId/unbury',
    tag: 'Flashcards',
    summary: 'Unbury a card: it is back in the queues at once',
    errors: { 404: [CARD_MESSAGES.notFound] },
    example: {},
    handle: ({ db, user, params }) => unburyCard(db, user.id, params.cardId ?? ''),
  }),
];
