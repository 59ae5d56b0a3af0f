import { describe, expect, it } from 'vitest';
import { generateBuiltinCards } from '../../core/cards-from-text';
import { checkContent, cleanContent } from '../../core/content';
import type { TextTask } from './text-tasks';
import { createTextThread } from './text-thread';
import { wordFrequency } from './word-frequency';

const TEXT = [
  'Basalt is a fine-grained volcanic rock formed from the rapid cooling of lava rich in magnesium and iron.',
  'More than 90 percent of all volcanic rock on Earth is basalt. The ocean floor is made mostly of basalt.',
  'The Giant’s Causeway in Northern Ireland has about 40,000 basalt columns, formed 50 to 60 million years ago.',
].join('\n\n');

describe('the text thread', () => {
  it('answers what the code itself answers, for tasks in a row', async () => {
    const thread = createTextThread();
    const request = {
      content: TEXT,
      strategy: 'standard' as const,
      cardTypes: ['qa', 'cloze'] as ('qa' | 'cloze')[],
    };
    const direct = generateBuiltinCards(request, wordFrequency());
    expect(direct.cards.length).toBeGreaterThan(1);
    const [first, second, prepared] = await Promise.all([
      thread.run({ kind: 'generate', request }),
      thread.run({ kind: 'generate', request: { ...request, cardTypes: ['cloze'] } }),
      thread.run({ kind: 'prepare', source: `${TEXT}!!!`, strategy: 'standard' }),
    ]);
    expect(first).toEqual(direct);
    expect(second).toEqual(
      generateBuiltinCards({ ...request, cardTypes: ['cloze'] }, wordFrequency()),
    );
    expect(prepared.content).toBe(cleanContent(`${TEXT}!!!`));
    expect(prepared.check).toEqual(checkContent(cleanContent(`${TEXT}!!!`)));
    await thread.stop();
  }, 60_000);

  it('stops the work at once when the signal aborts, and starts afresh after', async () => {
    const thread = createTextThread();
    const witness = createTextThread();
    // Seconds of work for the built-in generator.
    const long = 'The cell is the basic unit of life in every organism. '.repeat(20_000);
    const work: TextTask = {
      kind: 'generate',
      request: { content: long, strategy: 'detailed', cardTypes: ['qa'] },
    };
    // The same work, left to finish in a second thread: the aborted run must end first (a
    // thread that finished its work before noticing the signal would end after it).
    const finished = witness.run(work).then(() => 'finished' as const);
    const abort = new AbortController();
    const answer = thread.run(work, abort.signal);
    abort.abort(new Error('deadline'));
    const aborted = answer.then(
      () => 'answered' as const,
      (error: unknown) => (error as Error).message,
    );
    expect(await Promise.race([aborted, finished])).toBe('deadline');
    await finished;
    await witness.stop();
    const chunks = await thread.run({ kind: 'chunk', content: 'a\n\nb', maxCharacters: 1 });
    expect(chunks.map((chunk) => chunk.text)).toEqual(['a', 'b']);
    await thread.stop();
  }, 60_000);
});
