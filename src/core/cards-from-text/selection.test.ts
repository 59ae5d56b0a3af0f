import { describe, expect, it } from 'vitest';
import type { CandidateCard } from './postprocess';
import { balanceTypes } from './selection';

const card = (type: 'qa' | 'cloze', n: number): CandidateCard => ({
  type,
  front: type === 'qa' ? `What is term ${n}?` : `Sentence about {{c1::term ${n}}}.`,
  back: type === 'qa' ? `Term ${n}` : `Sentence about term ${n}.`,
  sourceQuote: `Sentence about term ${n}.`,
});
const types = (cards: CandidateCard[], count: number) =>
  cards.slice(0, count).map((entry) => entry.type);

describe("'Both Types' balance", () => {
  it('gives at least a third Q&A by choosing a sentence’s question instead of its cloze', () => {
    const clozes = Array.from({ length: 9 }, (_, n) => card('cloze', n));
    const other = new Map(clozes.slice(0, 5).map((entry, n) => [entry, card('qa', n)]));
    const out = balanceTypes(clozes, other, 9);
    expect(types(out, 9).filter((type) => type === 'qa')).toHaveLength(3);
    // The last sentences that have a question give it; the best ones keep their cloze.
    expect(types(out, 9)).toEqual([
      'cloze',
      'cloze',
      'qa',
      'qa',
      'qa',
      'cloze',
      'cloze',
      'cloze',
      'cloze',
    ]);
  });

  it('brings questions from further down when the first cards have none', () => {
    const cards = [
      ...Array.from({ length: 6 }, (_, n) => card('cloze', n)),
      card('qa', 6),
      card('qa', 7),
    ];
    const out = balanceTypes(cards, new Map(), 6);
    expect(types(out, 6)).toEqual(['cloze', 'cloze', 'cloze', 'cloze', 'qa', 'qa']);
    // Nothing is lost: the replaced cards follow.
    expect(out).toHaveLength(8);
    expect(new Set(out)).toEqual(new Set(cards));
  });

  it('leaves a list alone when the text has no card of the other type', () => {
    const clozes = Array.from({ length: 5 }, (_, n) => card('cloze', n));
    expect(balanceTypes(clozes, new Map(), 5)).toEqual(clozes);
  });

  it('balances the other way too: a third cloze among questions', () => {
    const questions = Array.from({ length: 6 }, (_, n) => card('qa', n));
    const other = new Map(questions.map((entry, n) => [entry, card('cloze', n)]));
    const out = balanceTypes(questions, other, 6);
    expect(types(out, 6).filter((type) => type === 'cloze')).toHaveLength(2);
  });
});
