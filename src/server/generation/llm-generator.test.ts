import { afterEach, describe, expect, it } from 'vitest';
import {
  type ChatRequest,
  type FakeReply,
  promptOf,
  startFakeLlm,
} from '../../../test/support/fake-llm';
import { GENERATION_MESSAGES } from '../../core/generation-requests';
import type { PartProgress } from './generator';
import { AI_FAILURES, maxTokensFor } from './llm-call';
import {
  createLlmGenerator,
  failedPartsWarnings,
  interleave,
  isFailedPartsWarning,
} from './llm-generator';
import { chunkPrompt, instructions, partCount } from './llm-prompt';

const paragraphs = [
  'Photosynthesis turns light into chemical energy. It happens in chloroplasts.',
  'The Calvin cycle fixes carbon dioxide into sugar. It needs ATP and NADPH.',
];
const split = (content: string) =>
  content.split('\n\n').map((text) => ({ text, heading: null, continues: false }));

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function generatorFor(
  reply: (prompt: string, index: number) => FakeReply | Promise<FakeReply>,
  timeoutMs = 5000,
) {
  const fake = await startFakeLlm((request, index) => reply(promptOf(request), index));
  stop = fake.stop;
  const generate = createLlmGenerator(
    {
      provider: 'openai-compatible',
      model: 'llama3.1:8b',
      baseUrl: fake.baseUrl,
      apiKey: 'local',
      timeoutMs,
      concurrency: 2,
      maxRetries: 2,
    },
    split,
  );
  return { fake, generate };
}

const request = {
  content: paragraphs.join('\n\n'),
  strategy: 'standard' as const,
  cardTypes: ['qa' as const, 'cloze' as const],
  range: { min: 5, max: 15 },
};

describe('LLM generator through the AI SDK (OpenAI-compatible server on 127.0.0.1)', () => {
  it('sends each chunk with the instructions and validates the structured output', async () => {
    const { fake, generate } = await generatorFor((prompt) => ({
      cards: [
        {
          type: 'qa',
          front: `What does this say? ${prompt.slice(0, 20)}`,
          back: prompt.split(' ')[0] ?? 'x',
          sourceQuote: prompt.split('. ')[0] ?? prompt,
        },
      ],
    }));
    const cards = await generate(request);
    expect(cards).toHaveLength(2);
    expect(fake.requests).toHaveLength(2);
    const prompts = fake.requests.map(promptOf).sort();
    expect(prompts.map((prompt) => prompt.split('---\n\n')[1])).toEqual([...paragraphs].sort());
    // Each part says where it is in the document (issue 22 §3).
    expect(prompts.join('\n')).toContain('This is part 1 of 2.');
    expect(prompts.join('\n')).toContain('This is part 2 of 2.');
    const system = fake.requests[0]?.messages.find((message) => message.role === 'system');
    expect(String(system?.content)).toContain('{{c1::term}}');
    expect(fake.requests[0]?.model).toBe('llama3.1:8b');
  });

  it('retries 429 and 5xx answers, then succeeds', async () => {
    const { fake, generate } = await generatorFor((prompt, index) =>
      index === 0
        ? { status: 429, message: 'slow down' }
        : index === 1
          ? { status: 503, message: 'overloaded' }
          : { cards: [{ type: 'qa', front: 'Q?', back: 'A', sourceQuote: prompt }] },
    );
    const cards = await generate({ ...request, content: paragraphs[0] ?? '' });
    expect(cards).toHaveLength(1);
    expect(fake.requests.length).toBe(3);
  });

  it('fails in plain words after the retries, never with the provider text or the key', async () => {
    const failing = await generatorFor(() => ({ status: 500, message: 'model crashed' }));
    await expect(failing.generate({ ...request, content: 'x' })).rejects.toThrow(
      new Error(AI_FAILURES.busy),
    );
    expect(failing.fake.requests.length).toBe(3);
    await failing.fake.stop();
    const refused = await generatorFor(() => ({
      status: 401,
      message: 'Incorrect API key provided: sk-proj-abcd****wxyz',
    }));
    const error = await refused.generate({ ...request, content: 'x' }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(AI_FAILURES.refused);
    expect(String(error)).not.toMatch(/sk-|abcd|API key provided/);
  });

  it('reads JSON in code fences; asks again once with the parse error; keeps the other parts', async () => {
    const card = (prompt: string) => ({
      type: 'qa',
      front: 'What happens?',
      back: 'A',
      sourceQuote: prompt.split('---\n\n')[1] ?? '',
    });
    const { fake, generate } = await generatorFor((prompt) =>
      prompt.includes('Photosynthesis')
        ? { raw: '```json\n' + JSON.stringify({ cards: [card(prompt)] }) + '\n```' }
        : { raw: '{"cards": [{"type": "qa", "front": "Wh' },
    );
    const notes: string[] = [];
    const cards = await generate({ ...request, onNote: (note) => notes.push(note) });
    expect(cards).toHaveLength(1);
    expect(cards[0]?.sourceQuote).toBe(paragraphs[0]);
    const calvin = fake.requests.map(promptOf).filter((prompt) => prompt.includes('Calvin'));
    expect(calvin).toHaveLength(2);
    expect(calvin[1]).toMatch(/previous answer could not be read: The answer is not valid JSON/);
    expect(notes).toEqual([expect.stringContaining('part 2 of 2 could not be read')]);
  });

  it('limits each call, not the job: three slow calls each under the limit all answer', async () => {
    const { generate, fake } = await generatorFor(async (prompt) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      return { cards: [{ type: 'qa', front: 'Q?', back: 'A', sourceQuote: prompt }] };
    }, 1500);
    const three = ['One fact here.', 'Two facts here.', 'Three facts here.'].join('\n\n');
    // Two at a time: the third call starts after 900 ms and ends after 1800 ms, past 1500.
    const cards = await generate({ ...request, content: three });
    expect(cards).toHaveLength(3);
    expect(fake.requests.length).toBe(3);
  });

  it('gives up after its timeout when the server never answers', async () => {
    const { generate, fake } = await generatorFor(() => ({ hang: true }), 1500);
    // The fake never answers: only the generator's own timeout ends the call (were it not
    // there, the test would wait for vitest's), and it is not retried.
    const error = await generate({ ...request, content: 'x' }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(AI_FAILURES.slow);
    expect(fake.requests.length).toBe(1);
  });
});

describe('what the model is told, and how chunks are merged', () => {
  it('carries the four checks and the strategy intent into the instructions', () => {
    const text = (strategy: 'key_concepts' | 'standard' | 'detailed') =>
      instructions({ ...request, strategy, cardTypes: ['qa'] }, { min: 2, max: 4 });
    expect(text('key_concepts')).toContain(
      'the central terms of the whole text and their definitions',
    );
    expect(text('standard')).toContain('the main idea of each section');
    expect(text('detailed')).toContain('the facts of every section');
    for (const rule of ['Grounded', 'Self-contained', 'Worth learning', 'Well-formed', 'ISBN']) {
      expect(text('standard')).toContain(rule);
    }
    expect(text('standard')).toContain('between 2 and 4 cards');
    expect(text('standard')).not.toContain('{{c1::term}}');
  });

  it("names a continued chunk's section; merges the chunks' cards in turns", () => {
    expect(
      chunkPrompt(
        { text: 'More facts.', heading: 'Cells', continues: true },
        { title: 'Biology', part: { index: 2, total: 3 }, previous: 'Intro. Cells divide.' },
      ),
    ).toBe(
      'Document: "Biology"\nThis is part 2 of 3.\nSection: Cells (continued)\nThe previous part ended: "Cells divide."\n\n---\n\nMore facts.',
    );
    expect(interleave([['a1', 'a2', 'a3'], [], ['c1'], ['d1', 'd2']])).toEqual([
      'a1',
      'c1',
      'd1',
      'a2',
      'd2',
      'a3',
    ]);
  });

  it('asks only the given parts on a retry, saying the progress by part', async () => {
    const { fake, generate } = await generatorFor((prompt) => ({
      cards: [{ type: 'qa', front: 'What is fixed?', back: 'Carbon dioxide', sourceQuote: prompt }],
    }));
    const seen: PartProgress[] = [];
    const cards = await generate({ ...request, onlyParts: [2], onProgress: (p) => seen.push(p) });
    expect(fake.requests).toHaveLength(1);
    expect(promptOf(fake.requests[0] as ChatRequest)).toContain('This is part 2 of 2.');
    expect(cards).toHaveLength(1);
    // Part 1 counts as done already (its cards exist).
    expect(seen).toEqual([
      { current: 2, done: 1, total: 2 },
      { current: 2, done: 2, total: 2 },
    ]);
  });

  it('on a retry, reports a part that fails again instead of failing the job', async () => {
    const { generate } = await generatorFor(() => ({ raw: 'not JSON at all' }));
    const failed: number[][] = [];
    const notes: string[] = [];
    const cards = await generate({
      ...request,
      onlyParts: [1],
      onFailedParts: (parts) => failed.push(parts),
      onNote: (note) => notes.push(note),
    });
    expect(cards).toEqual([]);
    expect(failed).toEqual([[1]]);
    expect(notes).toEqual([expect.stringContaining('part 1 of 2 could not be read')]);
    // The same answer on a first run fails the job (no part gave anything).
    await expect(generate(request)).rejects.toThrow();
  });
});

describe('max_tokens (issue 22 §2)', () => {
  it('follows the number of cards each part is asked for', async () => {
    const { fake, generate } = await generatorFor(() => ({ cards: [] }));
    const parts = split(request.content);
    const sent = async (range: { min: number; max: number }) => {
      const before = fake.requests.length;
      await generate({ ...request, range }).catch(() => undefined); // no cards: the job fails
      return fake.requests
        .slice(before)
        .map((sentRequest) => (sentRequest as unknown as { max_tokens: number }).max_tokens)
        .sort((a, b) => a - b);
    };
    const expected = (range: { min: number; max: number }) =>
      parts.map((_, at) => maxTokensFor(partCount(parts, at, range).max)).sort((a, b) => a - b);
    const few = { min: 1, max: 2 };
    const many = { min: 20, max: 40 };
    expect(await sent(few)).toEqual(expected(few));
    expect(await sent(many)).toEqual(expected(many));
    expect(Math.min(...expected(many))).toBeGreaterThan(Math.max(...expected(few)));
  });
});

describe('failedPartsWarnings', () => {
  it('says one warning per reason, the service in its own plain words', () => {
    const unreadable = GENERATION_MESSAGES.noCardsFromModel;
    const warnings = failedPartsWarnings(
      [
        { part: 4, reason: AI_FAILURES.busy },
        { part: 1, reason: unreadable },
        { part: 2, reason: AI_FAILURES.busy },
      ],
      4,
    );
    expect(warnings).toEqual([
      "The AI's answer for part 1 of 4 could not be read, so that part was left out; the other parts' cards were kept",
      `Part 2 of 4 and part 4 of 4 were left out: ${AI_FAILURES.busy}; the other parts' cards were kept`,
    ]);
    // A retry of the failed parts replaces these warnings, and no other.
    expect(warnings.every(isFailedPartsWarning)).toBe(true);
    expect(isFailedPartsWarning('3 cards left out: 2 not found in the text, 1 repeated')).toBe(
      false,
    );
  });
});
