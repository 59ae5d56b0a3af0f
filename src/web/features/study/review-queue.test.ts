import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The answer queue's undo (issue 24): an answer taken back before it was sent is never sent,
 * even when the sender had already read it; one being sent is waited for and reported as
 * recorded (the server's undo then takes it back). Node has no IndexedDB: the queue keeps its
 * answers in memory, as in a private window.
 */
const sent: string[] = [];
let release: (() => void) | undefined;

vi.mock('../../lib/api-client', () => {
  class ApiError extends Error {
    constructor(
      readonly status: number,
      readonly code: string,
      message: string,
    ) {
      super(message);
    }
  }
  return {
    ApiError,
    apiRequest: async (path: string, options: { body?: { id?: string } }) => {
      // Each answer's request is held until the test lets it through.
      await new Promise<void>((resolve) => (release = resolve));
      sent.push(`${path.split('/').at(-1)}:${options.body?.id ?? ''}`);
      return {};
    },
  };
});

const { enqueueReview, flushReviews, withdrawReview } = await import('./review-queue');

const answer = (id: string, createdAt: number) => ({
  id,
  sessionId: 'session-1',
  cardId: `card-${id}`,
  response: 'good' as const,
  responseTimeSeconds: 1,
  createdAt,
});

/** Lets the request being held through, once it has been made. */
async function letThrough() {
  await vi.waitUntil(() => release !== undefined);
  const go = release!;
  release = undefined;
  go();
}

beforeEach(() => {
  sent.length = 0;
});

describe('taking back an answer', () => {
  it('never sends an answer withdrawn while an earlier one was being sent', async () => {
    await enqueueReview(answer('a1', 1)); // sending starts, held
    await enqueueReview(answer('a2', 2));
    await vi.waitUntil(() => release !== undefined);
    expect(await withdrawReview('a2')).toBe('withdrawn');
    await letThrough();
    await flushReviews();
    expect(sent).toEqual(['reviews:a1']);
  });

  it('waits for an answer being sent and says the server recorded it', async () => {
    await enqueueReview(answer('b1', 3));
    await vi.waitUntil(() => release !== undefined);
    const outcome = withdrawReview('b1');
    await letThrough();
    expect(await outcome).toBe('recorded');
    await flushReviews();
    expect(sent).toEqual(['reviews:b1']);
  });
});
