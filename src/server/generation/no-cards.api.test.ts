import { describe, expect, it } from 'vitest';
import type { GenerationJob } from '../../core/generation-requests';
import { fakeLlmEnv, startFakeLlm } from '../../../test/support/fake-llm';
import { createDeck, finishedJob, json, newUser } from '../../../test/support/fixtures';
import { startTestServer } from '../../../test/support/test-server';

/** A job that makes no card says why and ends failed (so Retry is offered), never 'completed'. */
describe('a job that makes no card', () => {
  it('built-in: fails with "No cards could be made from this content", and can be retried', async () => {
    const server = await startTestServer();
    try {
      const user = await newUser(server.url);
      const deck = await createDeck(user);
      // No sentence to make a card from: a list of words without an end.
      const content = 'apples pears plums cherries grapes melons lemons limes figs dates kiwis';
      const job = await json<GenerationJob>(
        await user.post('/api/generation/text', { deckId: deck.id, content }),
        201,
      );
      expect(await finishedJob(user, job.id, 60_000)).toMatchObject({
        status: 'failed',
        error_message: 'No cards could be made from this content',
      });
      const failed = await json<GenerationJob>(
        await user.get(`/api/generation/jobs/${job.id}`),
        200,
      );
      expect(failed).toMatchObject({ status: 'failed', cards_created: 0 });
      const retried = await json<GenerationJob>(
        await user.post(`/api/generation/jobs/${job.id}/retry`),
        200,
      );
      expect(retried.status).toBe('pending');
      expect(await finishedJob(user, job.id, 60_000)).toMatchObject({ status: 'failed' });
    } finally {
      await server.stop();
    }
  }, 90_000);

  it("LLM: the model's empty answer is said, and the job can be retried", async () => {
    const fake = await startFakeLlm(() => ({ cards: [] }));
    const server = await startTestServer({
      env: {
        ...fakeLlmEnv(fake.baseUrl),
        AI_MAX_RETRIES: '0',
      },
    });
    try {
      const user = await newUser(server.url);
      const deck = await createDeck(user);
      const job = await json<GenerationJob>(
        await user.post('/api/generation/text', {
          deckId: deck.id,
          content: 'Photosynthesis turns light into chemical energy in the chloroplasts of plants.',
        }),
        201,
      );
      expect(await finishedJob(user, job.id, 60_000)).toMatchObject({
        status: 'failed',
        error_message: 'Generation failed: The model returned no cards for this content',
      });
      expect((await user.post(`/api/generation/jobs/${job.id}/retry`)).status).toBe(200);
    } finally {
      await server.stop();
      await fake.stop();
    }
  }, 90_000);
});
