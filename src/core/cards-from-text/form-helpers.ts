import { balanced } from './quality';

/** Small helpers the definition forms and counted lists share (issue 23). */

/** Words that point outside the sentence: an answer holding one is not self-contained. */
export const LEANS =
  /\b(?:it|its|they|them|their|this|these|those|such|former|latter|he|she|his|her)\b/i;
/** 'public goods', 'Puritans' are plural; 'the Society of Jesus' is judged by 'Society'. */
export const plural = (phrase: string) => {
  const last =
    phrase
      .split(/\s+of\s+/)[0]
      ?.split(/\s+/)
      .pop() ?? '';
  return (/s$/i.test(last) && !/(?:is|us|ss)$/i.test(last)) || /^data$/i.test(last);
};
export const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** The end of a definition's body: a following clause ('…, and it is all around us'). */
export const cutClause = (body: string) =>
  (
    body
      .replace(/\s*\((?:hence|thus|so)\s[^)]{1,60}\)/g, '')
      .split(/,\s+(?:and|but|so|while|whereas)\s+(?:it|they|this|these|there|we|you)\b|;\s/)[0] ??
    ''
  ).trim();

export function usableAnswer(answer: string, min = 1, max = 25): boolean {
  const count = words(answer);
  return count >= min && count <= max && !LEANS.test(answer) && balanced(answer);
}

/** '… charged particles (Figure 1.5)': a pointer to the page, not part of the answer. */
export const withoutFigureRefs = (text: string) =>
  text.replace(/\s*\((?:see\s+)?(?:Figure|Fig\.|Table)\s[^)]{1,20}\)/gi, '').trim();

/** 'an example of a solution', 'a number of government services': no term to define. */
export const NOT_A_TERM =
  /^(?:(?:a|an|the)\s+)?(?:example|number|lot|kind|type|sort|part|situation|rest|case)\b/i;
