import { describe, expect, it } from 'vitest';
import { generateBuiltinCards } from './builtin-generator';
import { clozeOf, complementOf } from './cloze-cards';
import { definedTerm } from './defined-term';
import { signalQuestions } from './definition-forms';
import { standsAlone } from './standalone';
import { FREQUENCY } from './word-frequency.fixture';

/**
 * Round M's failures (OpenStax Physics, e2e/fixtures/texts/physics-*.md, CC BY 4.0), on the
 * sections' own sentences.
 */
const SPEED = `# Speed and Velocity

## Velocity

The **vector** version of speed is velocity. **Velocity** describes the speed and direction of an object. As with speed, it is useful to describe either the average velocity over a time period or the velocity at a specific moment.

## Key Terms

| term | meaning |
| --- | --- |
| velocity | the speed and direction of an object |
| instantaneous speed | speed at a specific instant in time |
`;

describe('one definition of a term in a deck (round M)', () => {
  it('reads the term a card defines', () => {
    expect(
      definedTerm({ type: 'qa', front: 'What is meant by velocity?', back: 'The speed …' }),
    ).toBe('velocity');
    expect(
      definedTerm({
        type: 'cloze',
        front: '{{c1::Velocity}} describes the speed and direction of an object.',
        back: '',
      }),
    ).toBe('velocity');
    expect(
      definedTerm({
        type: 'cloze',
        front: 'The net change in position of an object is its {{c1::displacement}}, or Δd.',
        back: '',
      }),
    ).toBe('displacement');
    // A fact about the term, not its definition.
    expect(
      definedTerm({
        type: 'cloze',
        front:
          'Velocity is a {{c1::vector quantity}} that describes the speed and direction of an object.',
        back: '',
      }),
    ).toBeNull();
  });

  it('asks the glossary entry or the sentence, not both', () => {
    for (const strategy of ['key_concepts', 'standard', 'detailed'] as const) {
      const cards = generateBuiltinCards(
        { content: SPEED, strategy, cardTypes: ['qa', 'cloze'] },
        FREQUENCY,
      ).cards;
      const velocity = cards.filter((card) => definedTerm(card) === 'velocity');
      expect(velocity.length).toBeLessThanOrEqual(1);
    }
  });
});

describe('the span a cloze hides (round M)', () => {
  it('hides the term, not its possessive, nor a passive verb', () => {
    expect(complementOf('The location of an object at any particular time is its position.')).toBe(
      'position',
    );
    expect(
      complementOf(
        'A description of motion depends on the reference frame from which it is described.',
      ),
    ).toBeUndefined();
  });

  it('never hides part of a name with an "of" in it', () => {
    const text =
      'The standard units for calculations are called SI units (International System of Units).';
    expect(
      clozeOf(text, { text: 'International System', head: 'system', rarity: 5 }, new Set()),
    ).toBeNull();
  });
});

describe('the article of an appositive definition (round M)', () => {
  it("asks 'What is magnitude?', not 'What is the magnitude?'", () => {
    const fronts = signalQuestions(
      'When you describe distance, you only include the magnitude, the size or amount, of the distance traveled.',
      ['magnitude'],
    ).map((question) => question.front);
    expect(fronts).toContain('What is magnitude?');
    expect(fronts).not.toContain('What is the magnitude?');
  });
});

describe('a group the text before names (round M)', () => {
  it("leaves out 'The American scientists made calculations …'", () => {
    expect(
      standsAlone(
        'The American scientists made calculations in English units (feet, inches, pounds, etc.) and forgot to convert their answers to the standard metric SI units.',
      ),
    ).toBe(false);
    expect(standsAlone('SI units are based on the metric system.')).toBe(true);
  });
});
