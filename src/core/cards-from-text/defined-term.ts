import type { CandidateCard } from './postprocess';

/**
 * The term a card defines, when it defines one (lower case, no article), so that a deck
 * defines each term once (issue 23, round M: 'What is meant by velocity?' from the Key Terms
 * table beside '{{c1::Velocity}} describes the speed and direction of an object.'). Null for
 * a card that does not define a term.
 */
export function definedTerm(card: Pick<CandidateCard, 'type' | 'front' | 'back'>): string | null {
  const key = (term: string | undefined) =>
    term
      ? term
          .toLowerCase()
          .replace(/^(?:a|an|the)\s+/, '')
          .trim()
      : null;
  if (card.type === 'qa') {
    const asked =
      /^What (?:is|are) (?:meant by )?([^?]{1,60})\?$/.exec(card.front) ??
      /^What does ([^?]{1,60}) (?:describe|mean)\?$/.exec(card.front);
    // (The reverse, 'What is the term for …?', asks the other way round: it stays.)
    return asked ? key(asked[1]) : null;
  }
  const subject =
    /^\{\{c1::([^}]{1,60})\}\} (?:is|are|describes?|refers? to|means?)\b/.exec(card.front) ??
    /\b(?:is|are) (?:(?:its|their|a|an|the) )?\{\{c1::([^}]{1,60})\}\}(?:,[^{}]*)?\.$/.exec(
      card.front,
    );
  return key(subject?.[1]);
}
