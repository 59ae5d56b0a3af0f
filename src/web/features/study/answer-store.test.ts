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
});
