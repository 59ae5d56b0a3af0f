import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationJob } from '../../core/generation-requests';
import { createDeck, json, type JobStatusAnswer, newUser } from '../../../test/support/fixtures';
import { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { LISTENER_NAME } from './pg-job-signals';

const TEXT =
  'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts of plant cells.';

/** The user's session in another process: cookies are not bound to a port. */
function sameUserOn(user: HttpClient, baseUrl: string): HttpClient {
  const other = new HttpClient(baseUrl);
  for (const [name, value] of user.cookies) other.cookies.set(name, value);
  return other;
}

/**
 * Two server processes on one PostgreSQL database, without workers, and with the status poll's
 * own look at the database every 60 s: a poll held open for 20 s in one process can only answer
 * early if the other process's committed change woke it (LISTEN/NOTIFY).
 */
describe.skipIf(!process.env.DATABASE_URL)('job signals across processes (PostgreSQL)', () => {
  let first: TestServer;
  let second: TestServer;
  const env = { GENERATION_WORKERS: '0', GENERATION_STATUS_RECHECK_MS: '60000' };
  beforeAll(async () => {
    first = await startTestServer({ env });
    second = await startTestServer({ env, shareWith: first });
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  /**
   * Holds a status poll open on `poller` (20 s), and beside it one on `witnessId`, a job nobody
   * changes (10 s); changes the job through `change`. Which poll answers first: the job's, woken
   * by the other process, or the witness's, at the end of its wait (no clock of the test's own).
   */
  async function wakeOrder(
    poller: HttpClient,
    jobId: string,
    known: string,
    witnessId: string,
    change: () => Promise<Response>,
  ) {
    const poll = poller
      .get(`/api/generation/jobs/${jobId}/status?known=${known}&wait=20`)
      .then((response) => json<JobStatusAnswer>(response, 200));
    const witness = poller
      .get(`/api/generation/jobs/${witnessId}/status?known=pending&wait=10`)
      .then((response) => json<JobStatusAnswer>(response, 200));
    // The poll is open once its first read is done; give it a moment to get there.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const changed = await change();
    expect(changed.status).toBe(200);
    const first = await Promise.race([
      poll.then(() => 'woken' as const),
      witness.then(() => 'witness' as const),
    ]);
    const [answer, unchanged] = await Promise.all([poll, witness]);
    expect(unchanged.status).toBe('pending');
    return { answer, first };
  }

  /** A job of the user's that stays pending (no workers): the witness's. */
  const pendingJob = async (user: HttpClient, deckId: string) =>
    (
      await json<GenerationJob>(
        await user.post('/api/generation/text', { deckId, content: TEXT }),
        201,
      )
    ).id;

  it('wakes a status poll in one process when the other commits the change, both ways', async () => {
    const onFirst = await newUser(first.url, 'xproc');
    const onSecond = sameUserOn(onFirst, second.url);
    const deck = await createDeck(onFirst);
    const job = await json<GenerationJob>(
      await onFirst.post('/api/generation/text', { deckId: deck.id, content: TEXT }),
      201,
    );

    const witness = await pendingJob(onFirst, deck.id);
    const cancelled = await wakeOrder(onFirst, job.id, 'pending', witness, () =>
      onSecond.post(`/api/generation/jobs/${job.id}/cancel`),
    );
    expect(cancelled.answer.status).toBe('failed');
    const retried = await wakeOrder(onSecond, job.id, 'failed', witness, () =>
      onFirst.post(`/api/generation/jobs/${job.id}/retry`),
    );
    expect(retried.answer.status).toBe('pending');
    // Without the other process's notification each poll would last its whole 20 s, past the
    // witness's 10 s.
    expect([cancelled.first, retried.first]).toEqual(['woken', 'woken']);
  }, 60_000);

  it('listens again after its connection is dropped', async () => {
    const admin = new pg.Client({ connectionString: first.databaseUrl });
    await admin.connect();
    try {
      const listeners = async () =>
        Number(
          (
            await admin.query<{ count: string }>(
              'select count(*) from pg_stat_activity where application_name = $1 and datname = current_database()',
              [LISTENER_NAME],
            )
          ).rows[0]?.count,
        );
      expect(await listeners()).toBe(2);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTENER_NAME],
      );
      while ((await listeners()) < 2) await new Promise((resolve) => setTimeout(resolve, 100));

      const onFirst = await newUser(first.url, 'relisten');
      const onSecond = sameUserOn(onFirst, second.url);
      const deck = await createDeck(onFirst);
      const job = await json<GenerationJob>(
        await onFirst.post('/api/generation/text', { deckId: deck.id, content: TEXT }),
        201,
      );
      const witness = await pendingJob(onFirst, deck.id);
      const cancelled = await wakeOrder(onFirst, job.id, 'pending', witness, () =>
        onSecond.post(`/api/generation/jobs/${job.id}/cancel`),
      );
      expect(cancelled.answer.status).toBe('failed');
      expect(cancelled.first).toBe('woken');
      expect(first.output()).toContain('job listener reconnected');
    } finally {
      await admin.end();
    }
  }, 60_000);
});
