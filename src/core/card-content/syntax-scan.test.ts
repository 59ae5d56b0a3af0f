import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_CONTENT_MAX } from '../flashcard-schemas';
import { validateCloze } from './cloze';
import { plainTextOf, renderCardHtml } from './render';
import { matchCodeSpan, matchFence, matchMath, skipProtected, type ScanMemo } from './syntax-scan';

describe('matchMath', () => {
  it('matches the four delimiters', () => {
    expect(matchMath('$x$ y', 0)).toEqual({ end: 3, content: 'x', display: false });
    expect(matchMath('$$x$$ y', 0)).toEqual({ end: 5, content: 'x', display: true });
    expect(matchMath('\\(x\\) y', 0)).toEqual({ end: 5, content: 'x', display: false });
    expect(matchMath('\\[x\\] y', 0)).toEqual({ end: 5, content: 'x', display: true });
  });

  it('applies the dollar rule for prose', () => {
    expect(matchMath('$ x$', 0)).toBeNull();
    expect(matchMath('$x $', 0)).toBeNull();
    expect(matchMath('$5 and $10', 0)).toBeNull();
    expect(matchMath('$x$1 $y$', 0)).toEqual({ end: 8, content: 'x$1 $y', display: false });
    expect(matchMath('$$ $$', 0)).toBeNull();
  });

  it('skips TeX escapes and stops at a blank line or the bound', () => {
    expect(matchMath('$\\$x$', 0)).toEqual({ end: 5, content: '\\$x', display: false });
    expect(matchMath('$a\n\nb$', 0)).toBeNull();
    expect(matchMath('$a\nb$', 0)).toEqual({ end: 5, content: 'a\nb', display: false });
    expect(matchMath('$a$', 0, 2)).toBeNull();
  });
});

describe('matchCodeSpan and matchFence', () => {
  it('matches backtick runs of the same length', () => {
    expect(matchCodeSpan('`a` b', 0)).toBe(3);
    expect(matchCodeSpan('``a`b`` c', 0)).toBe(7);
    expect(matchCodeSpan('``a` b', 0)).toBe(2);
    expect(matchCodeSpan('x', 0)).toBe(-1);
  });

  it('matches fences at a line start, closed or running to the end', () => {
    expect(matchFence('```js\ncode\n```\nafter', 0)).toBe(14);
    expect(matchFence('~~~~\ncode\n~~~\n~~~~', 0)).toBe(18);
    expect(matchFence('```\nnever closed', 0)).toBe(16);
    expect(matchFence('a ```', 2)).toBe(-1);
    expect(matchFence('``` a`b', 0)).toBe(-1);
    expect(matchFence('    ```\n', 0)).toBe(-1);
  });
});

describe('scan memo', () => {
  const src = fc.string({
    unit: fc.constantFrom('$', '\\', '`', '(', ')', '[', ']', 'a', ' ', '\n', '1'),
    maxLength: 40,
  });

  it('never changes a result, whatever order positions are scanned in', () => {
    fc.assert(
      fc.property(src, fc.array(fc.nat(), { maxLength: 60 }), (text, order) => {
        const memo: ScanMemo = new Map();
        const positions = [...order.map((n) => n % (text.length + 1)), ...text.split('').keys()];
        for (const pos of positions) {
          expect(matchMath(text, pos, text.length, memo)).toEqual(matchMath(text, pos));
          expect(skipProtected(text, pos, text.length, memo)).toBe(skipProtected(text, pos));
        }
      }),
      { numRuns: 500 },
    );
  });
});

/** A memo that counts the characters its failed searches read (the sum of the ranges set). */
class CountingMemo extends Map<string, readonly [from: number, stop: number]> implements ScanMemo {
  read = 0;
  override set(key: string, range: readonly [from: number, stop: number]) {
    this.read += range[1] - range[0];
    return super.set(key, range);
  }
}

describe('pathological content is read in linear time', () => {
  const fill = (unit: string) => unit.repeat(Math.floor(CARD_CONTENT_MAX / unit.length));
  const cases = {
    'unclosed dollars': fill('$a '),
    'unclosed \\(': fill('\\(a '),
    'unclosed code runs': fill('``a ` '),
    'unclosed deletions': fill('{{c1::'),
    'unclosed deletions, then }}': `${fill('{{c1::')}}}`,
    'unclosed $$ blocks': fill('$$\n'),
    'fence markers': fill('```\n'),
    'many deletions': fill('{{c1::a}} '),
    'link openers': fill('[a]('),
    mixed: fill('{{c1::$x ` '),
  };

  for (const [name, text] of Object.entries(cases)) {
    it(`${name}: a failed search never reads again what an earlier one read`, () => {
      // Every failed closer search records the range it read in the memo; counted here, over a
      // call at every position (what the cloze parser and the markdown rules may do), they stay
      // within a few readings of the text. Without the memo each unclosed opener reads to the
      // end again: quadratic, thousands of readings. Times are measured by `npm run bench`.
      const memo = new CountingMemo();
      for (let pos = 0; pos < text.length; pos++) {
        skipProtected(text, pos, text.length, memo);
        matchMath(text, pos, text.length, memo);
        matchCodeSpan(text, pos, text.length, memo);
      }
      expect(memo.read).toBeLessThanOrEqual(4 * text.length);
      // And the whole path through them takes it without throwing.
      renderCardHtml(text, { cloze: 'front' });
      plainTextOf(text);
      validateCloze(text);
    });
  }
});
