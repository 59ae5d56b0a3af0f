import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardPage } from '../../core/flashcard-schemas';
import type { GenerationJob } from '../../core/generation-requests';
import {
  type ChatRequest,
  type FakeReply,
  fakeLlmEnv,
  promptOf,
  startFakeLlm,
} from '../../../test/support/fake-llm';
import { createDeck, finishedJob, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/** Three sections too long to share a chunk (12,000 characters), each with one fact. */
const SECTIONS = ['Granite', 'Basalt', 'Marble'].map((rock, section) => {
  const filler = Array.from(
    { length: 130 },
    (_, at) =>
      `The ${rock.toLowerCase()} quarry number ${section}x${at} lies ${at + 3} kilometres from the river.`,
  ).join(' ');
  return `${rock}\n\n${rock} is a rock of type R${section}, studied by geologists.\n\n${filler}`;
});

const isBasalt = (request: ChatRequest) => promptOf(request).includes('\nBasalt is a rock');

/** The card of the part it is sent (its rock's fact). */
function rockCard(request: ChatRequest): FakeReply {
  const [, rock, type] = /\n(\w+) is a rock of type (R\d)/.exec(promptOf(request)) ?? [];
  return {
    cards: [
      {
        type: 'qa',
        front: `Which type of rock is ${rock}?`,
        back: type ?? 'none',
        sourceQuote: `${rock} is a rock of type ${type}, studied by geologists.`,
      },
    ],
  };
}

const UNREADABLE: FakeReply = { raw: '{"cards": [{"type": "qa", "front": "Which' };

describe('a job by parts (issue 22 §2): progress, and Retry of the failed parts only', () => {
  let reply: (request: ChatRequest) => FakeReply | Promise<FakeReply> = rockCard;
  let fake: Awaited<ReturnType<typeof startFakeLlm>>;
  let server: TestServer;
  let user: HttpClient;
  beforeAll(async () => {
    fake = await startFakeLlm((request) => reply(request));
    server = await startTestServer({
      env: { ...fakeLlmEnv(fake.baseUrl), AI_MAX_RETRIES: '0', AI_CONCURRENCY: '1' },
    });
    user = await newUser(server.url);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.stop();
  });

  const getJob = async (id: string) =>
    json<GenerationJob>(await user.get(`/api/generation/jobs/${id}`), 200);
  const cardsOf = async (query: string) =>
    (await json<FlashcardPage>(await user.get(`/api/flashcards?${query}&limit=100`), 200))
      .flashcards;

  async function start() {
    const deckId = (await createDeck(user, 'Rocks')).id;
    const job = await json<GenerationJob>(
      await user.post('/api/generation/text', {
        deckId,
        content: SECTIONS.join('\n\n'),
        requestedCardTypes: ['qa'],
      }),
      201,
    );
    return { deckId, job };
  }

  it('shows the part being worked on while the job runs', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let reached = () => {};
    const holding = new Promise<void>((resolve) => (reached = resolve));
    reply = async (request) => {
      if (isBasalt(request)) {
        reached();
        await released; // part 2 is held until the test has seen the job's progress
      }
      return rockCard(request);
    };
    const { job } = await start();
    expect(job.parts).toBeNull();
    await holding;
    let seen = await getJob(job.id);
    // The progress is written just before the call: read again until it is there.
    while (seen.parts?.current !== 2) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await getJob(job.id);
    }
    expect(seen).toMatchObject({ status: 'processing', parts: { current: 2, done: 1, total: 3 } });
    const status = await json<{ status: string; job: GenerationJob }>(
      await user.get(`/api/generation/jobs/${job.id}/status`),
      200,
    );
    expect(status.job.parts).toEqual({ current: 2, done: 1, total: 3 });
    release();
    expect(await finishedJob(user, job.id, 60_000)).toMatchObject({ status: 'completed' });
    expect((await getJob(job.id)).parts).toEqual({ current: 3, done: 3, total: 3 });
  }, 90_000);

  it('completes without a failed part, names it, and Retry asks only that part again', async () => {
    reply = (request) => (isBasalt(request) ? UNREADABLE : rockCard(request));
    const { deckId, job } = await start();
    await finishedJob(user, job.id, 60_000);
    const first = await getJob(job.id);
    expect(first).toMatchObject({ status: 'completed', cards_created: 2, failed_parts: [2] });
    expect(first.warnings).toEqual([expect.stringContaining('part 2 of 3 could not be read')]);

    // The model answers part 2 this time; parts 1 and 3 are not sent again.
    reply = rockCard;
    const before = fake.requests.length;
    const retried = await json<GenerationJob>(
      await user.post(`/api/generation/jobs/${job.id}/retry`),
      200,
    );
    expect(retried.status).toBe('pending');
    expect(await finishedJob(user, job.id, 60_000)).toMatchObject({ status: 'completed' });
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(promptOf(sent[0] as ChatRequest)).toContain('This is part 2 of 3.');
    const after = await getJob(job.id);
    expect(after).toMatchObject({ cards_created: 3, failed_parts: [], warnings: [] });
    // The deck has each rock's card once: the missing one added, none of the others repeated.
    const backs = (await cardsOf(`deck_id=${deckId}`)).map((card) => card.back_content);
    expect(backs.sort()).toEqual(['R0', 'R1', 'R2']);
    expect((await cardsOf(`source_job_id=${job.id}`)).length).toBe(3);
    // Nothing is left to retry.
    const again = await user.post(`/api/generation/jobs/${job.id}/retry`);
    expect(again.status).toBe(409);
  }, 90_000);

  it('keeps the job and its cards when the retried part fails again', async () => {
    reply = (request) => (isBasalt(request) ? UNREADABLE : rockCard(request));
    const { deckId, job } = await start();
    await finishedJob(user, job.id, 60_000);
    const before = fake.requests.length;
    await json<GenerationJob>(await user.post(`/api/generation/jobs/${job.id}/retry`), 200);
    expect(await finishedJob(user, job.id, 60_000)).toMatchObject({ status: 'completed' });
    // Part 2 alone, asked twice (once more with the parse error).
    expect(fake.requests.slice(before).every(isBasalt)).toBe(true);
    const after = await getJob(job.id);
    expect(after).toMatchObject({ cards_created: 2, failed_parts: [2] });
    expect(after.warnings).toEqual([expect.stringContaining('part 2 of 3 could not be read')]);
    const backs = (await cardsOf(`deck_id=${deckId}`)).map((card) => card.back_content);
    expect(backs.sort()).toEqual(['R0', 'R2']);
  }, 90_000);
});
