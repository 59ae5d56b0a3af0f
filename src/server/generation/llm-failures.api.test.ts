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

const KEY = 'sk-test-SECRETabcd1234';

/** Three sections too long to share a chunk (12,000 characters), each with one fact. */
const SECTIONS = ['Granite', 'Basalt', 'Marble'].map((rock, section) => {
  const filler = Array.from(
    { length: 130 },
    (_, at) =>
      `The ${rock.toLowerCase()} quarry number ${section}x${at} lies ${at + 3} kilometres from the river.`,
  ).join(' ');
  return `${rock}\n\n${rock} is a rock of type R${section}, studied by geologists.\n\n${filler}`;
});

/** The card of the part it is sent (its rock's fact). */
function rockCard(request: ChatRequest) {
  const prompt = promptOf(request);
  const [, rock, type] = /\n(\w+) is a rock of type (R\d)/.exec(prompt) ?? [];
  return {
    type: 'qa',
    front: `Which type of rock is ${rock}?`,
    back: type ?? 'none',
    sourceQuote: `${rock} is a rock of type ${type}, studied by geologists.`,
  };
}

describe('the LLM path when the model fails (issue 22 §2)', () => {
  let reply: (request: ChatRequest, index: number) => FakeReply | Promise<FakeReply>;
  let fake: Awaited<ReturnType<typeof startFakeLlm>>;
  let server: TestServer;
  let user: HttpClient;
  beforeAll(async () => {
    fake = await startFakeLlm((request, index) => reply(request, index));
    server = await startTestServer({
      env: {
        ...fakeLlmEnv(fake.baseUrl),
        AI_API_KEY: KEY,
        AI_MAX_RETRIES: '1',
        AI_CONCURRENCY: '1',
        AI_TIMEOUT_MS: '1500',
      },
    });
    user = await newUser(server.url);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.stop();
  });

  async function run(content = SECTIONS.join('\n\n')) {
    // A deck of its own: the cards of an earlier run would be duplicates in the deck.
    const deckId = (await createDeck(user, 'Rocks')).id;
    const started = await json<GenerationJob>(
      await user.post('/api/generation/text', { deckId, content, requestedCardTypes: ['qa'] }),
      201,
    );
    await finishedJob(user, started.id, 60_000);
    const job = await json<GenerationJob>(
      await user.get(`/api/generation/jobs/${started.id}`),
      200,
    );
    const cards = (
      await json<FlashcardPage>(
        await user.get(`/api/flashcards?source_job_id=${started.id}&limit=100`),
        200,
      )
    ).flashcards;
    return { job, cards };
  }

  it('keeps the other parts when one part answers malformed JSON twice, and names it', async () => {
    reply = (request) =>
      promptOf(request).includes('\nBasalt is a rock')
        ? { raw: '{"cards": [{"type": "qa", "front": "Which' }
        : { raw: '```json\n' + JSON.stringify({ cards: [rockCard(request)] }) + '\n```' };
    const before = fake.requests.length;
    const { job, cards } = await run();
    expect(job.status).toBe('completed');
    expect(cards.map((card) => card.back_content).sort()).toEqual(['R0', 'R2']);
    expect(job.warnings).toEqual([expect.stringContaining('part 2 of 3 could not be read')]);
    // Once more for the malformed part, with the parse error: four calls for three parts.
    expect(fake.requests.length - before).toBe(4);
  }, 90_000);

  // A part the AI service fails (after its retries) is named with the words a whole job's
  // failure of that kind uses, not as an answer that could not be read.
  it.each([
    [
      'busy (429)',
      { status: 429, message: 'Rate limit reached' },
      'Part 2 of 3 was left out: The AI service is busy; try again in a minute',
    ],
    [
      'a refused key (401)',
      { status: 401, message: `Incorrect API key provided: ${KEY.slice(0, 9)}****1234` },
      'Part 2 of 3 was left out: The AI service refused the key; check the AI settings',
    ],
    [
      'too slow (no answer within AI_TIMEOUT_MS)',
      { hang: true },
      'Part 2 of 3 was left out: The AI service took too long',
    ],
  ] as const)(
    'names a part the AI service failed: %s',
    async (_, failure, words) => {
      reply = (request) =>
        promptOf(request).includes('\nBasalt is a rock') ? failure : { cards: [rockCard(request)] };
      const { job, cards } = await run();
      expect(job.status).toBe('completed');
      expect(cards.map((card) => card.back_content).sort()).toEqual(['R0', 'R2']);
      expect(job.warnings).toEqual([`${words}; the other parts' cards were kept`]);
      expect(JSON.stringify(job)).not.toMatch(/could not be read|sk-|SECRET|APICallError/);
    },
    90_000,
  );

  it('retries a 429 and then succeeds', async () => {
    reply = (request, index) =>
      index % 2 === 0
        ? { status: 429, message: 'Rate limit reached' }
        : { cards: [rockCard(request)] };
    const { job, cards } = await run(SECTIONS[0]);
    expect(job.status).toBe('completed');
    expect(cards.map((card) => card.back_content)).toEqual(['R0']);
  }, 90_000);

  it('says a refused key in plain words, with no fragment of the key', async () => {
    reply = () => ({
      status: 401,
      message: `Incorrect API key provided: ${KEY.slice(0, 9)}****1234`,
    });
    const { job } = await run();
    expect(job.status).toBe('failed');
    expect(job.error_message).toBe(
      'Generation failed: The AI service refused the key; check the AI settings',
    );
    expect(JSON.stringify(job)).not.toMatch(/sk-|SECRET|1234|API key provided|APICallError/);
  }, 90_000);

  it('says a model the service does not know as generation not set up correctly', async () => {
    reply = () => ({ status: 404, message: 'The model `fake-model` does not exist' });
    const { job } = await run();
    expect(job.status).toBe('failed');
    expect(job.error_message).toBe('Generation failed: AI generation is not set up correctly');
    expect(JSON.stringify(job)).not.toMatch(/does not exist|APICallError/);
  }, 90_000);

  it('limits each call, not the job: three calls of 900 ms under a 1500 ms limit all answer', async () => {
    reply = async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      return { cards: [rockCard(request)] };
    };
    const { job, cards } = await run();
    expect(job.status).toBe('completed');
    expect(cards).toHaveLength(3);
  }, 90_000);

  it('writes no card and fails nothing for a part the model finds no study content in', async () => {
    reply = (request) =>
      promptOf(request).includes('\nMarble is a rock')
        ? { cards: [] }
        : { cards: [rockCard(request)] };
    const { job, cards } = await run();
    expect(job.status).toBe('completed');
    expect(cards.map((card) => card.back_content).sort()).toEqual(['R0', 'R1']);
    expect(job.warnings).toEqual([]);
  }, 90_000);
});
