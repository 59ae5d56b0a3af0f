import { describe, expect, it } from 'vitest';
import { rebalanceKept } from './balance';
import type { CandidateCard } from './postprocess';
import type { Material } from './selection';

const cloze = (n: number): CandidateCard => ({
  type: 'cloze',
  front: `Term {{c1::t${n}}} here.`,
  back: '',
  sourceQuote: `s${n}`,
});
const qa = (n: number): CandidateCard => ({
  type: 'qa',
  front: `What is t${n}?`,
  back: `a${n}`,
  sourceQuote: `s${n}`,
});
const material = (cards: CandidateCard[], index: number) =>
  ({
    cards,
    sentence: { index },
    terms: [],
    score: 1,
    definitional: false,
    leaned: false,
  }) as unknown as Material;

describe("'Both Types' on the kept cards (issue 23)", () => {
  it('swaps in the same sentence’s Q&A card until Q&A is at least a third, never below a third of cloze', () => {
    const entries = [0, 1, 2, 3, 4, 5].map((n) => material([cloze(n), qa(n)], n));
    const kept = [0, 1, 2, 3, 4, 5].map(cloze);
    const out = rebalanceKept(kept, entries);
    const qaCount = out.filter((card) => card.type === 'qa').length;
    expect(qaCount).toBeGreaterThanOrEqual(2);
    expect(out.length - qaCount).toBeGreaterThanOrEqual(2);
    expect(out).toHaveLength(6);
  });

  it('leaves the cards as they are when the text has no card of the other type', () => {
    const entries = [0, 1, 2].map((n) => material([cloze(n)], n));
    const kept = [0, 1, 2].map(cloze);
    expect(rebalanceKept(kept, entries)).toEqual(kept);
  });
});
