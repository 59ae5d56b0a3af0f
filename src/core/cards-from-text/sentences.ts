/**
 * Sentence boundaries in running prose, in one pass: a '.', '!' or '?' (with any closing quotes
 * or brackets after it) followed by a space and the start of a new sentence. Not a boundary:
 * an abbreviation ('e.g.', 'vol.', 'U.S.', 'Dr.'), an initial ('J. Smith'), a decimal or a URL
 * (no space after the dot), an ellipsis or a lower-case continuation.
 */

/** Abbreviations that end in '.' without ending the sentence (compared lower-case). */
const ABBREVIATIONS = new Set(
  `e.g i.e etc al cf vs viz approx ca c vol vols pp p ch chap sec fig figs eq eqs ed eds
  trans repr rev dept univ assn bros inc ltd co corp mr mrs ms dr prof st jr sr sgt capt col gen
  lt gov sen rep hon mt ft ave blvd rd jan feb mar apr jun jul aug sep sept oct nov dec mon tue
  wed thu fri sat sun u.s u.k u.n a.m p.m b.c a.d ph.d m.d b.a m.a www op cit ibid esp incl
  min max est dept`
    .split(/\s+/)
    .filter(Boolean),
);

const CLOSERS = '"\')]}’”»';
const OPENERS = '"\'([{‘“«';

const isUpper = (char: string | undefined) =>
  char !== undefined && char !== char.toLowerCase() && char === char.toUpperCase();
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\n' || char === '\t' || char === '\u00a0';

/** The word that ends at `end` (exclusive): letters, digits and inner dots ('U.S', 'e.g'). */
function wordBefore(text: string, end: number): string {
  let start = end;
  while (start > 0 && !isSpace(text[start - 1]) && !OPENERS.includes(text[start - 1] as string)) {
    start--;
  }
  return text.slice(start, end);
}

function endsSentenceAt(text: string, dot: number): boolean {
  if (text[dot] !== '.') return true;
  const word = wordBefore(text, dot);
  const lower = word.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return false;
  // 'No. 5' and 'Nos. 3–4' number things; 'No.' before a word is an answer.
  if ((lower === 'no' || lower === 'nos') && isDigit(text[dot + 2])) return false;
  // An initial: one capital letter ('J. R. R. Tolkien').
  if (word.length === 1 && isUpper(word)) return false;
  // Dotted forms such as 'U.S.' when the next word is lower case are caught by the caller.
  return word.length > 0;
}

/** The sentences of a paragraph (already one line), trimmed, in order; no text is lost. */
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
    if (!endsSentenceAt(paragraph, mark)) continue;
    out.push(paragraph.slice(start, index).trim());
    start = next;
    index = next;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}
