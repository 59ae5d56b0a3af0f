import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationJob } from '../../core/generation-requests';
import { ADVERSARIAL_INPUTS, oneLetterFile } from '../../../test/support/adversarial-inputs';
import { fakeLlmEnv, startFakeLlm } from '../../../test/support/fake-llm';
import { createDeck, finishedJob, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * One request must never stop the server (issue 9): the inputs that froze it for minutes go
 * through the API while /healthz keeps answering, and every job ends completed or failed with
 * a clear message.
 */
/**
 * `/healthz` asked `count` times in a row while work goes on; each must answer 200. A frozen
 * server answers after minutes, so the 10 s abort only guards against a freeze (the test would
 * otherwise wait for its own timeout); how fast `/healthz` answers meanwhile is measured by
 * `npm run bench` (bench/adversarial.ts), not here.
 */
async function expectHealthy(url: string, count: number): Promise<void> {
  for (let at = 0; at < count; at++) {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
}

const CLEAR_FAILURES = [
  'No cards could be made from this content',
  'Generation took too long and was stopped',
];

async function expectEnded(user: HttpClient, jobId: string) {
  const status = await finishedJob(user, jobId, 120_000);
  if (status.status === 'failed') expect(CLEAR_FAILURES).toContain(status.error_message);
  else expect(status.status).toBe('completed');
}

describe('adversarial content through the API (built-in generator)', () => {
  let server: TestServer;
  let user: HttpClient;
  let deckId: string;
  beforeAll(async () => {
    server = await startTestServer();
    user = await newUser(server.url);
    deckId = (await createDeck(user, 'Adversarial')).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  for (const [name, make] of Object.entries(ADVERSARIAL_INPUTS)) {
    it(`${name}: /healthz answers while it is taken in and processed`, async () => {
      const posted = user.post('/api/generation/text', { deckId, content: make() });
      // Twenty requests in a row while the job is created, twenty while it is worked on.
      await expectHealthy(server.url, 20);
      const job = await json<GenerationJob>(await posted, 201);
      await expectHealthy(server.url, 20);
      await expectEnded(user, job.id);
    }, 180_000);
  }

  it('a 10 MiB .txt of one letter through the file upload', async () => {
    const body = new FormData();
    body.set('deckId', deckId);
    body.set('generationStrategy', 'detailed');
    body.set('file', new File([oneLetterFile()], 'a.txt'));
    const posted = user.request('/api/generation/file', { method: 'POST', body });
    await expectHealthy(server.url, 20);
    const job = await json<GenerationJob>(await posted, 201);
    await expectHealthy(server.url, 20);
    await expectEnded(user, job.id);
  }, 180_000);
});

describe('a job past its deadline', () => {
  it('fails at its deadline, not the LLM timeout, with a clear message and is not taken again', async () => {
    const fake = await startFakeLlm(() => ({ hang: true }));
    const server = await startTestServer({
      env: {
        ...fakeLlmEnv(fake.baseUrl),
        AI_MAX_RETRIES: '0',
        AI_TIMEOUT_MS: '600000',
        GENERATION_DEADLINE_SECONDS: '5',
        GENERATION_LEASE_SECONDS: '5',
      },
    });
    try {
      const user = await newUser(server.url);
      const deck = await createDeck(user);
      const job = await json<GenerationJob>(
        await user.post('/api/generation/text', {
          deckId: deck.id,
          content: 'Photosynthesis turns light into chemical energy in the chloroplasts. '.repeat(
            20,
          ),
        }),
        201,
      );
      // The LLM never answers and its timeout is 10 minutes: the job can end within the minute
      // finishedJob waits only if its 5 s deadline stops it.
      expect(await finishedJob(user, job.id, 60_000)).toMatchObject({
        status: 'failed',
        error_message: 'Generation took too long and was stopped',
      });
      // After a lease's time it is still failed, taken once: not handed to another attempt.
      await new Promise((resolve) => setTimeout(resolve, 6000));
      const after = await json<GenerationJob>(
        await user.get(`/api/generation/jobs/${job.id}`),
        200,
      );
      expect(after).toMatchObject({ status: 'failed', attempts: 1 });
      // Asked once at most (on a very busy machine the deadline may pass before the request).
      expect(fake.requests.length).toBeLessThanOrEqual(1);
      // Retry is offered for it.
      expect((await user.post(`/api/generation/jobs/${job.id}/retry`)).status).toBe(200);
    } finally {
      await server.stop();
      await fake.stop();
    }
  }, 120_000);
});
