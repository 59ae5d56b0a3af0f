import { describe, expect, it, vi } from 'vitest';

/**
 * The service worker's pass over the waiting answers (issue 24): each sent in order, one the
 * server refuses for good dropped, and one refused because the sign-in ran out kept until the
 * learner signs in again (never lost). Node has no IndexedDB: the answers wait in memory.
 */
const answers = new Map<string, { status: number; code: string }>();
const sent: string[] = [];

vi.mock('../../lib/api-client', () => {
  class ApiError extends Error {
    constructor(
      readonly status: number,
      readonly code: string,
      message = code,
    ) {
      super(message);
    }
  }
  return {
    ApiError,
    apiRequest: async (_path: string, options: { body?: { id?: string } }) => {
      const id = options.body?.id ?? '';
      const refusal = answers.get(id);
      if (refusal) throw new ApiError(refusal.status, refusal.code);
      sent.push(id);
      return {};
    },
  };
});

const { all, put, sendWaiting } = await import('./answer-store');
const { takeNotices } = await import('./sync-notices');

const answer = (id: string, createdAt: number) => ({
  id,
  sessionId: 'session-1',
  cardId: `card-${id}`,
  response: 'good' as const,
  responseTimeSeconds: 1,
  createdAt,
});

describe("the worker's pass over the waiting answers", () => {
  it('sends them in order and drops one the server refuses for good', async () => {
    answers.set('refused', { status: 400, code: 'VALIDATION_ERROR' });
    await put(answer('second', 2));
    await put(answer('refused', 3));
    await put(answer('first', 1));
    await sendWaiting();
    expect(sent).toEqual(['first', 'second']);
    expect(await all()).toEqual([]);
  });

  it('keeps an answer refused because the sign-in ran out, and those after it', async () => {
    sent.length = 0;
    answers.set('expired', { status: 401, code: 'UNAUTHORIZED' });
    await put(answer('expired', 10));
    await put(answer('later', 11));
    await expect(sendWaiting()).rejects.toMatchObject({ status: 401 });
    expect((await all()).map((item) => item.id)).toEqual(['expired', 'later']);
    answers.delete('expired'); // signed in again
    await sendWaiting();
    expect(sent).toEqual(['expired', 'later']);
  });

  it('keeps what it merged for the app to say once when it next opens', async () => {
    sent.length = 0;
    const offline = {
      deckId: 'deck-1',
      sessionType: 'mixed' as const,
      timeZone: 'UTC',
      startedAt: new Date(0).toISOString(),
    };
    answers.set('deleted', { status: 404, code: 'CARD_NOT_FOUND' });
    await put({ ...answer('answered', 20), sessionId: 'offline-1', offline });
    await put({ ...answer('deleted', 21), sessionId: 'offline-1', offline });
    await put({ ...answer('end', 22), sessionId: 'offline-1', offline, kind: 'complete' });
    expect(await takeNotices()).toBeNull();
    await sendWaiting();
    expect(await takeNotices()).toEqual({ recorded: 1, deleted: 1, refused: 0 });
    expect(await takeNotices()).toBeNull(); // said once
  });

  it('keeps what it merged before a failure ended the pass', async () => {
    const offline = {
      deckId: 'deck-1',
      sessionType: 'mixed' as const,
      timeZone: 'UTC',
      startedAt: new Date(0).toISOString(),
    };
    answers.set('down', { status: 503, code: 'UNAVAILABLE' });
    await put({ ...answer('before', 30), sessionId: 'offline-2', offline });
    await put({ ...answer('down', 31), sessionId: 'offline-2', offline });
    await expect(sendWaiting()).rejects.toMatchObject({ status: 503 });
    expect(await takeNotices()).toEqual({ recorded: 1, deleted: 0, refused: 0 });
  });

  it('runs two passes fired together one after the other: each answer sent and counted once', async () => {
    answers.delete('down');
    await sendWaiting(); // what the test before left waiting
    await takeNotices();
    sent.length = 0;
    const offline = {
      deckId: 'deck-1',
      sessionType: 'mixed' as const,
      timeZone: 'UTC',
      startedAt: new Date(0).toISOString(),
    };
    await put({ ...answer('one', 40), sessionId: 'offline-3', offline });
    await put({ ...answer('two', 41), sessionId: 'offline-3', offline });
    await Promise.all([sendWaiting(), sendWaiting()]);
    expect(sent).toEqual(['offline-3', 'one', 'two']); // the session made first, once
    expect(await takeNotices()).toEqual({ recorded: 2, deleted: 0, refused: 0 });
  });
});
