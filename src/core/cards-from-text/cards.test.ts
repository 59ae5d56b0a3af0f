import { describe, expect, it } from 'vitest';
import { PASSAGES } from './passages.fixture';
import { isSupported, postprocessCards } from './postprocess';

describe('post-processing shared by every generator', () => {
  const content = PASSAGES.photosynthesis;
  const options = {
    content,
    cardTypes: ['qa', 'cloze'] as ('qa' | 'cloze')[],
    range: { min: 1, max: 10 },
  };

  it('drops unsupported, stop-word, invalid-cloze, unrequested and duplicate cards', () => {
    const kept = postprocessCards(
      [
        {
          type: 'qa',
          front: 'Where does it happen?',
          back: 'In the chloroplasts',
          sourceQuote: 'It takes place in the chloroplasts',
        },
        {
          type: 'qa',
          front: 'Who painted the Mona Lisa?',
          back: 'Leonardo da Vinci',
          sourceQuote: 'x',
        },
        { type: 'qa', front: 'Which word?', back: 'the', sourceQuote: 'the' },
        {
          type: 'cloze',
          front: 'The {{c1::Calvin cycle uses ATP',
          back: '',
          sourceQuote: 'The Calvin cycle uses ATP',
        },
        {
          type: 'cloze',
          front: '{{c1::RuBisCO}} catalyses the first step.',
          back: '',
          sourceQuote: 'RuBisCO',
        },
        {
          type: 'qa',
          front: 'Where does photosynthesis take place?',
          back: 'in the chloroplasts',
          sourceQuote: 'chloroplasts of plant cells',
        },
      ],
      options,
    );
    expect(kept.map((card) => card.back)).toEqual([
      'In the chloroplasts',
      'RuBisCO catalyses the first step.',
    ]);
    expect(kept[1]?.sourceQuote).toContain('The enzyme RuBisCO');
    expect(postprocessCards(kept, { ...options, cardTypes: ['cloze'] })).toHaveLength(1);
    expect(postprocessCards(kept, { ...options, range: { min: 1, max: 1 } })).toHaveLength(1);
  });

  it('drops a cloze card with more deletion numbers than a card may have (issue 21)', () => {
    const card = (numbers: number) => ({
      type: 'cloze' as const,
      front: `${Array.from({ length: numbers }, (_, k) => `{{c${k + 1}::RuBisCO}}`).join(' ')} catalyses the first step.`,
      back: '',
      sourceQuote: 'RuBisCO',
    });
    expect(postprocessCards([card(100)], options)).toHaveLength(1);
    expect(postprocessCards([card(101)], options)).toEqual([]);
  });

  it('checks support by the content words of the answer', () => {
    expect(isSupported('chemical energy', content)).toBe(true);
    expect(isSupported('nuclear energy', content)).toBe(false);
    expect(isSupported('1779', content)).toBe(true);
  });
});
