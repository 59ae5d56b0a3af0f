import type { GeneratedCardType, Strategy } from '../content/estimates';
import type { ProseSentence } from './analysis';
import type { CandidateCard } from './postprocess';

/**
 * What each strategy chooses from the usable material (one entry per sentence that gives at
 * least one good card):
 * - Key Concepts: the central terms of the whole text, each by its best (defining) sentence;
 * - Standard: the main idea of each section (its best sentence), then the next best of each;
 * - Detailed: the facts of every section, in the order of the text.
 * A few cards more than the range are proposed, because the shared checks may drop some.
 */

export interface Material {
  sentence: ProseSentence;
  /** Good cards from the sentence, best first (Q&A questions, then cloze deletions). */
  cards: CandidateCard[];
  /** Head lemmas of its key terms, best first. */
  terms: string[];
  score: number;
  definitional: boolean;
  /** True when its referent was carried in from the sentence before. */
  leaned: boolean;
}

const bySentence = (a: Material, b: Material) => a.sentence.index - b.sentence.index;
const byScore = (a: Material, b: Material) => b.score - a.score || bySentence(a, b);

/** The central terms: summed scores of the sentences that name them, over the whole text. */
function keyConcepts(material: Material[]): Material[] {
  const weight = new Map<string, number>();
  for (const entry of material) {
    for (const term of entry.terms.slice(0, 3))
      weight.set(term, (weight.get(term) ?? 0) + entry.score);
  }
  const centralTerms = [...weight.entries()].sort((a, b) => b[1] - a[1]).map(([term]) => term);
  const chosen: Material[] = [];
  const used = new Set<Material>();
  // The definitions first, the most central term's first; then the other central terms.
  const rank = new Map(centralTerms.map((term, at) => [term, at]));
  const definitions = material
    .filter((entry) => entry.definitional)
    .sort((a, b) => (rank.get(a.terms[0] ?? '') ?? 1e9) - (rank.get(b.terms[0] ?? '') ?? 1e9));
  // One definition per term: 'Fibrinolysis is …' twice is one concept (issue 23).
  const defined = new Set<string>();
  for (const entry of definitions) {
    const term = entry.terms[0] ?? '';
    if (defined.has(term)) continue;
    defined.add(term);
    chosen.push(entry);
    used.add(entry);
  }
  for (const term of centralTerms) {
    const about = material
      .filter((entry) => !used.has(entry) && entry.terms[0] === term)
      .sort((a, b) => Number(b.definitional) - Number(a.definitional) || byScore(a, b));
    const best = about[0];
    if (best) {
      chosen.push(best);
      used.add(best);
    }
  }
  return chosen;
}

/** The best of each section, then the second best of each, and so on. */
function perSection(material: Material[], order: (a: Material, b: Material) => number): Material[] {
  const sections = new Map<number, Material[]>();
  for (const entry of material) {
    const list = sections.get(entry.sentence.section) ?? [];
    list.push(entry);
    sections.set(entry.sentence.section, list);
  }
  const lists = [...sections.values()].map((list) => list.sort(order));
  const out: Material[] = [];
  for (let round = 0; out.length < material.length; round++) {
    for (const list of lists) {
      const entry = list[round];
      if (entry) out.push(entry);
    }
  }
  return out;
}

/** Cards for the strategy, at most `max` plus a margin, alternating types when both are asked. */
export function chooseForStrategy(
  material: Material[],
  strategy: Strategy,
  cardTypes: GeneratedCardType[],
  max: number,
): CandidateCard[] {
  const ordered =
    strategy === 'key_concepts'
      ? keyConcepts(material)
      : strategy === 'standard'
        ? perSection(material, byScore)
        : perSection(material, byScore)
            .slice(0, Math.max(max * 2, 40))
            .sort(bySentence);
  const both = cardTypes.includes('qa') && cardTypes.includes('cloze');
  const first: CandidateCard[] = [];
  const spare: CandidateCard[] = [];
  /** Per chosen card, the same sentence's card of the other type (for the balance below). */
  const other = new Map<CandidateCard, CandidateCard>();
  let preferQa = true;
  for (const entry of ordered) {
    const cards = both
      ? [...entry.cards].sort((a, b) =>
          a.type === b.type ? 0 : (a.type === 'qa') === preferQa ? -1 : 1,
        )
      : entry.cards;
    const [best, ...rest] = cards;
    if (!best) continue;
    first.push(best);
    const alternative = rest.find((card) => card.type !== best.type);
    if (alternative) other.set(best, alternative);
    // A second card from the same sentence only when the strategy asks for every fact.
    if (strategy === 'detailed') spare.push(...rest);
    if (both && cards.some((card) => card.type !== best.type)) preferQa = !preferQa;
  }
  const chosen = both ? balanceTypes(first, other, max) : first;
  const taken = new Set(chosen);
  return [...chosen, ...spare.filter((card) => !taken.has(card))].slice(0, max + 10);
}

/**
 * 'Both Types' gives both, each at least a third of the cards where the text allows (issue 23):
 * within the first `max`, a sentence that has a card of the short type gives that one instead,
 * from the last such sentence up; then cards of the short type from further down replace the
 * last cards of the long type.
 */
export function balanceTypes(
  cards: CandidateCard[],
  other: Map<CandidateCard, CandidateCard>,
  max: number,
): CandidateCard[] {
  const out = [...cards];
  const headSize = Math.min(max, out.length);
  const target = Math.ceil(headSize / 3);
  for (const short of ['qa', 'cloze'] as const) {
    const count = () => out.slice(0, headSize).filter((card) => card.type === short).length;
    for (let at = headSize - 1; at >= 0 && count() < target; at--) {
      const card = out[at] as CandidateCard;
      const swap = card.type !== short ? other.get(card) : undefined;
      // Never below the other type's own third.
      if (swap && headSize - count() - 1 >= target) out[at] = swap;
    }
    for (let at = headSize - 1; at >= 0 && count() < target; at--) {
      if ((out[at] as CandidateCard).type === short) continue;
      if (headSize - count() - 1 < target) break;
      const later = out.findIndex((card, index) => index >= headSize && card.type === short);
      if (later < 0) break;
      const [moved] = out.splice(later, 1);
      out.splice(at, 1, moved as CandidateCard);
      out.push(cards[at] as CandidateCard);
    }
  }
  return out;
}
