import { NoObjectGeneratedError } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeReply, promptOf, startFakeLlm } from '../../../test/support/fake-llm';
import { createLlmGenerator, interleave } from './llm-generator';
import { chunkPrompt, instructions } from './llm-prompt';

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

async function generatorFor(reply: (prompt: string, index: number) => FakeReply, timeoutMs = 5000) {
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
    expect(fake.requests.map(promptOf).sort()).toEqual([...paragraphs].sort());
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

  it('fails with the provider message after the retries, and on malformed output', async () => {
    const failing = await generatorFor(() => ({ status: 500, message: 'model crashed' }));
    await expect(failing.generate({ ...request, content: 'x' })).rejects.toThrow(/model crashed/);
    expect(failing.fake.requests.length).toBe(3);
    await failing.fake.stop();
    const malformed = await generatorFor(() => ({
      cards: [{ type: 'essay', front: '', back: 'A', sourceQuote: 'x' }],
    }));
    // The model answered, once, with cards the schema refuses: that is the error, not another.
    const refused = await malformed
      .generate({ ...request, content: 'x' })
      .catch((error: unknown) => error);
    expect(NoObjectGeneratedError.isInstance(refused), String(refused)).toBe(true);
    expect((refused as Error).message).toMatch(/did not match schema/);
    expect(malformed.fake.requests.length).toBe(1);
  });

  it('gives up after its timeout when the server never answers', async () => {
    const { generate, fake } = await generatorFor(() => ({ hang: true }), 1500);
    // The fake never answers: only the generator's own timeout ends the call (were it not
    // there, the test would wait for vitest's), and it is not retried.
    const error = await generate({ ...request, content: 'x' }).catch((caught: unknown) => caught);
    expect(String((error as Error)?.name) + String(error)).toMatch(/timeout/i);
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
    expect(chunkPrompt({ text: 'More facts.', heading: 'Cells', continues: true })).toBe(
      '(Part of the section "Cells", continued.)\n\nMore facts.',
    );
    expect(chunkPrompt({ text: 'Cells\n\nFacts.', heading: 'Cells', continues: false })).toBe(
      'Cells\n\nFacts.',
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
});
