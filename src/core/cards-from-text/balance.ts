import type { CandidateCard } from './postprocess';
import type { Material } from './selection';

/**
 * 'Both Types' gives both, each at least a third of the kept cards where the text allows
 * (issue 23). Run on the cards that passed the checks (the checks drop some, so a balance of the
 * proposed cards does not hold for the kept ones): from the end, a card of the long type is
 * replaced by its own sentence's card of the short type, else by an unused card of the short
 * type from other material. The caller checks the result again.
 */
export function rebalanceKept(kept: CandidateCard[], material: Material[]): CandidateCard[] {
  const out = [...kept];
  const third = Math.ceil(out.length / 3);
  const bySentence = new Map<string, Material>();
  for (const entry of material) for (const card of entry.cards) bySentence.set(card.front, entry);
  for (const short of ['qa', 'cloze'] as const) {
    const count = () => out.filter((card) => card.type === short).length;
    if (count() >= third) continue;
    // One more than a third: the checks may drop one swapped in as a repeat.
    const target = Math.min(third + 1, out.length - third);
    const used = new Set(out.map((card) => bySentence.get(card.front)));
    const spare = material
      .filter((entry) => !used.has(entry))
      .flatMap((entry) => entry.cards.filter((card) => card.type === short));
    for (let at = out.length - 1; at >= 0 && count() < target; at--) {
      const card = out[at] as CandidateCard;
      if (card.type === short || out.length - count() - 1 < third) continue;
      const own = bySentence.get(card.front)?.cards.find((other) => other.type === short);
      const replacement = own ?? spare.shift();
      if (replacement) out[at] = replacement;
    }
  }
  return out;
}
