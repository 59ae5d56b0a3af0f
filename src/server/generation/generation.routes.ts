import { DECK_MESSAGES } from '../../core/deck-schemas';
import {
  GENERATION_MESSAGES,
  jobListSchema,
  jobStatsQuerySchema,
  jobStatusQuerySchema,
  REQUEST_MESSAGES,
  textGenerationSchema,
  urlGenerationSchema,
} from '../../core/generation-requests';
import { fetchUrlContent } from '../intake/fetch-url';
import { type ApiRoute, route } from '../http/route-table';
import {
  cancelJob,
  createJob,
  createUrlJob,
  deleteJob,
  dismissJobWarnings,
  getJob,
  jobStats,
  jobStatus,
  listJobs,
  retryJob,
} from './jobs.service';

/** Generation: start from text (URL and file in intake.routes), follow, cancel, retry. */
export const generationRoutes: ApiRoute[] = [
  route({
    method: 'post',
    path: '/generation/text',
    tag: 'Generation',
    summary:
      'Start generating cards from pasted text (or a text file read in the browser, with fileName); answers the pending job',
    body: textGenerationSchema,
    status: 201,
    errors: {
      400: [
        REQUEST_MESSAGES.enterText,
        REQUEST_MESSAGES.noDeckId,
        'Invalid content: Content is empty',
      ],
      404: [DECK_MESSAGES.notFoundOrDenied],
    },
    example: {
      body: (ids) => ({
        deckId: ids.deckId,
        content:
          'The mitochondrion is the powerhouse of the cell. It produces ATP through cellular respiration.',
        generationStrategy: 'key_concepts',
        requestedCardTypes: ['qa'],
      }),
      refersToDeck: true,
    },
    handle: ({ db, user, body }) =>
      createJob(db, user.id, {
        deckId: body.deckId,
        inputType: body.fileName ? 'file' : 'text',
        sourceTitle: body.fileName ?? null,
        content: body.content,
        strategy: body.generationStrategy,
        cardTypes: body.requestedCardTypes,
      }),
  }),
  route({
    method: 'post',
    path: '/generation/url',
    tag: 'Generation',
    summary:
      'Start generating cards from a web page (fetched on the server through an SSRF filter); answers the pending job',
    body: urlGenerationSchema,
    status: 201,
    errors: {
      400: [REQUEST_MESSAGES.enterUrl, REQUEST_MESSAGES.invalidUrl],
      404: [DECK_MESSAGES.notFoundOrDenied],
      422: ['Failed to process URL: {msg}', GENERATION_MESSAGES.extractUrl],
    },
    example: {
      // Loopback is refused by the SSRF filter, so the owner gets the intake error (422).
      body: (ids) => ({ deckId: ids.deckId, url: 'http://127.0.0.1:9/article' }),
      refersToDeck: true,
      ownerStatus: 422,
    },
    handle: ({ db, user, body }) =>
      createUrlJob(
        db,
        user.id,
        {
          deckId: body.deckId,
          url: body.url,
          strategy: body.generationStrategy,
          cardTypes: body.requestedCardTypes,
        },
        (url) => fetchUrlContent(url),
      ),
  }),
  route({
    method: 'get',
    path: '/generation/jobs',
    tag: 'Generation',
    summary: "List the user's generation jobs, newest first, by deck, status or input type",
    query: jobListSchema,
    errors: { 404: [DECK_MESSAGES.notFound] },
    example: { query: (ids) => ({ deck_id: ids.deckId }) },
    handle: ({ db, user, query }) => listJobs(db, user.id, query),
  }),
  route({
    method: 'get',
    path: '/generation/stats',
    tag: 'Generation',
    summary: 'Jobs per status and the success rate (completed / total, in percent)',
    query: jobStatsQuerySchema,
    errors: { 404: [DECK_MESSAGES.notFound] },
    example: { query: (ids) => ({ deck_id: ids.deckId }) },
    handle: ({ db, user, query }) => jobStats(db, user.id, query.deck_id),
  }),
  route({
    method: 'get',
    path: '/generation/jobs/:jobId',
    tag: 'Generation',
    summary: 'Get a generation job',
    errors: { 404: [GENERATION_MESSAGES.jobNotFound] },
    example: {},
    handle: ({ db, user, params }) => getJob(db, user.id, params.jobId ?? ''),
  }),
  route({
    method: 'get',
    path: '/generation/jobs/:jobId/status',
    tag: 'Generation',
    summary:
      'Generation status {jobId, status, error_message, job} (the job with its progress by part); `wait` holds the request while the status is still `known`',
    query: jobStatusQuerySchema,
    errors: { 404: [GENERATION_MESSAGES.jobNotFound] },
    example: { query: () => ({ wait: '0' }) },
    handle: ({ db, user, params, query, c }) =>
      jobStatus(db, user.id, params.jobId ?? '', {
        known: query.known,
        waitSeconds: query.wait,
        signal: c.req.raw.signal,
      }),
  }),
  route({
    method: 'post',
    path: '/generation/jobs/:jobId/cancel',
    tag: 'Generation',
    summary: "Cancel a pending job (it fails with 'Cancelled by user')",
    errors: {
      404: [GENERATION_MESSAGES.jobNotFound],
      409: Object.values(GENERATION_MESSAGES.cancelRefusal).filter((message): message is string =>
        Boolean(message),
      ),
    },
    example: {},
    handle: ({ db, user, params }) => cancelJob(db, user.id, params.jobId ?? ''),
  }),
  route({
    method: 'post',
    path: '/generation/jobs/:jobId/retry',
    tag: 'Generation',
    summary:
      'Retry a failed job that has source content, or the failed parts of a completed job (only those parts are asked again): back to pending',
    errors: {
      400: [GENERATION_MESSAGES.noSourceForRetry],
      404: [GENERATION_MESSAGES.jobNotFound],
      409: [GENERATION_MESSAGES.canOnlyRetryFailed],
    },
    example: {
      // Only a failed job can be retried: cancel the fixture's pending job first.
      before: (send, ids) => send('POST', `/api/generation/jobs/${ids.jobId}/cancel`),
    },
    handle: ({ db, user, params }) => retryJob(db, user.id, params.jobId ?? ''),
  }),
  route({
    method: 'delete',
    path: '/generation/jobs/:jobId/warnings',
    tag: 'Generation',
    summary: "Dismiss a job's content-check warnings; answers the job",
    errors: { 404: [GENERATION_MESSAGES.jobNotFound] },
    example: {},
    handle: ({ db, user, params }) => dismissJobWarnings(db, user.id, params.jobId ?? ''),
  }),
  route({
    method: 'delete',
    path: '/generation/jobs/:jobId',
    tag: 'Generation',
    summary: 'Delete a job that is not being processed (its cards stay)',
    errors: { 404: [GENERATION_MESSAGES.jobNotFound] },
    example: {},
    handle: ({ db, user, params }) => deleteJob(db, user.id, params.jobId ?? ''),
  }),
];
