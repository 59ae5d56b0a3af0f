/**
 * The document's own signals of importance (issue 23): the terms it marks (Markdown bold,
 * `<b>`/`<strong>`, kramdown's `[term]{: data-type="term"}`, CNXML-style `<term>`) and the
 * entries of its glossary or 'Key Terms' section. A marked term is what the author wants learnt.
 */

/** Headings of sections that list the text's terms. */
export const GLOSSARY_HEADINGS =
  /^(?:glossary|key terms|key words|vocabulary|terms to know|definitions)$/i;

const MARKUP = [
  /\*\*([^*\n]{2,60}?)\*\*/g,
  /(?<!\w)__([^_\n]{2,60}?)__(?!\w)/g,
  /<(?:b|strong)>([^<\n]{2,60}?)<\/(?:b|strong)>/gi,
  /<term(?:\s[^<>]{0,200})?>([^<\n]{2,60}?)<\/term>/gi,
  /<span\s[^<>]{0,200}data-type="term"[^<>]{0,200}>([^<\n]{2,60}?)<\/span>/gi,
  /\[([^\]\n]{2,60}?)\]\{:[^}\n]{0,100}data-type="term"[^}\n]{0,100}\}/g,
];

/** A marked term as compared: lower case, no trailing punctuation, at most six words. */
export function termKey(term: string): string {
  return term
    .trim()
    .toLowerCase()
    .replace(/^[("'“‘]+|[.,:;)"'”’]+$/g, '')
    .trim();
}

/** The terms a block's raw text marks, in order, each once. */
export function markedTermsOf(raw: string): string[] {
  const found = MARKUP.flatMap((pattern) =>
    [...raw.matchAll(pattern)].map((match) => ({ at: match.index, term: termKey(match[1] ?? '') })),
  )
    // ('**chlorophyll *a***{: data-type="term"} and **…': markup between two marks is no term.)
    .filter(
      ({ term }) =>
        /\p{L}{2}/u.test(term) && term.split(/\s+/).length <= 6 && !/[{}<>=]/.test(term),
    )
    .sort((a, b) => a.at - b.at)
    .map(({ term }) => term);
  return [...new Set(found)];
}

/** 'Osmosis: the diffusion of water …' or 'Osmosis — …' in a glossary: its term. */
export function glossaryTerm(entry: string): string | null {
  const match = /^([\p{L}][\p{L}'’ -]{1,50}?)\s*(?::|\s[–—-]\s)\s*\S/u.exec(entry);
  return match ? termKey(match[1] ?? '') : null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a sentence names a term as a whole word (or words), any case, plural or not. */
export function names(sentence: string, term: string): boolean {
  return new RegExp(`(?<![\\p{L}-])${escape(term)}(?:s|es)?(?![\\p{L}-])`, 'iu').test(sentence);
}

/** Per sentence, the marked terms it holds: each term goes to the first sentence naming it. */
export function sentenceMarks(sentences: string[], terms: string[]): string[][] {
  const out = sentences.map((): string[] => []);
  for (const term of terms) {
    const at = sentences.findIndex((sentence) => names(sentence, term));
    if (at >= 0) out[at]?.push(term);
  }
  return out;
}

const TERM_COLUMN = /^(?:terms?|words?|concepts?|key terms?|vocabulary)$/i;
const MEANING_COLUMN = /^(?:meanings?|definitions?|descriptions?|explanations?)$/i;

/**
 * A table of term and meaning (two columns, headed 'term | meaning' or the like, or any
 * two-column table of a glossary section) as glossary entries: 'displacement: the change in
 * position …'. Null for any other table.
 */
export function termTableEntries(lines: string[], inGlossary: boolean): string[] | null {
  const rows = lines
    .filter((line) => !/^\|?[\s:|-]+\|?$/.test(line))
    .map((line) =>
      line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
  const [header, ...body] = rows;
  if (!header || header.length !== 2 || body.length === 0) return null;
  if (body.some((row) => row.length !== 2 || !row[0] || !row[1])) return null;
  const headed =
    TERM_COLUMN.test(header[0]?.replace(/[*_]/g, '') ?? '') &&
    MEANING_COLUMN.test(header[1]?.replace(/[*_]/g, '') ?? '');
  if (!headed && !inGlossary) return null;
  return body.map(([term, meaning]) => `${term}: ${meaning}`);
}
