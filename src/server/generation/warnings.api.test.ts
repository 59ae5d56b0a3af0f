import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '../../core/content';
import type { GenerationJob } from '../../core/generation-requests';
import { createDeck, finishedJob, json, newUser } from '../../../test/support/fixtures';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

describe("a job's content-check warnings", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('stay with the job after it finished, until the owner dismisses them', async () => {
    const user = await newUser(server.url);
    const other = await newUser(server.url, 'other');
    const deck = await createDeck(user, 'Short notes');
    const job = await json<GenerationJob>(
      await user.post('/api/generation/text', { deckId: deck.id, content: 'Page Not Found' }),
      201,
    );
    const expected = [
      CONTENT_MESSAGES.veryShort,
      CONTENT_MESSAGES.fewWords,
      CONTENT_MESSAGES.errorMessages,
    ];
    expect(job.warnings).toEqual(expect.arrayContaining(expected));
    await finishedJob(user, job.id);
    const listed = await json<{ jobs: GenerationJob[] }>(
      await user.get(`/api/generation/jobs?deck_id=${deck.id}`),
      200,
    );
    expect(listed.jobs[0]?.warnings).toEqual(job.warnings);

    // Another user cannot dismiss them (404, unchanged); the owner can.
    const refused = await other.request(`/api/generation/jobs/${job.id}/warnings`, {
      method: 'DELETE',
    });
    expect(refused.status).toBe(404);
    const after = await json<GenerationJob>(await user.get(`/api/generation/jobs/${job.id}`), 200);
    expect(after.warnings).toEqual(job.warnings);
    const dismissed = await json<GenerationJob>(
      await user.request(`/api/generation/jobs/${job.id}/warnings`, { method: 'DELETE' }),
      200,
    );
    expect(dismissed).toMatchObject({ id: job.id, warnings: [] });
    const again = await json<GenerationJob>(await user.get(`/api/generation/jobs/${job.id}`), 200);
    expect(again.warnings).toEqual([]);
  });
});
