/**
 * Where sentences end: the one rule the document reader, the built-in generator and the
 * grounding check (passages.ts) share. A '.', '!' or '?' (with any closing quotes or brackets
 * after it) followed by whitespace; not after an abbreviation ('e.g.', 'vol.', 'U.S.', 'Dr.'),
 * an initial ('J. Smith') or a list number at a line start ('1. Archaea'). A decimal or a URL
 * has no space after its dot, so it never ends one. One pass; each boundary looks back at one
 * word of at most 12 characters.
 */

export const isDigit = (char: string | undefined) =>
  char !== undefined && char >= '0' && char <= '9';
export const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\u00a0';
export const CLOSERS = '"\'”’)]»}';
const OPENERS = '"\'([{‘“«';

/** Abbreviations whose full stop does not end a sentence (compared lower-case). */
const ABBREVIATIONS = new Set(
  `e.g i.e etc al cf vs viz approx ca c vol vols pp p ch chap sec fig figs eq eqs ed eds trans
  repr rev dept univ assn bros inc ltd co corp mr mrs ms dr prof st jr sr sgt capt col gen lt gov
  sen rep hon mt ft ave blvd rd jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu
  fri sat sun u.s u.k u.n a.m p.m b.c a.d ph.d m.d b.a m.a www op cit ibid esp incl min max est`
    .split(/\s+/)
    .filter(Boolean),
);

const isUpper = (char: string | undefined) =>
  char !== undefined && char !== char.toLowerCase() && char === char.toUpperCase();

/** True when the full stop at `at` follows a number that starts a line ('1. Archaea'). */
function isListNumber(text: string, at: number): boolean {
  let start = at;
  while (start > at - 4 && isDigit(text[start - 1])) start--;
  if (start === at) return false;
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  return start === 0 || text[start - 1] === '\n';
}

/**
 * True when the '.', '!' or '?' at `at` ends a sentence (see above). 'No.' and 'Nos.' are
 * abbreviations only before a number ('No. 5'); before a word, 'No.' is an answer.
 */
export function isSentenceEnd(text: string, at: number): boolean {
  const char = text[at];
  if (char !== '.' && char !== '!' && char !== '?') return false;
  let next = at + 1;
  while (next < text.length && CLOSERS.includes(text[next] as string)) next++;
  if (next < text.length && !isSpace(text[next])) return false;
  if (char !== '.') return true;
  if (isListNumber(text, at)) return false;
  let start = at;
  while (start > 0 && /[\p{L}.]/u.test(text[start - 1] as string) && at - start < 12) start--;
  const word = text.slice(start, at).toLowerCase();
  if (word.length === 1 || ABBREVIATIONS.has(word)) return false;
  if ((word === 'no' || word === 'nos') && isDigit(text[next + 1])) return false;
  return !(word.includes('.') && word.split('.').every((part) => part.length <= 1));
}

/**
 * The sentences of a paragraph (already one line), trimmed, in order; no text is lost. Besides
 * `isSentenceEnd`, the next sentence must start with a capital or a digit (after any opening
 * quote), and an ellipsis ends one only before a capital.
 */
export function splitProseSentences(paragraph: string): string[] {
  const out: string[] = [];
  const length = paragraph.length;
  let start = 0;
  let index = 0;
  while (index < length) {
    const char = paragraph[index] as string;
    if (char !== '.' && char !== '!' && char !== '?') {
      index++;
      continue;
    }
    const mark = index;
    while (index < length && '.!?'.includes(paragraph[index] as string)) index++;
    const last = index - 1;
    const ellipsis = index - mark >= 2 && paragraph[mark] === '.';
    while (index < length && CLOSERS.includes(paragraph[index] as string)) index++;
    if (index < length && !isSpace(paragraph[index])) continue;
    let next = index;
    while (next < length && isSpace(paragraph[next])) next++;
    if (next >= length) break;
    let first = next;
    while (first < length && OPENERS.includes(paragraph[first] as string)) first++;
    const startsNew = isUpper(paragraph[first]) || isDigit(paragraph[first]);
    if (!startsNew || (ellipsis && !isUpper(paragraph[first]))) continue;
    if (!ellipsis && !isSentenceEnd(paragraph, last)) continue;
    out.push(paragraph.slice(start, index).trim());
    start = next;
    index = next;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}
