import { describe, expect, it } from 'vitest';
import { analyseProse } from './analysis';
import { readDocument } from './document';
import { questionsFor } from './questions';

/** The questions one real sentence supports, as 'front → back'. */
function asked(text: string): string[] {
  const [sentence] = analyseProse(readDocument(text));
  if (!sentence) throw new Error('no sentence');
  return questionsFor(text, sentence.tokens).map(
    (question) => `${question.front} → ${question.back}`,
  );
}

describe('question forms, one real sentence each', () => {
  it('why, from a cause after "because"', () => {
    expect(asked('The heap is slower because the processor must follow a pointer.')).toEqual([
      'Why is the heap slower? → Because the processor must follow a pointer',
    ]);
    expect(
      asked('Stratovolcanoes erupt violently because their lava is thick and traps gas.'),
    ).toEqual([
      'Why do stratovolcanoes erupt violently? → Because their lava is thick and traps gas',
    ]);
  });

  it('what a thing is used for, and what a term refers to', () => {
    expect(asked('A hydrometer is used to measure the density of a liquid.')).toEqual([
      'What is a hydrometer used for? → To measure the density of a liquid',
    ]);
    expect(asked('Osmosis refers to the movement of water across a membrane.')).toEqual([
      'What does osmosis refer to? → The movement of water across a membrane',
    ]);
  });

  it('no question where the sentence does not support one', () => {
    expect(asked('Fetchers are a bit more nuanced since they are not singleton events.')).toEqual(
      [],
    );
    expect(
      asked('Bash allows users to control which commands are saved on the history list.'),
    ).toEqual([]);
  });
});
