import { randomUUID } from 'node:crypto';
import { DECK_MESSAGES } from '../../core/deck-schemas';
import {
  reviewSchema,
  startSessionSchema,
  statsQuerySchema,
  STUDY_MESSAGES,
  studyQuerySchema,
} from '../../core/study-schemas';
import {
  OFFLINE_MESSAGES,
  offlineCopyQuerySchema,
  offlineSessionSchema,
} from '../../core/offline-schemas';
import { recordOfflineSession } from './offline-session.service';
import { type ApiRoute, route } from '../http/route-table';
import { offlineCopy } from './offline.service';
import { studyStatistics } from './stats.service';
import { getTuning, startTuning } from './tuning.service';
import {
  completeSession,
  dueCardsInfo,
  getSession,
  sessionPreview,
  startSession,
} from './study.service';
import { reviewCard, undoLastReview } from './answers.service';

/** Study: due counts, session preview, sessions, reviews, undo and statistics. */
export const studyRoutes: ApiRoute[] = [
  route({
    method: 'get',
    path: '/decks/:deckId/due',
    tag: 'Study',
    summary:
      "Due-cards info of a deck: new and due cards a session now would hold (today's limits)",
    query: studyQuerySchema,
    errors: { 400: [STUDY_MESSAGES.timeZone], 404: [DECK_MESSAGES.notFound] },
    example: { query: () => ({ time_zone: 'Europe/Paris' }) },
    handle: ({ db, user, params, query }) =>
      dueCardsInfo(db, user.id, params.deckId ?? '', query.time_zone),
  }),
  route({
    method: 'get',
    path: '/decks/:deckId/study/preview',
    tag: 'Study',
    summary:
      "Session preview: deck name, new and due cards within today's limits, estimated minutes",
    query: studyQuerySchema,
    errors: { 400: [STUDY_MESSAGES.timeZone], 404: [DECK_MESSAGES.notFound] },
    example: { query: () => ({ time_zone: 'Europe/Paris' }) },
    handle: ({ db, user, params, query }) =>
      sessionPreview(db, user.id, params.deckId ?? '', query.time_zone),
  }),
  route({
    method: 'get',
    path: '/decks/:deckId/study/offline',
    tag: 'Study',
    summary:
      'A deck kept for offline study: settings, answers today and the cards of the next days',
    query: offlineCopyQuerySchema,
    errors: {
      400: [STUDY_MESSAGES.timeZone, OFFLINE_MESSAGES.days],
      404: [DECK_MESSAGES.notFound],
    },
    example: { query: () => ({ time_zone: 'Europe/Paris', days: '3' }) },
    handle: ({ db, user, params, query }) => offlineCopy(db, user.id, params.deckId ?? '', query),
  }),
  route({
    method: 'post',
    path: '/decks/:deckId/study/offline-sessions',
    tag: 'Study',
    summary:
      'Record a session studied offline (its client-made id and start; completed_at completes it): a resend changes nothing',
    body: offlineSessionSchema,
    errors: {
      400: [
        STUDY_MESSAGES.timeZone,
        OFFLINE_MESSAGES.sessionId,
        OFFLINE_MESSAGES.startedAt,
        OFFLINE_MESSAGES.completedAt,
      ],
      404: [DECK_MESSAGES.notFound],
      409: [OFFLINE_MESSAGES.sessionIdUsed],
    },
    example: {
      body: () => ({
        id: `offline-${randomUUID()}`,
        time_zone: 'UTC',
        started_at: new Date(Date.now() - 60_000).toISOString(),
      }),
    },
    handle: ({ db, user, params, body }) =>
      recordOfflineSession(db, user.id, params.deckId ?? '', body),
  }),
  route({
    method: 'post',
    path: '/decks/:deckId/study/sessions',
    tag: 'Study',
    summary:
      'Start a fresh session (abandoned sessions are completed first) and get its queue of cards',
    body: startSessionSchema,
    status: 201,
    errors: {
      400: [STUDY_MESSAGES.timeZone],
      404: [DECK_MESSAGES.notFound],
      409: [STUDY_MESSAGES.nothingToStudy],
    },
    example: { body: () => ({ session_type: 'mixed', time_zone: 'UTC' }) },
    handle: ({ db, user, params, body }) => startSession(db, user.id, params.deckId ?? '', body),
  }),
  route({
    method: 'get',
    path: '/study/sessions/:sessionId',
    tag: 'Study',
    summary: 'Get a learning session with its counters',
    errors: { 404: [STUDY_MESSAGES.sessionNotFound] },
    example: {},
    handle: ({ db, user, params }) => getSession(db, user.id, params.sessionId ?? ''),
  }),
  route({
    method: 'post',
    path: '/study/sessions/:sessionId/reviews',
    tag: 'Study',
    summary:
      'Record an answer (again, hard, good, easy) with a client-made id: a resend is recorded once',
    body: reviewSchema,
    errors: {
      400: [STUDY_MESSAGES.noActiveSession, STUDY_MESSAGES.response, STUDY_MESSAGES.reviewId],
      404: [STUDY_MESSAGES.sessionNotFound, STUDY_MESSAGES.cardNotFound],
      409: ['This review id was already used for another answer', STUDY_MESSAGES.cardSuspended],
    },
    example: {
      body: (ids) => ({
        id: `review-${ids.cardId}`,
        card_id: ids.cardId,
        response: 'good',
        response_time_seconds: 4,
      }),
    },
    handle: ({ db, user, params, body }) => reviewCard(db, user.id, params.sessionId ?? '', body),
  }),
  route({
    method: 'post',
    path: '/study/sessions/:sessionId/undo',
    tag: 'Study',
    summary: "Take back the session's last answer: the card returns to its previous schedule",
    errors: { 400: [STUDY_MESSAGES.noActiveSession], 404: [STUDY_MESSAGES.sessionNotFound] },
    example: {},
    handle: ({ db, user, params }) => undoLastReview(db, user.id, params.sessionId ?? ''),
  }),
  route({
    method: 'post',
    path: '/study/sessions/:sessionId/complete',
    tag: 'Study',
    summary: 'Complete a session (completed_at, duration, counts); repeating it is harmless',
    errors: { 404: [STUDY_MESSAGES.sessionNotFound] },
    example: {},
    handle: ({ db, user, params }) => completeSession(db, user.id, params.sessionId ?? ''),
  }),
  route({
    method: 'post',
    path: '/decks/:deckId/fsrs/tune',
    tag: 'Study',
    summary:
      "Tune FSRS to the deck's own review log in the background (needs 400 reviews); answers the state",
    body: studyQuerySchema,
    errors: { 400: [STUDY_MESSAGES.timeZone], 404: [DECK_MESSAGES.notFound] },
    example: { body: () => ({ time_zone: 'UTC' }) },
    handle: ({ db, user, params, body }) =>
      startTuning(db, user.id, params.deckId ?? '', body.time_zone),
  }),
  route({
    method: 'get',
    path: '/decks/:deckId/fsrs/tune',
    tag: 'Study',
    summary: 'The last FSRS tuning of the deck: status, log loss and RMSE before and after',
    errors: { 404: [DECK_MESSAGES.notFound] },
    example: {},
    handle: ({ db, user, params }) => getTuning(db, user.id, params.deckId ?? ''),
  }),
  route({
    method: 'get',
    path: '/stats',
    tag: 'Study',
    summary:
      'Study statistics, overall or for one deck: states, sessions, retention, streak, heatmap, forecast',
    query: statsQuerySchema,
    errors: { 400: [STUDY_MESSAGES.timeZone], 404: [DECK_MESSAGES.notFound] },
    example: { query: (ids) => ({ deck_id: ids.deckId, time_zone: 'America/New_York' }) },
    handle: ({ db, user, query }) => studyStatistics(db, user.id, query),
  }),
];
