/**
 * The parse check of a generated question (issue 23): a question word, a verb where the
 * question's shape needs one, no word pointing outside the card, nothing misparsed after the
 * question word. 'When did Penicillin lead?' (a verb that needs its object) and 'What were in
 * France where its adherents called?' (a preposition where the subject should be) fail; a
 * question that fails is not written.
 */

const OPENING = /^(?:what|which|who|whom|whose|when|where|why|how|into what)\b/i;
/** Words that point at the text around the card. */
const DANGLING = /\b(?:its|their|his|her|this|these|those|they|them|he|she)\b/i;
/** What may not follow 'What is' / 'What did': the subject must come first. */
const NOT_A_SUBJECT =
  /^(?:what|which|who|when|why|how)\s+(?:is|are|was|were|do|does|did|can|may|will)\s+(?:in|on|at|of|for|to|from|by|with|where|when|which|who|that|and|or|but|if|as|than|then)\b/i;
/** Verbs that make sense with nothing after them ('When did Mount Vesuvius erupt?'). */
const INTRANSITIVE =
  /^(?:erupt|die|begin|end|start|occur|happen|arrive|collapse|fall|rise|emerge|appear|live|reign|rule|sail|return|convert|flourish|arise|exist|change|evolve|form|open|close|win|lose|marry|abdicate|retire|fail|succeed|spread|split)$/i;

/** An answer cut before its complement ('Capitalism to be'). */
export function answerComplete(back: string): boolean {
  return !/\b(?:to be|to|as|of|that|than|and|or|the|a|an)$/i.test(back.trim());
}

export function questionParses(front: string): boolean {
  const question = front.trim();
  if (!OPENING.test(question) || !question.endsWith('?')) return false;
  const words = question.slice(0, -1).split(/\s+/);
  if (words.length < 3 || question.includes('_')) return false;
  if (DANGLING.test(question)) return false;
  if (/\bit\b/i.test(question) && !/^What is it called when\b/.test(question)) return false;
  if (NOT_A_SUBJECT.test(question)) return false;
  // 'When did Penicillin lead?': a one-word subject and a verb that needs an object.
  const bare = /^(?:when|where|why)\s+(?:did|does|do)\s+(\S+)\s+(\S+)\?$/i.exec(question);
  if (bare && !INTRANSITIVE.test(bare[2] ?? '')) return false;
  // A capitalised everyday word after the question word ('What did Other …') is misparsed.
  if (/^\S+\s+(?:\S+\s+)?(?:Other|Another|Some|Many|Most|Such)\b/.test(question)) return false;
  return true;
}
