import { describe, expect, it } from 'vitest';
import { generateBuiltinCards } from '../../core/cards-from-text';
import { createBuiltinThreadGenerator } from './builtin-thread';

const TEXT = [
  'Basalt is a fine-grained volcanic rock formed from the rapid cooling of lava rich in magnesium and iron.',
  'More than 90 percent of all volcanic rock on Earth is basalt. The ocean floor is made mostly of basalt.',
  'The Giant’s Causeway in Northern Ireland has about 40,000 basalt columns, formed 50 to 60 million years ago.',
].join('\n\n');

describe('the built-in generator in its own thread', () => {
  it('answers what the generator itself answers, for requests in a row', async () => {
    const generate = createBuiltinThreadGenerator();
    const request = {
      content: TEXT,
      strategy: 'standard' as const,
      cardTypes: ['qa', 'cloze'] as ('qa' | 'cloze')[],
    };
    const direct = generateBuiltinCards(request);
    expect(direct.length).toBeGreaterThan(2);
    const [first, second] = await Promise.all([
      generate({ ...request, range: { min: 5, max: 15 } }),
      generate({ ...request, cardTypes: ['cloze'], range: { min: 5, max: 15 } }),
    ]);
    expect(first).toEqual(direct);
    expect(second).toEqual(generateBuiltinCards({ ...request, cardTypes: ['cloze'] }));
  });

  it('stops waiting when the job is cancelled', async () => {
    const generate = createBuiltinThreadGenerator();
    const abort = new AbortController();
    const answer = generate({
      content: TEXT,
      strategy: 'standard',
      cardTypes: ['qa'],
      range: { min: 5, max: 15 },
      signal: abort.signal,
    });
    abort.abort(new Error('cancelled'));
    await expect(answer).rejects.toThrow('cancelled');
  });
});
