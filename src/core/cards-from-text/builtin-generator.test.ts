import { describe, expect, it } from 'vitest';
import { validateCloze } from '../card-content/cloze';
import { countWords } from '../content/check';
import { cardCountRange, type GeneratedCardType, type Strategy } from '../content/estimates';
import { generateBuiltinCards } from './builtin-generator';
import { PASSAGES } from './passages.fixture';
import { answerOf } from './postprocess';
import { cardProblems } from './quality';
import { FREQUENCY } from './word-frequency.fixture';

const generate = (
  content: string,
  strategy: Strategy = 'detailed',
  cardTypes: GeneratedCardType[] = ['qa', 'cloze'],
) => generateBuiltinCards({ content, strategy, cardTypes }, FREQUENCY).cards;
const fronts = (content: string, cardTypes: GeneratedCardType[] = ['qa']) =>
  generate(content, 'detailed', cardTypes).map((card) => `${card.front} → ${answerOf(card)}`);
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the built-in generator', () => {
  for (const [name, content] of Object.entries(PASSAGES)) {
    it(`${name}: every card passes the automated checks and comes from the text`, () => {
      for (const strategy of ['key_concepts', 'standard', 'detailed'] as const) {
        const cards = generate(content, strategy);
        expect(cards.length).toBeGreaterThan(0);
        expect(cards.length).toBeLessThanOrEqual(cardCountRange(strategy, countWords(content)).max);
        for (const card of cards) {
          expect(cardProblems(card)).toEqual([]);
          expect(flat(content)).toContain(flat(card.sourceQuote));
          if (card.type === 'qa')
            expect(card.front).toMatch(/^(?:What|Which|Who|When|How)\b[^_]*\?$/);
          else expect(validateCloze(card.front)).toEqual([]);
        }
      }
    });
  }

  it('asks what a defined term is, and the reverse', () => {
    const content =
      'Photosynthesis is the process by which green plants turn light energy into chemical energy.\n\nA volcano is an opening in the crust of a planet through which molten rock escapes.';
    expect(fronts(content)).toEqual(
      expect.arrayContaining([
        'What is photosynthesis? → The process by which green plants turn light energy into chemical energy',
        'What is a volcano? → An opening in the crust of a planet through which molten rock escapes',
        'What is the term for an opening in the crust of a planet through which molten rock escapes? → Volcano',
      ]),
    );
  });

  it('asks what a thing is called, who did it, when, and what it does', () => {
    const content = [
      'Adding data is called pushing onto the stack, and removing data is called popping off the stack.',
      'Melvin Calvin mapped the cycle of carbon fixation in chloroplasts.',
      'Mount Vesuvius, near Naples in Italy, erupted in 79 AD and buried the town of Pompeii.',
      'A central registry provides an easy place to look for existing packages.',
      'Server Caches: Cached data on the server side for quicker retrieval.',
    ].join('\n\n');
    expect(fronts(content)).toEqual(
      expect.arrayContaining([
        'What is adding data called? → Pushing onto the stack',
        'What is removing data called? → Popping off the stack',
        'Who mapped the cycle of carbon fixation in chloroplasts? → Melvin Calvin',
        'When did Mount Vesuvius erupt? → 79 AD',
        'What does a central registry provide? → An easy place to look for existing packages',
        'What are Server Caches? → Cached data on the server side for quicker retrieval',
      ]),
    );
  });

  it('never disguises a fill-in as a question', () => {
    for (const content of Object.values(PASSAGES)) {
      for (const card of generate(content, 'detailed', ['qa'])) {
        expect(card.front).not.toMatch(/_{3}|completes this/);
      }
    }
  });

  it('carries the referent of a leading pronoun in, or leaves the sentence out', () => {
    const carried = generate(
      'Bash is a widely used command language interpreter. It offers functional improvements over the Bourne shell for interactive use. It also runs most scripts written for the Bourne shell without any modification.',
      'detailed',
      ['cloze'],
    );
    expect(carried.map((card) => card.back)).toContain(
      'Bash offers functional improvements over the Bourne shell for interactive use.',
    );
    const left = generate(
      'Many people enjoy reading about distant planets. They orbit stars far beyond the reach of any telescope.',
      'detailed',
      ['cloze'],
    );
    expect(left.map((card) => card.back).join(' ')).not.toMatch(/orbit stars/);
  });

  it('leaves out code, references, prices, page furniture, talk to the reader and pointers', () => {
    const content = [
      'Ownership is a set of rules that govern how a Rust program manages memory.',
      'let s = String::from("hello"); // s is valid from this point forward',
      'Price US$59.95, 638 pp. Oxford University Press (2001), ISBN 978-0-19-850673-0.',
      'Smith, J. (2004). Memory models. Journal of Systems, vol. 3, pp. 30-44.',
      'You can see the rules at https://doc.rust-lang.org/book in your browser.',
      'Listing 4-2 shows the integer value of variable x assigned to the variable y.',
      'This pattern has a profound impact on the way programs are written.',
    ].join('\n\n');
    const cards = generate(content);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.sourceQuote).toBe(
        'Ownership is a set of rules that govern how a Rust program manages memory.',
      );
    }
  });

  it('gives the same cards for hard-wrapped text as for the unwrapped text', () => {
    const unwrapped = PASSAGES.tcp;
    const wrapped = unwrapped
      .split('\n\n')
      .map((paragraph) => paragraph.replace(/(.{1,60})(?:\s+|$)/g, '$1\n').trim())
      .join('\n\n');
    expect(wrapped).not.toBe(unwrapped);
    const answers = (content: string) =>
      generate(content).map((card) => `${card.front}|${card.back}`);
    expect(answers(wrapped)).toEqual(answers(unwrapped));
  });

  it('chooses differently for each strategy, not just fewer of the same', () => {
    const content = Object.values(PASSAGES).join('\n\n');
    const key = generate(content, 'key_concepts').map((card) => card.front);
    const standard = generate(content, 'standard').map((card) => card.front);
    const detailed = generate(content, 'detailed').map((card) => card.front);
    expect(key).not.toEqual(standard.slice(0, key.length));
    expect(standard).not.toEqual(detailed.slice(0, standard.length));
    expect(detailed.length).toBeGreaterThan(standard.length);
  });

  it('says why a result is short, and is deterministic', () => {
    const request = {
      content: PASSAGES.tcp,
      strategy: 'standard' as const,
      cardTypes: ['qa' as const],
    };
    const first = generateBuiltinCards(request, FREQUENCY);
    expect(generateBuiltinCards(request, FREQUENCY)).toEqual(first);
    const none = generateBuiltinCards(
      {
        content: 'fn main() { let x = 5; }\n\nlet y = x;',
        strategy: 'standard',
        cardTypes: ['qa'],
      },
      FREQUENCY,
    );
    expect(none.cards).toEqual([]);
    expect(none.note).toMatch(/No card could be written/);
    const again = generateBuiltinCards({ ...request, existingCards: first.cards }, FREQUENCY);
    for (const card of again.cards) {
      expect(first.cards.some((old) => old.front === card.front && old.back === card.back)).toBe(
        false,
      );
    }
  });
});
