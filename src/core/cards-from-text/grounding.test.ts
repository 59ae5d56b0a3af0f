import { describe, expect, it } from 'vitest';
import { hasLongDeletion, isGiveaway } from './card-checks';
import { indexContent, locateQuote } from './grounding';
import { isSentenceEnd } from './sentences';
import { checkCards, mainRejection, REJECTIONS } from './postprocess';

/** A .txt-like text hard-wrapped at 72 columns, with a word broken by a hyphen at a line end. */
const WRAPPED = `Photosynthesis

Photosynthesis is the process by which green plants, algae and some
bacteria turn the energy of sunlight into chemical energy stored in
sugar. It takes place in the chloroplasts, small organelles that hold
the green pigment chlorophyll. The light-dependent reactions split
water and release oxygen as a by-product, e.g. the oxygen we breathe;
the Calvin cycle then fixes carbon dioxide into three-carbon sugars.
Dr. Melvin Calvin mapped the cycle in the 1950s (see vol. 2 of his
memoirs) and received the Nobel Prize in Chemistry in 1961. Only about
0.1 per cent of the sunlight reaching the Earth is captured by photo-
synthesis, yet it feeds almost every food chain on the planet.

The enzyme RuBisCO catalyses the first step of the Calvin cycle. It is
thought to be the most abundant protein on Earth, and its slowness is a
self-
contained limit on how fast a leaf can grow`;

const flat = (text: string | null | undefined) => text?.replace(/\s+/g, ' ') ?? null;
const located = (quote: string) => flat(locateQuote(quote, WRAPPED));

const FIRST_SENTENCE =
  'Photosynthesis is the process by which green plants, algae and some bacteria turn the energy of sunlight into chemical energy stored in sugar.';
const OXYGEN_SENTENCE =
  'The light-dependent reactions split water and release oxygen as a by-product, e.g. the oxygen we breathe; the Calvin cycle then fixes carbon dioxide into three-carbon sugars.';

describe('grounding a quote in hard-wrapped text', () => {
  it('is a real hard-wrapped text', () => {
    for (const line of WRAPPED.split('\n')) expect(line.length).toBeLessThanOrEqual(72);
    expect(WRAPPED).toContain('photo-\nsynthesis');
  });

  it('finds a quote that crosses a line break and keeps the whole sentence as written', () => {
    expect(located('chemical energy stored in sugar')).toBe(FIRST_SENTENCE);
    // The stored passage is the original text, line breaks included.
    expect(locateQuote('chemical energy stored in sugar', WRAPPED)).toBe(
      WRAPPED.slice(WRAPPED.indexOf('Photosynthesis is'), WRAPPED.indexOf(' It takes')),
    );
    expect(located('which green plants, algae and some bacteria turn')).toBe(FIRST_SENTENCE);
  });

  it('ignores case, punctuation, whitespace and hyphens', () => {
    expect(located('THE LIGHT DEPENDENT REACTIONS SPLIT WATER, AND RELEASE OXYGEN')).toBe(
      OXYGEN_SENTENCE,
    );
    expect(located('release oxygen as a by product – e.g., the oxygen we breathe')).toBe(
      OXYGEN_SENTENCE,
    );
    expect(located('"It takes place in the chloroplasts..."')).toBe(
      'It takes place in the chloroplasts, small organelles that hold the green pigment chlorophyll.',
    );
  });

  it('mends a word broken at a line end, and keeps a compound broken there', () => {
    expect(located('is captured by photosynthesis, yet it feeds')).toBe(
      'Only about 0.1 per cent of the sunlight reaching the Earth is captured by photo- synthesis, yet it feeds almost every food chain on the planet.',
    );
    expect(located('its slowness is a self-contained limit')).toContain('self- contained limit');
  });

  it('widens to sentences without cutting at abbreviations or decimals', () => {
    expect(located('mapped the cycle in the 1950s')).toBe(
      'Dr. Melvin Calvin mapped the cycle in the 1950s (see vol. 2 of his memoirs) and received the Nobel Prize in Chemistry in 1961.',
    );
    expect(located('0.1 per cent')).toMatch(/^Only about 0\.1 per cent .* planet\.$/);
    // A quote over two sentences keeps both; a passage ends at a blank line too.
    expect(located('in 1961. Only about')).toMatch(/^Dr\. Melvin .* planet\.$/);
    expect(located('how fast a leaf can grow')).toMatch(/^It is thought .* can grow$/);
    expect(located('Photosynthesis')).toBe('Photosynthesis');
  });

  it('never runs a passage into a heading or from one list item into the next', () => {
    const notes =
      '# Cell walls\nPlant cells have walls made\nof cellulose\n- Fungi use chitin\n- Bacteria use\n  peptidoglycan\n1. Archaea vary';
    const at = (quote: string) => flat(locateQuote(quote, notes));
    expect(at('made of cellulose')).toBe('Plant cells have walls made of cellulose');
    expect(at('Plant cells have walls')).toBe('Plant cells have walls made of cellulose');
    expect(at('Fungi use chitin')).toBe('- Fungi use chitin');
    expect(at('peptidoglycan')).toBe('- Bacteria use peptidoglycan');
    expect(at('Archaea')).toBe('1. Archaea vary');
    expect(at('cell walls')).toBe('# Cell walls');
    expect(at('Cell walls. Plant cells')).toBe(
      '# Cell walls Plant cells have walls made of cellulose',
    );
  });

  it('rejects a quote that is not in the text, or not in that order', () => {
    expect(located('Photosynthesis takes place in the mitochondria')).toBeNull();
    expect(located('sugar stored in chemical energy')).toBeNull();
    expect(located('')).toBeNull();
    expect(located('...')).toBeNull();
  });

  it('tells sentence ends from abbreviations, initials and decimals', () => {
    const ends = (text: string) =>
      [...text].flatMap((_, at) => (isSentenceEnd(text, at) ? [text.slice(0, at + 1)] : []));
    expect(ends('See e.g. the U.S. data by J. Smith, vol. 3, at 2.5 per cent. Done! Why?')).toEqual(
      [
        'See e.g. the U.S. data by J. Smith, vol. 3, at 2.5 per cent.',
        'See e.g. the U.S. data by J. Smith, vol. 3, at 2.5 per cent. Done!',
        'See e.g. the U.S. data by J. Smith, vol. 3, at 2.5 per cent. Done! Why?',
      ],
    );
    expect(ends('He said "stop." Then')).toEqual(['He said "stop.']);
  });

  it('finds each of 500 quotes in a 500,000-character text (the rarest word leads)', () => {
    const paragraph = WRAPPED.split('\n\n').slice(1).join('\n\n');
    const big = Array.from({ length: 400 }, (_, at) => `Part ${at}.\n\n${paragraph}`)
      .join('\n\n')
      .slice(0, 500_000);
    const index = indexContent(big);
    const quotes = Array.from({ length: 500 }, (_, at) =>
      at % 2 ? `Part ${at % 400}. Photosynthesis is the process` : 'the the the the the the the',
    );
    const found = quotes.map((quote) => locateQuote(quote, index));
    expect(found.filter(Boolean)).toHaveLength(250);
    expect(flat(found[1])).toBe(`Part 1. ${FIRST_SENTENCE}`);
    expect(flat(found[399])).toBe(`Part 399. ${FIRST_SENTENCE}`);
  });
});

describe('card checks', () => {
  it('drops a Q&A card whose answer, or a form of it, is on its front', () => {
    const qa = (front: string, back: string) => ({ type: 'qa' as const, front, back });
    expect(isGiveaway(qa('What does photosynthesis turn into chemical energy?', 'Sunlight'))).toBe(
      false,
    );
    expect(
      isGiveaway(qa('Where does photosynthesis take place in chloroplasts?', 'Chloroplasts')),
    ).toBe(true);
    expect(isGiveaway(qa('What process evaporates water from leaves?', 'Evaporation'))).toBe(true);
    expect(isGiveaway(qa('Which cells hold chlorophyll?', 'Cell'))).toBe(true);
    expect(isGiveaway(qa('What is a formula?', 'A form'))).toBe(false);
  });

  it('drops a cloze whose deletion shows around it, or hides more than a few words', () => {
    const cloze = (front: string) => ({ type: 'cloze' as const, front, back: '' });
    expect(isGiveaway(cloze('{{c1::RuBisCO}} is an enzyme; RuBisCO is slow.'))).toBe(true);
    expect(isGiveaway(cloze('{{c1::RuBisCO}} catalyses the first step.'))).toBe(false);
    expect(hasLongDeletion('{{c1::RuBisCO}} catalyses the first step.')).toBe(false);
    expect(hasLongDeletion('RuBisCO {{c1::catalyses the first step of the Calvin cycle}}.')).toBe(
      true,
    );
  });

  it("drops a Q&A front that is not a question on the LLM path (issue 22 §3: ends with '?')", () => {
    const card = (front: string) => ({
      type: 'qa' as const,
      front,
      back: 'In the chloroplasts',
      sourceQuote: 'It takes place in the\nchloroplasts, small organelles',
    });
    const cards = [card('Where does photosynthesis take place?'), card('Photosynthesis location')];
    const options = { content: WRAPPED, cardTypes: ['qa' as const], range: { min: 1, max: 10 } };
    const llm = checkCards(cards, { ...options, requireQuestionMark: true });
    expect(llm.cards.map((kept) => kept.front)).toEqual(['Where does photosynthesis take place?']);
    expect(llm.rejected).toEqual({ [REJECTIONS.notQuestion]: 1 });
    // The built-in generator's fronts are not held to it.
    expect(checkCards(cards, options).rejected[REJECTIONS.notQuestion]).toBeUndefined();
  });

  it('keeps cards whose quotes cross line breaks and says why the others were dropped', () => {
    const checked = checkCards(
      [
        {
          type: 'qa',
          front: 'Where does photosynthesis take place?',
          back: 'In the chloroplasts',
          sourceQuote: 'It takes place in the\nchloroplasts, small organelles',
        },
        {
          type: 'cloze',
          front:
            'Only about {{c1::0.1 per cent}} of the sunlight reaching the Earth is captured by photosynthesis.',
          back: '',
          sourceQuote:
            'Only about 0.1 per cent of the sunlight reaching the Earth is captured by photosynthesis',
        },
        {
          type: 'qa',
          front: 'Who mapped the Calvin cycle?',
          back: 'Melvin Calvin',
          sourceQuote: 'Dr. Melvin Calvin mapped the cycle in the 1950s',
        },
        {
          type: 'qa',
          front: 'Who discovered penicillin?',
          back: 'Alexander Fleming',
          sourceQuote: 'Alexander Fleming discovered penicillin in 1928',
        },
        {
          type: 'qa',
          front: 'What does RuBisCO catalyse?',
          back: 'The first step of the Calvin cycle',
          sourceQuote: 'RuBisCO catalyses the first step of the Krebs cycle',
        },
        {
          type: 'cloze',
          front: 'The enzyme {{c1::RuBisCO catalyses the first step of the Calvin}} cycle.',
          back: '',
          sourceQuote: 'The enzyme RuBisCO catalyses the first step of the Calvin cycle.',
        },
      ],
      { content: WRAPPED, cardTypes: ['qa', 'cloze'], range: { min: 1, max: 10 } },
    );
    expect(checked.cards.map((card) => card.back)).toEqual([
      'In the chloroplasts',
      'Only about 0.1 per cent of the sunlight reaching the Earth is captured by photosynthesis.',
      'Melvin Calvin',
    ]);
    // A quote that is not in the text is never replaced by a guess from the answer (issue 22).
    expect(flat(checked.cards[2]?.sourceQuote ?? '')).toMatch(/^Dr\. Melvin Calvin .* 1961\.$/);
    expect(checked.rejected).toEqual({ [REJECTIONS.notFound]: 2, [REJECTIONS.longCloze]: 1 });
    expect(mainRejection(checked.rejected)).toBe(REJECTIONS.notFound);
  });
});
