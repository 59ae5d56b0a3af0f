import { answerIsOn, sharesRoot } from './card-checks';
import type { CandidateCard } from './postprocess';
import type { Names } from './question-text';
import type { TermSpan } from './terms';

/**
 * The built-in generator's cloze deletions: which term is worth hiding (a specific one, never a
 * field's people or its discourse words), and the card hiding it, refused when its own
 * sentence answers it or when it is one word of a longer name or term.
 */

/**
 * A deletion worth hiding names something specific: several words ('trait bounds'), a rare word
 * ('mutexes', 'photosynthesis') or a name. 'type', 'form', 'application' are guessed, not learnt.
 */
export function specific(term: TermSpan, names: Names): boolean {
  if (term.text.includes(' ') && !DISCOURSE.test(term.text.split(' ').pop() ?? '')) return true;
  // 'Economists' in an economics text, 'Europe': guessed, not learnt (issue 23).
  if (PRACTITIONERS.test(term.text) || DISCOURSE.test(term.text.split(' ').pop() ?? '')) {
    return false;
  }
  const name = names.has(term.text.toLowerCase()) && term.rarity >= 2.8;
  return term.rarity >= 4 || name || /^[A-Z]{2,}/.test(term.text);
}

/** Words a text uses to talk about its ideas ('the various perspectives'): not the ideas. */
const DISCOURSE =
  /^(?:perspectives?|views?|conceptions?|ideas?|elements?|aspects?|factors?|outlines?|approaches|ways?|questions?|issues?|topics?|points?|terms?|notions?|concepts?|things?)$/i;

/** The people of a field, named by the field's own texts: never the answer worth hiding. */
export const PRACTITIONERS =
  /^(?:economists?|scientists?|historians?|biologists?|chemists?|physicists?|researchers?|scholars?|psychologists?|philosophers?|physicians?|doctors?|experts?|sociologists?|political scientists?)$/i;

/** 'The canonical name … is Nil.': the short name at the end is what to hide. */
export function complementOf(text: string): string | undefined {
  const match =
    /^(?:The|A|An)\s.{5,160}?\s(?:is|are|was|were)\s(?:(?:a|an|the|its|their)\s)?([\p{L}][\p{L}'’<>-]*(?:\s[\p{L}][\p{L}'’-]*)?)[.!]$/u.exec(
      text,
    );
  // '… from which it is {{c1::described}}': a passive verb, not a term.
  if (match?.[1] && /^\p{Ll}+ed$/u.test(match[1])) return undefined;
  return match?.[1];
}

export function clozeOf(
  text: string,
  term: TermSpan,
  marked: ReadonlySet<string>,
): CandidateCard | null {
  const at = text.indexOf(term.text);
  if (at < 0) return null;
  // One word of a longer term ('civil {{c1::liberties}}', '(26th {{c1::Amendment}})').
  const lead = (/(\S+)\s$/.exec(text.slice(0, at))?.[1] ?? '').replace(/^[("“‘']+/, '');
  if (/^\d+(?:st|nd|rd|th)$/i.test(lead) || marked.has(`${lead} ${term.text}`.toLowerCase())) {
    return null;
  }
  // 'The Scottish National Party ({{c1::SNP}})': the abbreviation its name spells out.
  if (/^[A-Z]{2,6}$/.test(term.text) && /\p{Lu}\p{L}*\s\($/u.test(text.slice(0, at))) return null;
  // 'India’s {{c1::constitution}} references …': the fact is about the name, not the noun.
  if (/^\p{Lu}\p{L}*[’']s$/u.test(lead) && !/^\p{Lu}/u.test(term.text)) return null;
  // Part of a longer name ('{{c1::Ida}} B. Wells Society'): the whole name or nothing.
  const after = text.slice(at + term.text.length);
  const before = text.slice(0, at);
  if (
    /^\p{Lu}/u.test(term.text) &&
    (/^\s(?:(?:of|for|and|de)\s)?\p{Lu}/u.test(after) || /\p{Lu}[\p{L}.]*\s$/u.test(before))
  ) {
    return null;
  }
  // The closing quotation mark stays ('… elective functions.”').
  const end = /[.!](["”’)]?)$/.exec(text)?.[1] ?? '';
  const body = text.replace(/[.!]["”’)]?$/, '');
  const front = `${body.slice(0, at)}{{c1::${term.text}}}${body.slice(at + term.text.length)}.${end}`;
  const rest = `${body.slice(0, at)} ${body.slice(at + term.text.length)}`;
  if (answerIsOn(term.text, rest) || sharesRoot(term.text, rest)) return null;
  return { type: 'cloze', front, back: `${body}.${end}`, sourceQuote: text };
}
