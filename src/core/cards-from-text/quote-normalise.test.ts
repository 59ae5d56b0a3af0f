import { describe, expect, it } from 'vitest';
import { comparedForms, maskMarkup, matchStem, numberWordsValue } from './quote-normalise';

describe('normalising a quote and a text the same way', () => {
  it('blanks markup, citation markers and HTML tags without moving any offset', () => {
    const text =
      'a **photosystem**{: data-type="term"} (PSI) ([\\[link\\]](#fig-ch08)) in 1439.[3][4] H<sub>2</sub>O';
    const masked = maskMarkup(text);
    expect(masked).toHaveLength(text.length);
    expect(masked).not.toMatch(/data-type|link|fig|\[3\]|<sub>/);
    expect(comparedForms(text)).toEqual(['a', 'photosystem', 'psi', 'in', '1439', 'h2o']);
  });

  it('reads numbers as numbers: digits, thousands separators and words', () => {
    expect(numberWordsValue(['forty', 'eight', 'thousand'])).toBe(48000);
    expect(numberWordsValue(['four', 'thousand', 'eight', 'hundred'])).toBe(4800);
    expect(comparedForms('upwards of 48,000 pins')).toEqual(
      comparedForms('upwards of forty-eight thousand pins'),
    );
    expect(comparedForms('2,300')).toEqual(comparedForms('two thousand three hundred'));
    expect(comparedForms('in 1843')).not.toEqual(comparedForms('in 1,843,000'));
  });

  it('compares words by stem', () => {
    expect(matchStem('scarcely')).toBe(matchStem('scarce'));
    expect(matchStem("prince's")).toBe(matchStem('prince'));
    expect(matchStem('produces')).toBe(matchStem('produced'));
    expect(matchStem('photosystem')).not.toBe(matchStem('photon'));
  });
});
