import { isTrivialAnswer } from './quality';

/** The card a question form writes, and the small text helpers the forms share. */

export interface Question {
  front: string;
  back: string;
  /** 'definition' cards are the best material; the rest are facts. */
  form:
    | 'definition'
    | 'reverse'
    | 'called'
    | 'used-for'
    | 'glossary'
    | 'object'
    | 'why'
    | 'who'
    | 'when'
    | 'list';
  /** The term the card is about (for choosing by term). */
  term: string;
}

export const capitalise = (text: string) => (text ? text[0]?.toUpperCase() + text.slice(1) : text);
export const lowerFirst = (text: string) =>
  /^[A-Z](?:[a-z]|\s)/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
export const withoutStop = (text: string) => text.replace(/[.!]["”’)]?$/, '').trim();

export function isTermPhrase(text: string): boolean {
  return (
    !/^(?:it|this|that|these|those|they|there|one|he|she|each|all|some|many|most|other|another)\b/i.test(
      text,
    ) && !isTrivialAnswer(text)
  );
}

/**
 * Words the text writes with a capital inside sentences: names ('Cargo', 'Mammoth'). A subject
 * moved after the question word is lower-cased ('The heap' → 'the heap') unless it is one.
 */
export type Names = ReadonlySet<string>;
export const asSubject = (subject: string, names: Names): string => {
  const article = /^(?:The|A|An)\s+/.exec(subject);
  if (article)
    return `${article[0].toLowerCase()}${asSubject(subject.slice(article[0].length), names)}`;
  const first = subject.split(' ')[0] ?? '';
  const capitalised = subject.split(' ').filter((word) => /^\p{Lu}/u.test(word)).length;
  if (
    /^[A-Z]{2,}/.test(first) ||
    /\p{Lu}/u.test(first.slice(1)) ||
    names.has(first.toLowerCase()) ||
    capitalised >= 2
  ) {
    return subject;
  }
  return lowerFirst(subject);
};

/** 'The output', 'The capacity': one everyday noun that only the page around it explains. */
export const vague = (subject: string) =>
  /^the\s+\p{L}+$/iu.test(subject) && !/^the\s+\p{Lu}/u.test(subject) && subject.length < 14;

/** A list entry 'Term: what it is.' */
export const GLOSSARY = /^([\p{Lu}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,4}):\s+([\p{Lu}].+)$/u;

export const isGlossaryEntry = (text: string) => GLOSSARY.test(withoutStop(text));
