import { describe, expect, it } from 'vitest';
import type { ProseSentence } from './analysis';
import { answerIsOn } from './card-checks';
import { cardProblems, isTrivialAnswer } from './quality';
import { nounPhrases, rarityOf, termScore, termStats } from './terms';
import { FREQUENCY } from './word-frequency.fixture';
import { analyseProse } from './analysis';
import { readDocument } from './document';

const qa = (front: string, back: string) => ({ type: 'qa' as const, front, back, sourceQuote: '' });
const cloze = (front: string) => ({ type: 'cloze' as const, front, back: '', sourceQuote: '' });

describe('the automated card checks', () => {
  it('pass good cards', () => {
    expect(
      cardProblems(
        qa(
          'What is photosynthesis?',
          'The process by which plants turn light into chemical energy',
        ),
      ),
    ).toEqual([]);
    expect(
      cardProblems(cloze('The {{c1::Calvin cycle}} fixes carbon dioxide into glucose.')),
    ).toEqual([]);
  });

  it('find a dangling start', () => {
    expect(cardProblems(qa('What is it used for?', 'Storing memory'))).toContain('dangling');
    expect(
      cardProblems(cloze('It takes place in the {{c1::chloroplasts}} of plant cells.')),
    ).toContain('dangling');
    expect(cardProblems(cloze('This is referred to as {{c1::last in, first out}}.'))).toContain(
      'dangling',
    );
  });

  it('find trivial answers: stop words, prices, page numbers, URL pieces, code, bare numbers', () => {
    for (const answer of [
      'the',
      'US$59.95',
      'pp. 30-44',
      'https',
      'www.example.com',
      'String::from',
      's.push_str()',
      '34',
      'it',
    ]) {
      expect(isTrivialAnswer(answer), answer).toBe(true);
    }
    for (const answer of ['1779', 'chlorophyll', '94 degrees Celsius', 'Melvin Calvin']) {
      expect(isTrivialAnswer(answer), answer).toBe(false);
    }
  });

  it('find giveaways: a form of the answer on the front', () => {
    expect(answerIsOn('Volcano', 'What do volcanoes erupt?')).toBe(true);
    expect(cardProblems(cloze('Borrowing is done with a {{c1::borrow}}.'))).toContain('giveaway');
    expect(
      answerIsOn('A simple solution for temporary state storage', 'What does React state provide?'),
    ).toBe(false);
  });

  it('find malformed cards: no question mark, blanks, broken brackets, long deletions', () => {
    expect(cardProblems(qa('Which term completes this: "The _____ is hot"?', 'sun'))).toContain(
      'malformed',
    );
    expect(cardProblems(qa('Name the pigment', 'Chlorophyll'))).toContain('malformed');
    expect(cardProblems(qa('What is (the pigment?', 'Chlorophyll'))).toContain('malformed');
    expect(cardProblems(cloze('{{c1::34}} no. 4), pp. 30-44.'))).toEqual(
      expect.arrayContaining(['trivial', 'malformed']),
    );
    expect(
      cardProblems(
        cloze(
          'The {{c1::light-dependent reactions split water and release oxygen as a by-product}} here.',
        ),
      ),
    ).toContain('malformed');
  });
});

describe('term scoring', () => {
  const sentences = (text: string): ProseSentence[] => analyseProse(readDocument(text));

  it('ranks rare, recurring terms above everyday words', () => {
    expect(rarityOf('chlorophyll', FREQUENCY)).toBeGreaterThan(rarityOf('green', FREQUENCY) + 2);
    const text =
      'Chlorophyll absorbs light in the leaves of every green plant. The pigment chlorophyll makes the leaves look green. Chlorophyll sits in the chloroplasts.';
    const parsed = sentences(text);
    const stats = termStats(parsed, ['Chlorophyll']);
    const [first] = parsed;
    const scored = nounPhrases(first as ProseSentence, FREQUENCY)
      .map((term) => ({ text: term.text, score: termScore(term, stats) }))
      .sort((a, b) => b.score - a.score);
    expect(scored[0]?.text).toBe('Chlorophyll');
    expect(scored.find((term) => term.text === 'green plant')?.score ?? 0).toBeLessThan(
      scored[0]?.score ?? 0,
    );
  });

  it('keeps code and dotted names out of terms', () => {
    const [sentence] = sentences(
      'The plan for Cargo is to use crates.io as the registry of the packages.',
    );
    const terms = nounPhrases(sentence as ProseSentence, FREQUENCY).map((term) => term.text);
    expect(terms).not.toContain('crates');
    expect(terms).toContain('registry');
  });
});
