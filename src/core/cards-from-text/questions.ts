import type { Token } from './analysis';
import { answerIsOn } from './card-checks';
import { objectQuestion, whenQuestion, whoQuestion, whyQuestion } from './fact-questions';
import { balanced } from './quality';
import {
  asSubject,
  capitalise,
  GLOSSARY,
  isTermPhrase,
  lowerFirst,
  type Names,
  type Question,
  vague,
  withoutStop,
} from './question-text';
import { subjectOf } from './standalone';

/**
 * The real questions a self-contained sentence supports: 'What is X?' from a definition and
 * its reverse 'What is the term for …?', 'What does X mean?', 'What is … called?', 'What is X
 * used for?', glossary entries, and the fact questions of fact-questions.ts.
 */

/** A name of capitalised words ('The Via Appia'): a subject whatever the tagger says. */
const NAME = /^(?:The\s+)?\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,4}$/u;
/** 'is a bit more nuanced', 'are a number of …', 'is the same': not what the thing is. */
const NOT_A_DEFINITION =
  /^(?:a|an|the|one of the)\s+(?:bit|lot|little|few|couple|same|good|great|way|result|part|number|kind of|sort of|type of)\b/i;
const DEFINITION =
  /^((?:(?:The|A|An)\s+)?[\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,4}?)\s+(is|are|was|were)\s+((?:a|an|the|one of the)\s+.+)$/u;
const MEANS =
  /^((?:(?:The|A|An)\s+)?[\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,4}?)\s+(refers to|refer to|means|mean|describes|stands for)\s+(.+)$/u;
const CALLED =
  /^(.{3,120}?)\s+(is|are|was|were)\s+(?:called|known as|referred to as|termed|named)\s+(.{2,60})$/u;
const USED_FOR =
  /^((?:(?:The|A|An)\s+)?[\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,4}?)\s+(is|are)\s+used\s+(to|for)\s+(.+)$/u;

/** The clauses of a sentence that can be read alone: split at ';' and ', and' / ', but'. */
function clauses(text: string): string[] {
  // The whole sentence first: a definition may hold a list ('…, business, and education').
  const whole = withoutStop(text);
  return [whole, ...splitClauses(whole)];
}

function splitClauses(whole: string): string[] {
  // ', and' after a comma in the same clause ends a list ('fibrin, platelets, and
  // erythrocytes'): the list is not cut there (issue 23).
  const parts: string[] = [];
  let start = 0;
  for (const match of whole.matchAll(/;\s+|,\s+(?:and|but|while|whereas)\s+/gu)) {
    const before = whole.slice(start, match.index);
    // (Commas inside brackets are an aside, not a list: '(raw materials, …, and so forth)'.)
    const unbracketed = before.replace(/\([^()]*\)/g, '');
    if (/^,\s+and\s/u.test(match[0]) && unbracketed.includes(',')) continue;
    parts.push(before);
    start = match.index + match[0].length;
  }
  parts.push(whole.slice(start));
  return cleanClauses(parts);
}

function cleanClauses(split: string[]): string[] {
  const parts = split
    .map((clause) => clause.trim())
    .filter((clause) => clause.split(/\s+/).length >= 4);
  return parts.length > 1 ? parts : [];
}

/** The real questions a self-contained sentence supports, best first. */
export function questionsFor(text: string, tokens: Token[], names: Names = new Set()): Question[] {
  const out: Question[] = [];
  // The sentence's grammatical subject: a definition's term must be it, not 'On the right'.
  const grammaticalSubject = subjectOf(tokens)?.text ?? null;
  const push = (question: Question) => {
    if (
      !isTermPhrase(question.back) &&
      question.form !== 'definition' &&
      question.form !== 'used-for'
    )
      return;
    if (answerIsOn(question.back, question.front)) return;
    // 'Three basic steps' before ': vascular spasm, …': the answer is cut at a colon.
    if (text.toLowerCase().includes(`${question.back.toLowerCase()}:`)) return;
    if (!balanced(question.front) || !balanced(question.back)) return;
    out.push(question);
  };
  for (const clause of clauses(text)) {
    const definition = DEFINITION.exec(clause);
    if (definition) {
      const [, opening = '', verb = '', body = ''] = definition;
      const bodyWords = body.split(/\s+/).length;
      if (
        !NOT_A_DEFINITION.test(body) &&
        !/,\s(?:is|are|was|were)\s/.test(body) &&
        (grammaticalSubject === opening || NAME.test(opening)) &&
        isTermPhrase(opening) &&
        !vague(opening) &&
        bodyWords >= 3 &&
        bodyWords <= 25
      ) {
        const term = opening.replace(/^(?:The|A|An)\s+/, '');
        push({
          form: 'definition',
          term,
          front: `What ${verb} ${asSubject(opening, names)}?`,
          back: capitalise(body),
        });
        // The reverse needs a definition without asides ('…, so it only catches …').
        if (bodyWords <= 18 && /^(?:a|an)\s/.test(body) && !body.includes(',')) {
          push({
            form: 'reverse',
            term,
            front: `What is the term for ${body}?`,
            back: capitalise(term),
          });
        }
      }
      continue;
    }
    const means = MEANS.exec(clause);
    if (means) {
      const [, subject = '', verb = '', body = ''] = means;
      const base = verb
        .replace(/s$/, '')
        .replace(/^refers to$/, 'refer to')
        .replace(/^refer$/, 'refer');
      const auxiliary = /s$/.test(verb.split(' ')[0] ?? '') ? 'does' : 'do';
      // 'Protecting some necessarily means …': an action, not a term.
      const action = /^\p{L}+ing\b|\b\p{L}+ly$/u.test(subject);
      if (isTermPhrase(subject) && !action && body.split(/\s+/).length <= 25) {
        const ask = verb.startsWith('refer') ? 'refer to' : base;
        push({
          form: 'definition',
          term: subject,
          front: `What ${auxiliary} ${lowerFirst(subject)} ${ask}?`,
          back: capitalise(body),
        });
      }
      continue;
    }
    // 'In Rust, global variables are called static variables.': the setting stays out.
    const called = CALLED.exec(clause.replace(/^In [^,]{1,40},\s+/, ''));
    if (called) {
      const [, what = '', verb = '', name = ''] = called;
      const plain =
        !what.includes(',') &&
        !/\b(?:it|they|this|these|those|them)\b/i.test(what) &&
        what.split(/\s+/).length <= 8 &&
        !/^(?:as|if|when|because|since|while|although|why|how|what)\b/i.test(what);
      if (plain && isTermPhrase(what) && name.split(/\s+/).length <= 5) {
        push({
          form: 'called',
          term: name,
          front: `What ${verb} ${lowerFirst(what)} called?`,
          back: capitalise(name),
        });
      }
      continue;
    }
    // 'Civil liberties are freedoms from restriction.': a plural term defined by a bare plural.
    const bare = barePlural(clause, tokens, grammaticalSubject);
    if (bare) {
      push(bare);
      continue;
    }
    const used = USED_FOR.exec(clause);
    if (used) {
      const [, subject = '', verb = '', linker = '', purpose = ''] = used;
      if (isTermPhrase(subject) && purpose.split(/\s+/).length <= 20) {
        push({
          form: 'used-for',
          term: subject,
          front: `What ${verb} ${lowerFirst(subject)} used for?`,
          back: capitalise(linker === 'to' ? `to ${purpose}` : purpose),
        });
      }
    }
  }
  const glossary = glossaryQuestion(text, tokens);
  if (glossary) push(glossary);
  const who = whoQuestion(text, tokens);
  if (who) push(who);
  const when = whenQuestion(text, tokens);
  if (when) push(when);
  const why = whyQuestion(text, tokens, names);
  if (why) push(why);
  if (out.length === 0) {
    const object = objectQuestion(text, tokens, names);
    if (object) push(object);
  }
  return out;
}

/**
 * 'Civil rights are government guarantees of equal protection under the law, …' → 'What are
 * civil rights?': the sentence's own subject, plural, then 'are' and a noun phrase whose head is
 * a plural noun (not 'are important', not 'are used').
 */
function barePlural(clause: string, tokens: Token[], subject: string | null): Question | null {
  if (!subject || !clause.startsWith(`${subject} are `) || !/s$/.test(subject)) return null;
  if (!isTermPhrase(subject) || vague(subject)) return null;
  const start = subject.split(/\s+/).length + 1;
  let at = start;
  while (
    tokens[at]?.pos === 'ADJ' ||
    (tokens[at]?.pos === 'NOUN' && tokens[at + 1]?.pos === 'NOUN')
  )
    at++;
  // 'government guarantees of …': a plural head the tagger may read as a verb.
  if (
    tokens[at]?.pos === 'NOUN' &&
    /[^s]s$/.test(tokens[at + 1]?.text ?? '') &&
    /^(?:of|that|from|for|to|which|who|in|with)$/.test(tokens[at + 2]?.text ?? '')
  ) {
    at++;
  }
  const head = tokens[at];
  if (
    at - start > 2 ||
    !/^(?:NOUN|VERB)$/.test(head?.pos ?? '') ||
    !/[^s]s$/.test(head?.text ?? '')
  ) {
    return null;
  }
  // 'are groups that organize …': a plural before 'that' is a noun whatever the tagger says.
  if (
    head?.pos === 'VERB' &&
    at === start &&
    !/^(?:that|which|who|of)$/.test(tokens[at + 1]?.text ?? '')
  ) {
    return null;
  }
  const body =
    clause
      .slice(subject.length + 5)
      .split(/,\s+(?:regardless|although|though|but|and|with)\b/)[0] ?? '';
  const count = body.split(/\s+/).length;
  if (count < 2 || count > 20 || /\b(?:it|they|this|these|those|its|their)\b/i.test(body))
    return null;
  return {
    form: 'definition',
    term: subject,
    front: `What are ${lowerFirst(subject)}?`,
    back: capitalise(body),
  };
}

/** 'Server Caches: Cached data on the server side.' → 'What are Server Caches?'. */
function glossaryQuestion(text: string, tokens: Token[]): Question | null {
  const match = GLOSSARY.exec(withoutStop(text));
  if (!match) return null;
  const [, term = '', body = ''] = match;
  const colon = tokens.findIndex((token) => token.text === ':');
  const head = tokens[colon - 1];
  const afterColon = tokens[colon + 1];
  if (!head || head.stop || !afterColon || /^(?:AUX|ADP|ADV|SCONJ|PRON)$/.test(afterColon.pos)) {
    return null;
  }
  // 'Requires more code', 'Easy to implement': a property, not what the term is.
  if (afterColon.pos === 'VERB' && /s$/.test(afterColon.text)) return null;
  if (/^\S+\s+to\s/.test(body)) return null;
  // 'Temperature: Higher temperatures increase …' is a statement under a label, not a meaning.
  const after = tokens.slice(colon + 1);
  const relative = after.findIndex((token) => /^(?:that|which|who|where)$/i.test(token.text));
  const verbAt = after.findIndex((token) => token.pos === 'VERB' || token.pos === 'AUX');
  if (
    verbAt > 0 &&
    (relative < 0 || verbAt < relative) &&
    !/(?:ing|ed)$/.test(after[verbAt]?.text ?? '')
  ) {
    return null;
  }
  // 'State is scoped to the component' is a statement, not what the term is.
  if (/^\S+(?:\s+\S+)?\s+(?:is|are|was|were|can|will)\s/.test(body)) return null;
  const count = body.split(/\s+/).length;
  if (count < 3 || count > 25 || !isTermPhrase(term)) return null;
  // 'Temperature: Higher temperatures increase …' says something about the term, not what it is.
  const stem = term.toLowerCase().slice(0, Math.max(4, term.length - 2));
  if (
    body
      .toLowerCase()
      .split(/\s+/)
      .slice(0, 3)
      .some((word) => word.startsWith(stem))
  )
    return null;
  const verb = /[^s]s$/.test(head.text) ? 'are' : 'is';
  return { form: 'glossary', term, front: `What ${verb} ${term}?`, back: body };
}
