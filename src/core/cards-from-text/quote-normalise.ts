/**
 * How a quote and a text are read so that one is found in the other the way a reader would
 * find it (issue 22): markup, citation markers, emphasis, HTML tags and kramdown attribute
 * lists are blanked (same length, so every offset still points into the original); numbers
 * are compared as numbers ('48,000', '48000' and 'forty-eight thousand' are one token);
 * words are compared by a crude stem ('scarcely'/'scarce', "prince's"/'prince'). Both sides
 * go through the same functions. Pure and linear in the text's length.
 */

/** Blanks `text` between `from` and `to` in `chars` (a same-length copy). */
function blank(chars: string[], from: number, to: number) {
  for (let at = from; at < to; at++) if (chars[at] !== '\n') chars[at] = ' ';
}

/**
 * The patterns of what is not prose, each blanked whole: kramdown attribute lists
 * ('{: data-type="term"}'), HTML tags ('<sub>', '</div>'), citation and note markers
 * ('[12]', '[12][13]', '[citation needed]', '[note 3]', '[a]'), cross-reference links
 * ('([\[link\]](#fig-1))'), a link's target ('](https://…)') and image markup's start.
 */
const MARKUP_PATTERNS: RegExp[] = [
  /\{:[^{}\n]*\}/g,
  /<\/?[a-zA-Z][^<>\n]*>/g,
  /\(?\[\\\[link\\\]\]\([^()\n]*\)\)?/g,
  /\[(?:\d{1,4}(?:[,–-]\s*\d{1,4})*|[a-z]|citation needed|note \d+|nb \d+|clarification needed|when\?|who\?|by whom\?|page needed|dubious[^\]\n]*)\]/gi,
  /\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)/g,
  /\]\]|\[\[|!\[/g,
];

/** The text with markup blanked (same length, line breaks kept). */
export function maskMarkup(text: string): string {
  if (!/[{<[\]]/.test(text)) return text;
  const chars = [...text];
  // `[...text]` splits by code point; keep offsets in UTF-16 units instead.
  if (chars.length !== text.length) return maskByUnits(text);
  for (const pattern of MARKUP_PATTERNS) {
    for (const match of text.matchAll(pattern))
      blank(chars, match.index, match.index + match[0].length);
  }
  return chars.join('');
}

function maskByUnits(text: string): string {
  const chars = text.split('');
  for (const pattern of MARKUP_PATTERNS) {
    for (const match of text.matchAll(pattern))
      blank(chars, match.index, match.index + match[0].length);
  }
  return chars.join('');
}

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16,
  seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50,
  sixty: 60, seventy: 70, eighty: 80, ninety: 90,
}; // prettier-ignore
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1e6, billion: 1e9 };

/** True for a word that is (part of) a number written in words. */
export const isNumberWord = (word: string) => word in UNITS || word in SCALES;

/**
 * The value of number words ('forty', 'eight', 'thousand' → 48000), or null when they do not
 * make one number.
 */
export function numberWordsValue(words: string[]): number | null {
  if (words.length === 0) return null;
  let total = 0;
  let current = 0;
  let seen = false;
  for (const word of words) {
    if (word in UNITS) {
      current += UNITS[word] as number;
      seen = true;
    } else if (word === 'hundred') {
      current = (current || 1) * 100;
    } else if (word in SCALES) {
      total += (current || 1) * (SCALES[word] as number);
      current = 0;
    } else return null;
  }
  return seen || total > 0 || current > 0 ? total + current : null;
}

const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ies', 'ied', 'es', 'ed', 's', 'ly', 'al'];

/**
 * A crude stem that both sides share: the possessive dropped, one common ending dropped, then
 * a final 'e' or 'y' ('scarcely' → 'scarc', 'scarce' → 'scarc', "prince's" → 'princ').
 */
export function matchStem(word: string): string {
  let stem = word.toLowerCase().replace(/['’]s?$/, '');
  if (/^\d/.test(stem)) return stem;
  for (const suffix of SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 3) {
      stem = stem.slice(0, -suffix.length);
      break;
    }
  }
  if (stem.length > 3 && (stem.endsWith('e') || stem.endsWith('y'))) stem = stem.slice(0, -1);
  return stem;
}

/** A token as matched: its compared form and where it is in the original text. */
export interface Token {
  form: string;
  start: number;
  end: number;
}

/**
 * Raw words in order (from WORD_PATTERN-like matches), with thousands groups joined
 * ('48,000' → '48000') and runs of number words turned into digits.
 */
export function numberTokens(text: string, raw: Token[]): Token[] {
  const out: Token[] = [];
  for (let at = 0; at < raw.length; at++) {
    const token = raw[at] as Token;
    if (/^\d{1,3}$/.test(token.form)) {
      // Thousands groups: '48,000', '1,000,000' (a comma and exactly three digits, no space).
      let value = token.form;
      let end = token.end;
      let next = at + 1;
      while (next < raw.length) {
        const group = raw[next] as Token;
        if (!/^\d{3}$/.test(group.form) || group.start !== end + 1 || text[end] !== ',') break;
        value += group.form;
        end = group.end;
        next++;
      }
      out.push({ form: String(Number(value)), start: token.start, end });
      at = next - 1;
      continue;
    }
    if (isNumberWord(token.form) && token.form !== 'hundred') {
      let next = at;
      while (next < raw.length && isNumberWord((raw[next] as Token).form)) next++;
      // 'and' inside a British number: 'two hundred and fifty'.
      const run = raw.slice(at, next);
      const value = numberWordsValue(run.map((t) => t.form));
      if (value !== null) {
        out.push({ form: String(value), start: token.start, end: (raw[next - 1] as Token).end });
        at = next - 1;
        continue;
      }
    }
    out.push({
      ...token,
      form: /^\d/.test(token.form) ? String(Number(token.form) || token.form) : token.form,
    });
  }
  return out;
}

/** True when only markup lies between two words ('H<sub>2</sub>O' reads as 'H2O'). */
export function joinedByMarkup(text: string, masked: string, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let at = from; at < to; at++) {
    if (masked[at] !== ' ' || /\s/.test(text[at] as string)) return false;
  }
  return true;
}

/** The forms a text is compared by (for a short answer or a question). */
export function comparedForms(text: string): string[] {
  const masked = maskMarkup(text);
  const raw: Token[] = [];
  for (const match of masked.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    const end = match.index + match[0].length;
    const previous = raw[raw.length - 1];
    if (previous && joinedByMarkup(text, masked, previous.end, match.index)) {
      previous.form += match[0];
      previous.end = end;
    } else raw.push({ form: match[0], start: match.index, end });
  }
  return numberTokens(masked, raw).map((token) => matchStem(token.form));
}
