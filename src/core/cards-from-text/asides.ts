import type { ProseSentence } from './analysis';

/**
 * What a textbook section says around its subject, not as its subject (issue 23, rounds K and
 * L): the opening story, news items, and views given without who holds them. A sentence found
 * here gives no cloze or fact card; a definition the document marks in it still gives its
 * question (signal-material.ts).
 */

/** A year of recent times, or a date with its month: '2020', 'January 6, 2021'. */
const RECENT_YEAR = /\b(?:19[89]\d|20\d\d)s?\b/;
const MONTH_DATE =
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/;
/** 'may have spurred', 'might have caused': a guess about an event. */
const SPECULATION = /\b(?:may|might|could) have (?:been )?\p{Ll}+(?:ed|en)\b/u;
/** 'current SNP leader Nicola Sturgeon', 'a recent poll'. */
const OF_THE_DAY =
  /\bcurrent (?:\p{Lu}\S* )?(?:leader|president|prime minister|chair|head|governor|administration|government)\b|\brecent (?:\p{Lu}\S* )?(?:poll|survey|election|report|study|data)\b/u;

/** True for a news item: a dated recent event, or a guess about one. */
export function isNewsItem(text: string): boolean {
  return (
    RECENT_YEAR.test(text) ||
    MONTH_DATE.test(text) ||
    SPECULATION.test(text) ||
    OF_THE_DAY.test(text)
  );
}

/** Words that say whose view a sentence gives: 'according to Marx', 'Communitarians … arguing'. */
const ATTRIBUTION =
  /\b(?:in (?:the|his|her|their) view|(?:argu|believ|contend|claim|maintain|insist|consider|assert)(?:e|es|ed|s|ing)?\b|holds? that|held that|the belief that|in the belief|views? (?:that|it as))/i;
/** 'according to Marx'; not '… to act according to his inclinations'. */
const ACCORDING_TO = /\b[Aa]ccording to \p{Lu}/u;

/** True when a sentence says whose view it gives. */
export function attributes(text: string): boolean {
  return ATTRIBUTION.test(text) || ACCORDING_TO.test(text);
}

/**
 * A view without who holds it: a sentence after one that gives someone's view in the same
 * paragraph ('The creation of a just society, according to Marx, …. Class distinctions … must
 * be eliminated.'), itself naming no holder, goes on with that view; it is not a fact.
 */
export function continuesAView(sentence: ProseSentence, blockBefore: ProseSentence[]): boolean {
  if (attributes(sentence.text)) return false;
  // ('… to act according to his inclinations' names no holder; a view reaches three sentences.)
  return blockBefore.slice(-3).some((before) => attributes(before.text));
}

/** The sentences of `sentence`'s block before it (all sentences of the document, in order). */
export function blockBefore(sentences: ProseSentence[], at: number): ProseSentence[] {
  const sentence = sentences[at] as ProseSentence;
  return sentences.slice(Math.max(0, at - sentence.inBlock), at);
}

const OPENING_HEADINGS = /^(?:learning (?:outcomes|objectives)|introduction|overview)$/i;

/**
 * The indexes of the opening story's sentences: the first paragraph after a section's learning
 * outcomes (OpenStax's vignette, 'The Scottish National Party
 * (SNP) is Scotland's largest political party.'), the sentences that name someone or something
 * by a proper name. A definition there ('Civil rights are government guarantees of …') names
 * none and stays.
 */
export function openingStory(
  sentences: ProseSentence[],
  headingOf: (section: number) => { heading: string | null },
): Set<number> {
  const out = new Set<number>();
  // ('By the end of this section, you will be able to:' leads in to a list; not the story.)
  const first = sentences.findIndex(
    (sentence) => !sentence.listItem && sentence.inBlock === 0 && !/:$/.test(sentence.text),
  );
  const opening = sentences[first];
  if (!opening) return out;
  // Only after the learning outcomes: a text's first paragraph elsewhere ('Bash is a widely
  // used command language interpreter. It offers … over the Bourne shell …') is its subject.
  const { heading } = headingOf(opening.section);
  if (heading === null || !OPENING_HEADINGS.test(heading.trim())) return out;
  for (let at = first; at < sentences.length; at++) {
    const sentence = sentences[at] as ProseSentence;
    if (at > first && (sentence.inBlock === 0 || sentence.section !== opening.section)) break;
    if (namesSomeone(sentence)) out.add(at);
  }
  return out;
}

/** A word written with a capital inside the sentence that the document does not mark. */
function namesSomeone(sentence: ProseSentence): boolean {
  const marked = new Set(sentence.marked.flatMap((term) => term.split(/\s+/)));
  return sentence.tokens.some(
    (token, at) =>
      at > 0 &&
      /^\p{Lu}/u.test(token.text) &&
      token.text !== 'I' &&
      !/^[:"“'‘(]$/.test(sentence.tokens[at - 1]?.text ?? '') &&
      !marked.has(token.text.toLowerCase()),
  );
}
