/**
 * Steps that read user content on hostile inputs, each timed on a text of size n/4 and of
 * size n in the same process (part of `npm run bench`; alone: `npx tsx bench/linear-time.ts`).
 * A linear step takes about 4× as long on the larger text, a quadratic one about 16×. The tests
 * check what these steps give on the same inputs; how fast they are is measured only here.
 */
import { htmlToMarkdown } from '../src/core/anki/html-to-markdown';
import { renderCard, stripHtml } from '../src/core/anki/templates';
import { validateCloze } from '../src/core/card-content/cloze';
import { plainTextOf, renderCardHtml } from '../src/core/card-content/render';
import { indexContent } from '../src/core/cards-from-text/grounding';
import { postprocessCards } from '../src/core/cards-from-text/postprocess';
import { WORD_PATTERN, words } from '../src/core/cards-from-text/text-tools';
import {
  ACCESS_PATTERN,
  BOILERPLATE_PATTERNS,
  checkContent,
  cleanContent,
  CLEANUP_PATTERNS,
  ERROR_PAGE_PATTERN,
  SENTENCE_POINTER_PATTERNS,
} from '../src/core/content/check';
import { chunkContent, SENTENCE_PIECES, WORD_GAPS } from '../src/core/content/chunking';
import {
  blankClozeSyntax,
  splitParagraphs,
  splitSentences,
  trimChars,
} from '../src/core/content/scan';
import { parseImportText } from '../src/core/import/text-import';
import { markdownTitle } from '../src/server/intake/files';

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

function cardSteps(text: string) {
  renderCardHtml(text, { cloze: 'front' });
  plainTextOf(text);
  validateCloze(text);
}

/** A case: its name, the work, and the input made of `times` repetitions. */
type Case = [name: string, work: (text: string) => unknown, make: (times: number) => string];

const CASES: Case[] = [
  ['content steps: A × n', everyStep, (n) => 'A'.repeat(n)],
  ['content steps: A × n, then a line break', everyStep, (n) => `${'A'.repeat(n)}\nend`],
  [
    'content steps: words without punctuation',
    everyStep,
    (n) => Array.from({ length: n / 8 }, (_, at) => ['alpha', 'beta'][at % 2]).join(' '),
  ],
  ['content steps: "see our " repeated', everyStep, (n) => 'see our '.repeat(n / 8)],
  ['content steps: ((( …', everyStep, (n) => '('.repeat(n)],
  ['content steps: [[[ …', everyStep, (n) => '['.repeat(n)],
  ['content steps: {{c1:: then ::', everyStep, (n) => '{{c1::'.repeat(n / 15) + ':'.repeat(n)],
  ['content steps: line breaks only', everyStep, (n) => '\n'.repeat(n)],
  ['content steps: spaces then one letter', everyStep, (n) => `${' '.repeat(n)}x`],
  ['content steps: punctuation and spaces', everyStep, (n) => `${' ;'.repeat(n / 2)}x`],
  ['content steps: one letter × 10 MiB', everyStep, (n) => 'a'.repeat(n * 26)],
  ['card syntax: unclosed dollars', cardSteps, (n) => '$a '.repeat(n / 30)],
  ['card syntax: unclosed \\(', cardSteps, (n) => '\\(a '.repeat(n / 40)],
  ['card syntax: unclosed code runs', cardSteps, (n) => '``a ` '.repeat(n / 60)],
  ['card syntax: unclosed deletions', cardSteps, (n) => '{{c1::'.repeat(n / 60)],
  ['card syntax: fence markers', cardSteps, (n) => '```\n'.repeat(n / 40)],
  ['card syntax: link openers', cardSteps, (n) => '[a]('.repeat(n / 40)],
  ['card syntax: mixed', cardSteps, (n) => '{{c1::$x ` '.repeat(n / 100)],
  [
    'Anki template: hostile',
    (text) => renderCard(text, text, { fields: { A: 'x' }, ord: 0 }),
    (n) => '{{#A}}'.repeat(n / 15) + '{{'.repeat(n / 6) + '{{/A}}'.repeat(n / 15),
  ],
  ['Anki stripHtml: <<< …', stripHtml, (n) => '<'.repeat(n / 3)],
  [
    'Anki htmlToMarkdown: hostile',
    htmlToMarkdown,
    (n) => '<script>'.repeat(n / 15) + ' '.repeat(n / 3) + '&'.repeat(n / 3),
  ],
  [
    'text import: quoted field',
    parseImportText,
    (n) => `"${'x'.repeat(n)}","${'"",'.repeat(n / 3)}"\n`,
  ],
  ['text import: unclosed quote', parseImportText, (n) => `"${'a\n'.repeat(n / 2)}`],
  ['markdown title: heading of spaces', markdownTitle, (n) => `# a${' '.repeat(n / 50)}x`],
];

const N = 400_000;

/** Best of three runs, in ms. */
function best(work: () => unknown): number {
  let fastest = Infinity;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

export function linearTimeBench(): string {
  // LINEAR_ONLY=title measures only the cases whose name holds 'title'.
  const only = process.env.LINEAR_ONLY ?? '';
  const rows = CASES.filter(([name]) => name.includes(only)).map(([name, work, make]) => {
    const small = make(N / 4);
    const large = make(N);
    const smallMs = best(() => work(small));
    const largeMs = best(() => work(large));
    return `| ${name} | ${large.length.toLocaleString('en')} | ${smallMs.toFixed(1)} | ${largeMs.toFixed(1)} | ${(largeMs / Math.max(smallMs, 0.01)).toFixed(1)} |`;
  });
  return [
    'Each step on a hostile text of size n/4 and of size n (best of three, ms). A linear step',
    'takes about 4× as long on the larger text, a quadratic one about 16× (very short times are',
    'mostly noise).',
    '',
    '| Input | n (chars) | n/4 (ms) | n (ms) | ratio |',
    '| --- | --: | --: | --: | --: |',
    ...rows,
  ].join('\n');
}

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

function scanners(text: string) {
  splitSentences(text);
  splitParagraphs(text);
  blankClozeSyntax(text);
  trimChars(text, ',;:(', ',;:.)');
}

/**
 * Every regular expression that sees user content, and the scanners that replaced some, on
 * texts of one piece repeated (and of two pieces, a run of each): the slowest text at n and its
 * n/4 → n ratio, per pattern.
 */
export function patternBench(size = 200_000): string {
  const texts = PIECES.flatMap((piece) => [
    [piece, (length: number) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length)],
    ...PIECES.filter((_, at) => at % 4 === 0).map(
      (other) =>
        [
          `${piece}…${other}…`,
          (length: number) =>
            (
              piece.repeat(Math.ceil(length / 2 / piece.length)) +
              other.repeat(Math.ceil(length / 2 / other.length))
            ).slice(0, length),
        ] as const,
    ),
  ]) as (readonly [string, (length: number) => string])[];
  const works: [string, (text: string) => unknown][] = [
    ...Object.entries(PATTERNS).map(([name, pattern]): [string, (text: string) => unknown] => {
      const global = new RegExp(pattern.source, pattern.flags.replace('y', ''));
      return [
        `${name}: \`${pattern.source.slice(0, 40).replaceAll('|', '\\|')}\``,
        (text) => (global.global ? text.replace(global, '') : text.split(global)),
      ];
    }),
    ['the scanners (sentences, paragraphs, cloze blanks, trim)', scanners],
  ];
  const rows = works.map(([name, work]) => {
    let worst = { ratio: 0, slowest: -1, text: '' };
    for (const [textName, make] of texts) {
      const small = make(size / 4);
      const large = make(size);
      const smallMs = best(() => work(small));
      const largeMs = best(() => work(large));
      const ratio = largeMs / Math.max(smallMs, 0.01);
      if (largeMs > worst.slowest) worst = { ratio, slowest: largeMs, text: textName };
    }
    return `| ${name} | ${JSON.stringify(worst.text).replaceAll('|', '\\|')} | ${worst.slowest.toFixed(1)} | ${worst.ratio.toFixed(1)} |`;
  });
  return [
    `Each pattern on ${PIECES.length} texts of one piece repeated and on runs of two pieces, of ${(size / 4).toLocaleString('en')} and ${size.toLocaleString('en')} characters (best of three): the slowest text at n and its n/4 → n ratio (linear ≈ 4, quadratic ≈ 16; times under a few ms are mostly noise).`,
    '',
    '| Pattern | Worst text | n (ms) | ratio |',
    '| --- | --- | --: | --: |',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`${linearTimeBench()}\n\n${patternBench()}`);
}
