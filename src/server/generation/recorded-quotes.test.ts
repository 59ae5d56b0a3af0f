import { describe, expect, it } from 'vitest';
import { indexContent, matchQuote } from '../../core/cards-from-text/grounding';
import {
  checkCards,
  factOf,
  isSameFact,
  isSupported,
  REJECTIONS,
} from '../../core/cards-from-text/postprocess';
import { recordedCard, recordedJobs } from '../../../test/support/llm-replay';

/**
 * The quote matching and card checks of src/core on the quotes a strong model wrote for three
 * real texts (issue 22's recording, read from ../shared/data beside the checkout).
 */
const jobs = recordedJobs();
const recorded = (file: string, index: number) => {
  const { job, card } = recordedCard(jobs, file.replace(/\.json$/, ''), index);
  return { text: job.content, card };
};
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the recorded quotes (issue 22)', () => {
  it('finds every one of the 152 recorded quotes, and the stored passage holds it', () => {
    let count = 0;
    for (const job of jobs) {
      const index = indexContent(job.content);
      for (const card of job.cards) {
        const match = matchQuote(card.quote, index);
        expect(match, `${job.name} #${card.index}`).not.toBeNull();
        expect(matchQuote(card.quote, match?.passage ?? '')).not.toBeNull();
        count++;
      }
    }
    expect(count).toBe(152);
  });

  it('stores the sentence the quote matched, not the answer elsewhere in the text', () => {
    const { text, card } = recorded('openstax-det.json', 6);
    expect(flat(matchQuote(card.quote, text)?.passage ?? '')).toMatch(
      /electromagnetic spectrum\*\*\{: data-type="term"\} is the range of all possible frequencies/,
    );
  });

  it('keeps the cards the old checks dropped for markup, numbers or word forms', () => {
    for (const [file, index] of [
      ['openstax-det.json', 4],
      ['openstax-det.json', 7],
      ['openstax-det.json', 10],
      ['openstax-det.json', 16],
      ['openstax-det.json', 27],
      ['openstax-std.json', 10],
      ['press-det.json', 33],
      ['smith-det.json', 6],
      ['smith-det.json', 21],
      ['smith-det.json', 33],
      ['smith-det.json', 37],
      ['smith-std.json', 6],
    ] as const) {
      const { text, card } = recorded(file, index);
      const checked = checkCards([{ ...card, sourceQuote: card.quote }], {
        content: text,
        cardTypes: ['qa', 'cloze'],
        range: { min: 1, max: 5 },
      });
      expect(checked.rejected, `${file} #${index}`).toEqual({});
    }
  });

  it('checks the answer against the matched passage: P680 is not photosystem I', () => {
    const { text } = recorded('openstax-det.json', 7);
    const psi = text.slice(text.indexOf('As electrons move through the proteins'));
    const quote = psi.slice(0, psi.indexOf('.') + 1);
    const card = {
      type: 'qa' as const,
      front: 'What is the reaction center of photosystem I called?',
      back: 'P680',
      sourceQuote: quote,
    };
    expect(isSupported('P680', text)).toBe(true);
    const checked = checkCards([card], {
      content: text,
      cardTypes: ['qa'],
      range: { min: 1, max: 5 },
    });
    expect(checked.rejected).toEqual({ [REJECTIONS.unsupported]: 1 });
  });

  it('judges duplicates on question and answer together', () => {
    const smith = (file: string, index: number) => {
      const { card } = recorded(file, index);
      return factOf({ ...card, sourceQuote: card.quote });
    };
    // Two facts with the same answer ('The division of labour') are two cards…
    expect(isSameFact(smith('smith-det.json', 0), smith('smith-det.json', 7))).toBe(false);
    // …and the same fact asked in other words in two chunks is one.
    expect(isSameFact(smith('smith-std.json', 5), smith('smith-std.json', 14))).toBe(true);
  });
});
