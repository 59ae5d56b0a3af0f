import { clozeRemovalMessage } from '../core/card-content/cloze-siblings';
import {
  createDeckSchema,
  DECK_MESSAGES,
  duplicateDeckSchema,
  updateDeckSchema,
} from '../core/deck-schemas';
import {
  bulkCreateFlashcardsSchema,
  CARD_MESSAGES,
  cardIdsSchema,
  createFlashcardSchema,
  listFlashcardsSchema,
  moveFlashcardsSchema,
  searchFlashcardsSchema,
  updateFlashcardSchema,
} from '../core/flashcard-schemas';
import { deckListQuerySchema, STUDY_MESSAGES, studyQuerySchema } from '../core/study-schemas';
import {
  createDeck,
  deckStats,
  deleteDeck,
  duplicateDeck,
  getDeck,
  listDecks,
  updateDeck,
} from './decks/decks.service';
import {
  bulkCreateFlashcards,
  createFlashcard,
  deleteFlashcards,
  getFlashcard,
  listFlashcards,
  moveFlashcards,
  searchFlashcards,
  updateFlashcard,
} from './flashcards/flashcards.service';
import { cardStatusRoutes } from './flashcards/card-status.routes';
import { type ApiRoute, route } from './http/route-table';
import { fileRoutes } from './files/files.routes';
import { importRoutes } from './imports/imports.routes';
import { generationRoutes } from './generation/generation.routes';
import { studyRoutes } from './study/study.routes';
import { preferenceRoutes } from './preferences/preferences.routes';
import { ankiExportRoutes } from './anki-export/export.routes';
import { importRoutes as ankiImportRoutes } from './import/anki/import.routes';
import { apiTokenRoutes } from './api-tokens/api-tokens.routes';
import { quotaRoutes } from './quotas/quotas.routes';
import { sweepMediaQuietly } from './quotas/media-sweep';
import { mediaRoutes } from './media/media.routes';
import { aiSettingsRoutes } from './ai-settings/ai-settings.routes';

const card = (deckId: string, front = 'What is the capital of France?', back = 'Paris') => ({
  deck_id: deckId,
  card_type: 'qa',
  front_content: front,
  back_content: back,
});

/**
 * Every authenticated route of Mnemo's API. Hono routes, /api/openapi.json and the tenant
 * isolation test are all derived from this table, so a new route joins all three.
 */
export const apiRoutes: ApiRoute[] = [
  route({
    method: 'get',
    path: '/decks',
    tag: 'Decks',
    summary:
      "List the user's decks (most recently updated first); `search` filters by name or description",
    query: deckListQuerySchema,
    example: { query: () => ({ search: 'a', time_zone: 'Europe/Paris' }) },
    handle: async ({ db, user, query }) => ({
      decks: await listDecks(db, user.id, query.search, query.time_zone),
    }),
  }),
  route({
    method: 'post',
    path: '/decks',
    tag: 'Decks',
    summary: 'Create a deck',
    body: createDeckSchema,
    status: 201,
    errors: { 400: [DECK_MESSAGES.nameRequired, DECK_MESSAGES.nameTooLong] },
    example: { body: () => ({ name: 'Matrix deck', description: 'made by the matrix' }) },
    handle: ({ db, user, body }) => createDeck(db, user.id, body),
  }),
  route({
    method: 'get',
    path: '/decks/:deckId',
    tag: 'Decks',
    summary: "Get a deck with its card count and due counts (within today's limits)",
    query: studyQuerySchema,
    errors: { 400: [STUDY_MESSAGES.timeZone], 404: [DECK_MESSAGES.notFound] },
    example: { query: () => ({ time_zone: 'Europe/Paris' }) },
    handle: ({ db, user, params, query }) =>
      getDeck(db, user.id, params.deckId ?? '', query.time_zone),
  }),
  route({
    method: 'patch',
    path: '/decks/:deckId',
    tag: 'Decks',
    summary: 'Update a deck (name, description, daily limits)',
    body: updateDeckSchema,
    errors: {
      400: [DECK_MESSAGES.nameRequired, DECK_MESSAGES.dailyLimit],
      404: [DECK_MESSAGES.notFound],
    },
    example: { body: () => ({ name: 'Renamed', new_cards_per_day: 15 }) },
    handle: ({ db, user, params, body }) => updateDeck(db, user.id, params.deckId ?? '', body),
  }),
  route({
    method: 'delete',
    path: '/decks/:deckId',
    tag: 'Decks',
    summary: 'Delete a deck with all its cards, sessions and reviews',
    errors: { 404: [DECK_MESSAGES.notFound] },
    example: {},
    handle: async ({ db, storage, user, params }) => {
      await deleteDeck(db, user.id, params.deckId ?? '');
      await sweepMediaQuietly(db, storage, user.id);
      return { deleted: true };
    },
  }),
  route({
    method: 'post',
    path: '/decks/:deckId/duplicate',
    tag: 'Decks',
    summary: "Duplicate a deck as '{name} Copy' with fresh copies of its cards",
    body: duplicateDeckSchema,
    status: 201,
    errors: { 404: [DECK_MESSAGES.notFound] },
    example: { body: () => ({}) },
    handle: ({ db, user, params, body, limits }) =>
      duplicateDeck(db, user.id, params.deckId ?? '', body.name, limits.quotas),
  }),
  route({
    method: 'get',
    path: '/decks/:deckId/stats',
    tag: 'Decks',
    summary: "Count the cards of a deck per state, and how many are due within today's limits",
    query: studyQuerySchema,
    errors: { 400: [STUDY_MESSAGES.timeZone], 404: [DECK_MESSAGES.notFound] },
    example: { query: () => ({ time_zone: 'Europe/Paris' }) },
    handle: ({ db, user, params, query }) =>
      deckStats(db, user.id, params.deckId ?? '', query.time_zone),
  }),
  route({
    method: 'get',
    path: '/flashcards',
    tag: 'Flashcards',
    summary: 'List cards, newest first, filtered by deck, type, edited or source job; paginated',
    query: listFlashcardsSchema,
    example: { query: (ids) => ({ deck_id: ids.deckId, limit: '10' }) },
    handle: ({ db, user, query }) => listFlashcards(db, user.id, query),
  }),
  route({
    method: 'post',
    path: '/flashcards',
    tag: 'Flashcards',
    summary:
      "Create a card in one of the user's decks; a cloze card with deletions c1…cN makes N sibling cards (one note_id, one cloze_number each) and answers with the first",
    body: createFlashcardSchema,
    status: 201,
    errors: {
      400: [CARD_MESSAGES.frontRequired, CARD_MESSAGES.backRequired],
      404: [CARD_MESSAGES.deckNotFound],
    },
    example: {
      body: (ids) => ({
        ...card(ids.deckId, '{{c1::Paris}} is the capital of {{c2::France}}'),
        card_type: 'cloze',
        back_content: 'Paris is the capital of France',
      }),
      refersToDeck: true,
    },
    handle: ({ db, user, body, limits }) => createFlashcard(db, user.id, body, limits.quotas),
  }),
  route({
    method: 'post',
    path: '/flashcards/bulk',
    tag: 'Flashcards',
    summary:
      "Create many cards at once; every deck must be the user's; answers with every card made (cloze siblings included)",
    body: bulkCreateFlashcardsSchema,
    status: 201,
    errors: { 404: [CARD_MESSAGES.decksNotFound] },
    example: {
      body: (ids) => ({
        cards: [card(ids.deckId, 'One?', '1'), card(ids.otherDeckId, 'Two?', '2')],
      }),
      refersToDeck: true,
    },
    handle: async ({ db, user, body, limits }) => ({
      flashcards: await bulkCreateFlashcards(db, user.id, body, limits.quotas),
    }),
  }),
  route({
    method: 'post',
    path: '/flashcards/bulk-delete',
    tag: 'Flashcards',
    summary: "Delete several cards (a cloze card with its note's siblings); all or nothing",
    body: cardIdsSchema,
    errors: { 404: [CARD_MESSAGES.notFound] },
    example: { body: (ids) => ({ ids: ids.cardIds }) },
    handle: async ({ db, storage, user, body }) => {
      const deleted = await deleteFlashcards(db, user.id, body.ids);
      await sweepMediaQuietly(db, storage, user.id);
      return deleted;
    },
  }),
  route({
    method: 'post',
    path: '/flashcards/move',
    tag: 'Flashcards',
    summary: "Move cards (a cloze card with its note's siblings) to another of the user's decks",
    body: moveFlashcardsSchema,
    errors: { 404: [CARD_MESSAGES.targetDeckNotFound, CARD_MESSAGES.notFound] },
    example: {
      body: (ids) => ({ ids: ids.cardIds, target_deck_id: ids.otherDeckId }),
      refersToDeck: true,
    },
    handle: ({ db, user, body }) => moveFlashcards(db, user.id, body.ids, body.target_deck_id),
  }),
  route({
    method: 'get',
    path: '/flashcards/search',
    tag: 'Flashcards',
    summary: 'Search the front and back of cards (case-insensitive), optionally in one deck',
    query: searchFlashcardsSchema,
    example: { query: (ids) => ({ q: 'capital', deck_id: ids.deckId }) },
    handle: async ({ db, user, query }) => ({
      flashcards: await searchFlashcards(db, user.id, query.q, query.deck_id, query.limit),
    }),
  }),
  route({
    method: 'get',
    path: '/flashcards/:cardId',
    tag: 'Flashcards',
    summary: 'Get a card',
    errors: { 404: [CARD_MESSAGES.notFound] },
    example: {},
    handle: ({ db, user, params }) => getFlashcard(db, user.id, params.cardId ?? ''),
  }),
  route({
    method: 'patch',
    path: '/flashcards/:cardId',
    tag: 'Flashcards',
    summary:
      'Edit a card (type, front, back) and with it its cloze note: siblings keep their schedules, a new number adds a card, a removed number removes its card only with confirm_removals; marks them as edited',
    body: updateFlashcardSchema,
    errors: {
      400: [CARD_MESSAGES.frontRequired, CARD_MESSAGES.backRequired],
      404: [CARD_MESSAGES.notFound],
      409: [clozeRemovalMessage([2])],
    },
    example: { body: () => ({ front_content: 'Edited front' }) },
    handle: async ({ db, storage, user, params, body, limits }) => {
      const card = await updateFlashcard(db, user.id, params.cardId ?? '', body, limits.quotas);
      await sweepMediaQuietly(db, storage, user.id);
      return card;
    },
  }),
  route({
    method: 'delete',
    path: '/flashcards/:cardId',
    tag: 'Flashcards',
    summary: "Delete a card; a cloze card's note goes with it (every sibling), as in Anki",
    errors: { 404: [CARD_MESSAGES.notFound] },
    example: {},
    handle: async ({ db, storage, user, params }) => {
      const deleted = await deleteFlashcards(db, user.id, [params.cardId ?? '']);
      await sweepMediaQuietly(db, storage, user.id);
      return deleted;
    },
  }),
  ...cardStatusRoutes,
  ...studyRoutes,
  ...preferenceRoutes,
  ...ankiExportRoutes,
  ...generationRoutes,
  ...fileRoutes,
  ...importRoutes,
  ...ankiImportRoutes,
  ...apiTokenRoutes,
  ...mediaRoutes,
  ...aiSettingsRoutes,
  ...quotaRoutes,
];
