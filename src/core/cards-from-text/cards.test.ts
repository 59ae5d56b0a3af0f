import { describe, expect, it } from 'vitest';
import { validateCloze } from '../card-content/cloze';
import { cardCountRange } from '../content/estimates';
import { countWords } from '../content/check';
import { generateBuiltinCards } from './builtin-generator';
import { answerOf, isSupported, postprocessCards } from './postprocess';
import { STOP_WORDS, words } from './text-tools';

const PASSAGES = {
  photosynthesis: [
    'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts of plant cells, which contain the green pigment chlorophyll.',
    'During the light-dependent reactions, water molecules are split and oxygen is released as a by-product. The energy captured is stored in ATP and NADPH.',
    'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose. The enzyme RuBisCO, probably the most abundant protein on Earth, catalyses the first step of carbon fixation.',
    'Jan Ingenhousz discovered in 1779 that light is essential for photosynthesis. Melvin Calvin mapped the cycle that bears his name in 1950 and received the Nobel Prize in Chemistry in 1961.',
  ].join('\n\n'),
  revolution: [
    'The French Revolution was a period of political and social upheaval in France that began in 1789. It ended the absolute monarchy of Louis XVI and established a republic.',
    'The storming of the Bastille on 14 July 1789 became the symbol of the revolution. The National Assembly adopted the Declaration of the Rights of Man and of the Citizen in August 1789.',
    'Louis XVI was executed by guillotine in January 1793. During the Reign of Terror, led by Maximilien Robespierre, about 17,000 people were officially executed.',
    'The revolution ended in 1799 when Napoleon Bonaparte seized power in the coup of 18 Brumaire. Historians regard it as one of the most important events in European history.',
  ].join('\n\n'),
  tcp: [
    'The Transmission Control Protocol is a connection-oriented protocol of the Internet protocol suite. It provides reliable, ordered delivery of a stream of bytes between applications.',
    'TCP establishes a connection with a three-way handshake of SYN, SYN-ACK and ACK segments. Vint Cerf and Bob Kahn described the protocol in 1974.',
    'Congestion control in TCP uses slow start, congestion avoidance and fast retransmit. The sender keeps a congestion window that limits the data in flight.',
    'The User Datagram Protocol is a simpler alternative that offers no delivery guarantees. Applications such as video calls prefer UDP because low latency matters more than reliability.',
  ].join('\n\n'),
  howTo: [
    'To brew pour-over coffee, heat fresh water to about 94 degrees Celsius. Weigh 20 grams of coffee for 320 grams of water, a ratio of one to sixteen.',
    'Grind the beans to a medium-fine texture, similar to table salt. Place a paper filter in the dripper and rinse it with hot water to remove the papery taste.',
    'Pour about 40 grams of water over the grounds and wait 30 seconds. This step is called the bloom: it lets carbon dioxide escape from freshly roasted coffee.',
    'Pour the remaining water in slow circles over about two minutes. A total brew time of three to four minutes gives a balanced cup. If the coffee tastes sour, grind finer; if it tastes bitter, grind coarser.',
  ].join('\n\n'),
};

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('built-in generator', () => {
  for (const [name, content] of Object.entries(PASSAGES)) {
    for (const strategy of ['key_concepts', 'standard', 'detailed'] as const) {
      it(`${name}, ${strategy}: useful cards within the strategy's range`, () => {
        const cards = generateBuiltinCards({ content, strategy, cardTypes: ['qa', 'cloze'] });
        const range = cardCountRange(strategy, countWords(content));
        expect(cards.length).toBeLessThanOrEqual(range.max);
        expect(cards.length).toBeGreaterThanOrEqual(Math.min(range.min, 5));
        expect(new Set(cards.map((card) => card.type))).toEqual(new Set(['qa', 'cloze']));
        for (const card of cards) {
          const answer = answerOf(card);
          expect(flat(content)).toContain(flat(card.sourceQuote));
          expect(flat(content).toLowerCase()).toContain(flat(answer).toLowerCase());
          expect(words(answer).every((word) => STOP_WORDS.has(word))).toBe(false);
          expect(words(answer).length).toBeLessThan(words(card.sourceQuote).length);
          if (card.type === 'cloze') {
            expect(validateCloze(card.front)).toEqual([]);
            expect(card.back).not.toContain('{{');
          }
        }
      });
    }
  }

  it('honours a single requested type', () => {
    const content = PASSAGES.revolution;
    const cloze = generateBuiltinCards({ content, strategy: 'standard', cardTypes: ['cloze'] });
    const qa = generateBuiltinCards({ content, strategy: 'standard', cardTypes: ['qa'] });
    expect(cloze.length).toBeGreaterThan(3);
    expect(qa.length).toBeGreaterThan(3);
    expect(cloze.every((card) => card.type === 'cloze')).toBe(true);
    expect(qa.every((card) => card.type === 'qa')).toBe(true);
  });

  it('asks for amounts with their units in a how-to', () => {
    const cards = generateBuiltinCards({
      content: PASSAGES.howTo,
      strategy: 'standard',
      cardTypes: ['qa', 'cloze'],
    });
    const answers = cards.map(answerOf);
    expect(answers).toEqual(
      expect.arrayContaining(['94 degrees Celsius', '30 seconds', 'three to four minutes']),
    );
  });

  it('asks for definitions, years and people', () => {
    const cards = generateBuiltinCards({
      content: PASSAGES.photosynthesis,
      strategy: 'detailed',
      cardTypes: ['qa'],
    });
    const fronts = cards.map((card) => card.front);
    expect(fronts).toContain('What is photosynthesis?');
    expect(cards.some((card) => card.back === '1779')).toBe(true);
  });

  it('is deterministic and skips what the deck already has', () => {
    const request = {
      content: PASSAGES.tcp,
      strategy: 'standard' as const,
      cardTypes: ['qa' as const, 'cloze' as const],
    };
    const first = generateBuiltinCards(request);
    expect(generateBuiltinCards(request)).toEqual(first);
    const again = generateBuiltinCards({ ...request, existingCards: first });
    for (const card of again) {
      expect(first.some((old) => old.front === card.front && old.back === card.back)).toBe(false);
    }
  });
});

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

  it('checks support by the content words of the answer', () => {
    expect(isSupported('chemical energy', content)).toBe(true);
    expect(isSupported('nuclear energy', content)).toBe(false);
    expect(isSupported('1779', content)).toBe(true);
  });
});
