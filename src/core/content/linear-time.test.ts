import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexContent } from '../cards-from-text/grounding';
import { postprocessCards } from '../cards-from-text/postprocess';
import { WORD_PATTERN, words } from '../cards-from-text/text-tools';
import {
  ACCESS_PATTERN,
  BOILERPLATE_PATTERNS,
  checkContent,
  cleanContent,
  CLEANUP_PATTERNS,
  ERROR_PAGE_PATTERN,
  SENTENCE_POINTER_PATTERNS,
} from './check';
import { chunkContent, SENTENCE_PIECES, WORD_GAPS } from './chunking';
import {
  blankClozeSyntax,
  blankLongWords,
  countWordsIn,
  splitParagraphs,
  splitSentences,
  trimChars,
} from './scan';

/**
 * Every step that reads user content runs in time linear in its length. A quadratic step on
 * these inputs takes minutes (300,000 × 'A' froze the server); a linear one milliseconds. The
 * budgets are generous for a busy machine (tens of times what the steps take alone) and still
 * far below what a quadratic step needs.
 */
const timed = (work: () => unknown) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

/** Every step the server runs on a job's content before and after its generator. */
function everyStep(text: string) {
  const cleaned = cleanContent(text);
  checkContent(cleaned);
  chunkContent(cleaned, 12_000);
  chunkContent(text, 12_000);
  indexContent(text);
  words(text);
  postprocessCards(
    [{ type: 'qa', front: 'What is it?', back: 'Something', sourceQuote: text.slice(0, 200) }],
    { content: text, cardTypes: ['qa', 'cloze'], range: { min: 1, max: 5 } },
  );
}

const ADVERSARIAL: Record<string, () => string> = {
  '300,000 × A': () => 'A'.repeat(300_000),
  '300,000 × A, then a line break': () => `${'A'.repeat(300_000)}\nend`,
  '40,000 words without punctuation': () =>
    Array.from({ length: 40_000 }, (_, at) => ['alpha', 'beta', 'gamma', 'delta'][at % 4]).join(
      ' ',
    ),
  'a long line of "see our " repeated': () => 'see our '.repeat(60_000),
  'nested brackets (((…': () => '('.repeat(300_000),
  'nested brackets [[[…': () => '['.repeat(300_000),
  'cloze-like {{c1:: and ::': () => '{{c1::'.repeat(20_000) + ':'.repeat(200_000),
  'line breaks only': () => '\n'.repeat(300_000),
  'spaces then one letter': () => `${' '.repeat(300_000)}x`,
  'punctuation and spaces': () => ' ;'.repeat(150_000) + 'x',
};

describe('every step on user content runs in linear time', () => {
  for (const [name, make] of Object.entries(ADVERSARIAL)) {
    it(`${name}: cleanup, checks, chunks, sentences, words and card checks`, () => {
      const text = make();
      // About 0.3 s alone; a quadratic step takes minutes here.
      expect(timed(() => everyStep(text))).toBeLessThan(10_000);
    }, 30_000);
  }

  it('a 10 MiB one-letter text', () => {
    const text = 'a'.repeat(10 * 1024 * 1024);
    // About 1 s alone; a quadratic step would take days.
    expect(timed(() => everyStep(text))).toBeLessThan(30_000);
  }, 60_000);
});

/** Pieces that make backtracking patterns slow: phrase starts, separators, runs. */
const PIECES = [
  'A',
  'a',
  ' ',
  '  ',
  '\n',
  '\n\n',
  '.',
  '!',
  '?',
  ':',
  '::',
  '}',
  '}}',
  '{{c1::',
  '(',
  '[',
  '#',
  ',',
  ';',
  '1',
  '404',
  'see our ',
  'read the ',
  'privacy policy',
  'we use ',
  'cookies',
  'terms of ',
  'sign in to ',
  'ad',
  'advertisement',
  'sponsored ',
  'not found',
  'access ',
];

/** A long text made of a few pieces, each repeated many times (what breaks a regex). */
const longText = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.integer({ min: 1, max: 40_000 })), {
    minLength: 1,
    maxLength: 6,
  })
  .map((runs) => runs.map(([piece, times]) => piece.repeat(times)).join(''))
  .filter((text) => text.length >= 50_000)
  .map((text) => text.slice(0, 400_000));

const PATTERNS: Record<string, RegExp> = {
  ...Object.fromEntries(BOILERPLATE_PATTERNS.map((pattern, at) => [`boilerplate ${at}`, pattern])),
  ...Object.fromEntries(SENTENCE_POINTER_PATTERNS.map((pattern, at) => [`pointer ${at}`, pattern])),
  ...Object.fromEntries(CLEANUP_PATTERNS.map((pattern, at) => [`cleanup ${at}`, pattern])),
  'error page': ERROR_PAGE_PATTERN,
  access: ACCESS_PATTERN,
  'sentence pieces': SENTENCE_PIECES,
  'word gaps': WORD_GAPS,
  word: WORD_PATTERN,
};

describe('property: every regular expression that sees user content is linear', () => {
  for (const [name, pattern] of Object.entries(PATTERNS)) {
    it(`${name}: ${pattern.source.slice(0, 60)}`, () => {
      fc.assert(
        fc.property(longText, (text) => {
          const global = new RegExp(pattern.source, pattern.flags.replace('y', ''));
          const elapsed = timed(() => {
            if (global.global) text.replace(global, '');
            else text.split(global);
          });
          return elapsed < 5000;
        }),
        { numRuns: 12, seed: 9 },
      );
    }, 60_000);
  }

  it('the scanners', () => {
    fc.assert(
      fc.property(longText, (text) => {
        const elapsed = timed(() => {
          splitSentences(text);
          splitParagraphs(text);
          blankClozeSyntax(text);
          trimChars(text, ',;:(', ',;:.)');
        });
        return elapsed < 5000;
      }),
      { numRuns: 20, seed: 9 },
    );
  }, 60_000);
});

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
