import { describe, expect, it } from 'vitest';
import { words } from '../cards-from-text/text-tools';
import {
  blankClozeSyntax,
  blankLongWords,
  countWordsIn,
  splitParagraphs,
  splitSentences,
  trimChars,
} from './scan';

/*
 * How long each step that reads user content takes against its length, on the hostile inputs
 * that froze the server (300,000 × 'A', runs of brackets, of line breaks, a 10 MiB one-letter
 * text …), and every regular expression that sees user content on long runs of the pieces that
 * make backtracking slow, is measured by `npm run bench` (bench/linear-time.ts, n/4 and n in the
 * same process), not timed here (issue 25). What the scanners give is checked here.
 */

describe('the scanners keep what the patterns did', () => {
  it('sentences: up to a run of . ! ? or the end of the text', () => {
    const old = (text: string) => text.match(/[^.!?\n]+(?:[.!?]+|$)/g) ?? [];
    for (const text of ['One. Two!? Three\nFour... five', '...\n  \nA.', 'a\nb.\n\nc', '']) {
      expect(splitSentences(text)).toEqual(old(text));
    }
  });

  it('paragraphs: separated by blank lines', () => {
    expect(splitParagraphs('a\nb\n  \n\t\nc\n\n\nd')).toEqual(['a\nb', 'c', 'd']);
  });

  it('cloze syntax becomes spaces', () => {
    const old = (text: string) => text.replace(/\{\{c\d+::|::[^}]*\}\}|\}\}/g, ' ');
    for (const text of ['{{c1::Paris::capital}} is {{c12::big}} a::b }}', 'x::a}b}} ::}}']) {
      expect(blankClozeSyntax(text)).toBe(old(text));
    }
    expect(words('The {{c1::mitochondrion::organelle}} makes ATP')).toEqual([
      'the',
      'mitochondrion',
      'makes',
      'atp',
    ]);
  });

  it('blanks words too long for the analysis, keeping positions; counts words', () => {
    expect(blankLongWords('ab xxxxx c\nyyyy', 3)).toBe('ab       c\n    ');
    expect(blankLongWords('short words stay', 10)).toBe('short words stay');
    for (const text of ['', '  ', ' a  b\tc\n', 'one']) {
      expect(countWordsIn(text)).toBe(text.trim() ? text.trim().split(/\s+/u).length : 0);
    }
  });

  it('trims the given characters and whitespace at each end', () => {
    expect(trimChars(' ,(term) ;', ',;:(', ',;:.)')).toBe('term');
    expect(trimChars('a ; ; b', ',;:(', ',;:.)')).toBe('a ; ; b');
  });
});
