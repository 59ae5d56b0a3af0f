import type { ProseSentence, Token } from './analysis';
import { balanced } from './quality';
import { isGlossaryEntry } from './question-text';

/**
 * Which sentences can stand alone on a card: prose a learner reads without the page around it
 * (no leaning first word, no talk to the reader, no pointers, nothing shaped like code), with
 * a leading 'It' or 'They' given its referent. Sentences here are short (at most
 * MAX_SENTENCE_CHARACTERS), so the patterns below read bounded text.
 */

export const MAX_SENTENCE_CHARACTERS = 320;
const MIN_WORDS = 6;
const MAX_WORDS = 40;

/** First words that lean on a sentence before: the card would not make sense alone. */
const LEANING_START =
  /^(?:this|that|these|those|such|also|however|therefore|thus|then|so|but|and|or|another|both|instead|otherwise|similarly|likewise|finally|next|now|here|there|which|while|although|each (?:must|can|will|should|is|has|needs|may|of)|others|imagine|suppose|furthermore|moreover|additionally|besides|hence|consequently|nonetheless|nevertheless|meanwhile|accordingly|likewise|otherwise|anyway|indeed|rather|instead|though|whereas|unlike|in addition|for example|for instance|in other words|as a result|in this|at this|on the other hand|first|second|third|last|again|still|yet|even so|in fact|of course|note|keep|let|see|press|click|remember|consider|use|make|set|add|run|call|pass|read|check|try|create|install|import|open|select|enter|type|go|avoid|ensure|specify|define|write|put|get)\b/i;
/** Talk to the reader, and pointers to the page around the sentence. */
const CONVERSATIONAL =
  /\b(?:we|we’re|we're|we’ll|we'll|we’ve|we've|our|us|i|i’m|i'm|let’s|let's|you|your|you’ll|you'll|you’re|you're|you’ve|you've)\b/i;
const POINTERS =
  /\b(?:listing|figure|fig\.|table|chapter|section|example|appendix|step)\s+[\dIVX]|\b(?:above|below|following|preceding|previous|earlier|later on|this (?:chapter|section|book|page|article|guide|document|example|listing|code|tutorial)|see)\b/i;
const CODE_MARKS =
  /[`{}=<>|\\]|::|->|=>|\(\)|\w_\w|\w\.\w+\(|https?:|www\.|@\w|\s--?[a-z]|\w\.(?:com|org|net|io|dev|html?)\b|\w!\s|(?<![’'.-])\b(?![aAI]\b)[a-zA-Z]\b(?![.’'-])/;
const OPINION =
  /\b(?:fine|great|nice|awesome|amazing|powerful|daunting|tricky|incredibly|enthusiastic|interesting|dogmatic|reasonable|unexpected|really|very|quite|pretty much|simply|(?<!\ba )just|a lot|think of|imagine|as if|analogy|similar|similarly|for example|for instance|e\.g\.)\b/i;
const PRONOUN_SUBJECT = /^(It|They)\s+(?=\p{Ll})/u;

/** True when the sentence is prose that a learner can read alone. */
export function standsAlone(text: string): boolean {
  if (text.length > MAX_SENTENCE_CHARACTERS) return false;
  const count = text.split(/\s+/).length;
  if (count < MIN_WORDS || count > MAX_WORDS) return false;
  if (!/^[\p{Lu}]/u.test(text) || !/[.!]["”’)]?$/.test(text) || text.includes('?')) return false;
  if (LEANING_START.test(text) || CONVERSATIONAL.test(text) || POINTERS.test(text)) return false;
  // A type named in prose ('Rc<T>', 'Rc::clone') may stay; anything else shaped like code not.
  const prose = text.replace(/\b[A-Z]\w{0,30}(?:<[\w, ]{1,30}>|::[a-z_]\w{0,30})/g, 'Name');
  if (CODE_MARKS.test(prose) || !balanced(text)) return false;
  // 'this', 'these', 'those' point at something outside the sentence; so does an opening
  // adverb with a comma ('Comparatively, …').
  if (/\b(?:this|these|those|such|former|latter|aforementioned)\b/i.test(text)) return false;
  if (/^\p{L}+ly,/u.test(text)) return false;
  if (/^The same\b/.test(text)) return false;
  // Opinions, analogies and advice are not facts to learn.
  if (OPINION.test(text) || /^When in doubt\b/i.test(text)) return false;
  if (
    /\b(?:first|second|third|fourth|last|former|latter|previous|next) (?:case|step|example|version|one)\b/i.test(
      text,
    )
  ) {
    return false;
  }
  // 'The add method is also unsafe': 'also' points at what was said before.
  if (/\b(?:is|are|was|were|can|will|must|has|have) also\b/.test(text)) return false;
  // 'here', 'now', 'the new function', 'the parameters above': the page around the sentence.
  if (
    /\b(?:here|now|read on|so far|the (?:new|same|above|following|preceding|remaining|other|latter|former|rest))\b/i.test(
      text,
    )
  ) {
    return false;
  }
  if (
    /\b(?:the|this|next|previous|following|last|first) (?:chapter|section|example|listing|figure|page)\b/i.test(
      text,
    )
  )
    return false;
  // 'Tuples, if they only contain types …': a list entry cut from its list.
  if (
    /^[\p{L}-]+(?:\s[\p{L}-]+)?,\s(?:if|when|as long as|unless|because|which|where)\b/u.test(text)
  )
    return false;
  if (isExample(text)) return false;
  // 'Utilitarians also want …', 'In its simplest form, …': the sentence before is needed.
  if (/^\p{Lu}\S*(?:\s\S+)?\s+also\s/u.test(text)) return false;
  if (/^[^,]{0,40}\b(?:its|their|his|her)\b[^,]{0,30},/.test(text)) return false;
  // 'The group continues to …', 'The case, which …': a noun that points at the text before.
  if (
    /^The (?:group|case|movement|organization|company|study|book|author|event|plan|idea|approach|method|result|decision|campaign|project|program|policy|agreement|treaty|report|court|bill|party|center|centre|institute|commission|committee|agency|survey|poll|team|article)(?:,|\s+(?!of\b)\p{Ll})/u.test(
      text,
    )
  ) {
    return false;
  }
  // 'The American scientists made calculations …': which scientists is in the text before.
  if (
    /^The (?:\p{Lu}\p{Ll}+ )?(?:scientists|researchers|students|officials|engineers)\b/u.test(text)
  )
    return false;
  // A reading guide ('… is helpful before turning to critiques').
  if (/\b(?:before turning to|it is worth asking|is helpful)\b/i.test(text)) return false;
  // 'In 1588, he launched …', 'In a small vessel, it may …': the subject is a pronoun.
  if (/^[^,]{1,60},\s+(?:he|she|it|they|we|you)\s/u.test(text)) return false;
  return !/:$|\.\.\.|…/.test(text);
}

/**
 * The text's examples, hypotheticals and analogies (issue 23): 'If an ordinary glass of water
 * were enlarged …', '… if Max is eating the pizza then Michelle cannot also eat it', 'Suppose
 * two people …', '… about the size of golf balls'. Not facts to learn.
 */
export function isExample(text: string): boolean {
  if (/^(?:Suppose|Imagine|Say|Consider|Picture|Think of)\b/.test(text)) return true;
  if (/\bif\b[^.;]{0,160}\b(?:were|would|then)\b/i.test(text)) return true;
  if (/\b(?:about|roughly) the size of\b|\bas (?:big|small|large) as\b/i.test(text)) return true;
  // A person named only by a first name is a character in an illustration ('Max', 'Lorna').
  return /\b(?:if|when|once|suppose)\s+(?:\p{Lu}\p{Ll}+)\s+(?:is|are|buys|eats|wants|has|catches|decides)\b/u.test(
    text,
  );
}

/** The subject that opens a sentence: determiner, adjectives and nouns before its verb. */
export function subjectOf(tokens: Token[]): { text: string; end: number; plural: boolean } | null {
  let end = 0;
  if (/^(?:DET)$/.test(tokens[0]?.pos ?? '') && /^(?:the|a|an)$/i.test(tokens[0]?.text ?? ''))
    end = 1;
  const start = end;
  while (/^(?:ADJ|NOUN|PROPN)$/.test(tokens[end]?.pos ?? '') && end - start < 5) end++;
  if (end === start || !/^(?:NOUN|PROPN)$/.test(tokens[end - 1]?.pos ?? '')) return null;
  const head = tokens[end - 1] as Token;
  // 'The Ring of Fire', 'the speed of light': one 'of' and a second noun phrase.
  if (tokens[end]?.text === 'of') {
    let next = end + 1;
    if (/^(?:the|a|an)$/i.test(tokens[next]?.text ?? '')) next++;
    const from = next;
    while (/^(?:ADJ|NOUN|PROPN)$/.test(tokens[next]?.pos ?? '') && next - from < 4) next++;
    if (next > from && /^(?:NOUN|PROPN)$/.test(tokens[next - 1]?.pos ?? '')) end = next;
  }
  if (!/^(?:AUX|VERB)$/.test(tokens[end]?.pos ?? '')) return null;
  const words = tokens.slice(0, end).map((token) => token.text);
  return {
    text: words.join(' '),
    end,
    plural:
      (head.text.toLowerCase() !== head.lemma || head.pos === 'PROPN') &&
      /[^su]s$/.test(head.text) &&
      !/(?:is|ss)$/.test(head.text),
  };
}

/**
 * A sentence that opens with 'It' or 'They' gets its referent carried in: the subject of the
 * sentence before it in the same paragraph, when the number agrees. Otherwise null (not used).
 */
export function withReferent(
  sentence: ProseSentence,
  previousTokens: Token[] | null,
  isTerm: (word: string) => boolean,
): string | null {
  const match = PRONOUN_SUBJECT.exec(sentence.text);
  if (!match) return sentence.text;
  // 'It is also possible to …' has no referent to carry in.
  if (
    /^It\s+(?:is|was|will be|can be|may be|would be)\s+(?:\p{Ll}+ly\s+)?(?:also\s+)?\p{Ll}+\s+(?:to|that)\b/u.test(
      sentence.text,
    )
  ) {
    return null;
  }
  if (!previousTokens) return null;
  const subject = subjectOf(previousTokens);
  // Only a named thing is carried in: 'Bash', 'the Calvin cycle'; not 'Many people'.
  if (!subject || /^(?:many|some|most|few|several|all|other|such)\b/i.test(subject.text))
    return null;
  if (!isTerm(previousTokens[subject.end - 1]?.text ?? '')) return null;
  if ((match[1] === 'They') !== subject.plural) return null;
  const named = /^[a-z]/.test(subject.text)
    ? subject.text[0]?.toUpperCase() + subject.text.slice(1)
    : subject.text;
  return `${named} ${sentence.text.slice(match[0].length)}`;
}

/** 'Returns the subnet mask …', 'Constructs an address …': an API line without its function. */
const API_LINE =
  /^(?:Returns|Constructs|Creates|Gets|Sets|Checks|Converts|Parses|Takes|Accepts|Removes|Adds|Reads|Writes|Generates|Computes|Calculates|Finds|Tests|Matches|Produces|Emits|Throws|Resolves|Rejects|Loads|Saves|Opens|Closes|Starts|Stops|Called|Used|See)\b/;

/** Identifiers of the text's code blocks that are not English words: 'NewsArticle', 'i32'. */
export function codeNamesOf(code: string[]): Set<string> {
  const names = new Set<string>();
  for (const block of code) {
    for (const word of block.match(/[A-Za-z_][A-Za-z0-9_]{1,40}/g) ?? []) {
      if (/[a-z][A-Z]|[A-Za-z][0-9]|_|^[A-Z]{4,}$/.test(word)) names.add(word);
    }
  }
  return names;
}

function namesExampleCode(text: string, codeNames: Set<string>): boolean {
  if (codeNames.size === 0) return false;
  for (const word of text.match(/[A-Za-z_][A-Za-z0-9_]{1,40}/g) ?? []) {
    if (codeNames.has(word)) return true;
  }
  return false;
}

/** What the page around a sentence tells about it. */
export interface PageContext {
  /** Identifiers of the text's code blocks (`codeNamesOf`). */
  codeNames: Set<string>;
  /** True when the text names a subject often or in a heading. */
  namedOften: (subject: string) => boolean;
}

/**
 * True when a sentence that stands alone (by its words) is also a statement of fact by its
 * grammar: it has a verb, a list item is a whole sentence or a glossary entry, it is no caption,
 * no instruction or API line, not about a one-word 'the X' the text hardly names, and not about
 * the page's example code.
 */
export function isStatement(text: string, sentence: ProseSentence, page: PageContext): boolean {
  // A fragment ('All the integer types, such as u32.') has no verb.
  if (!sentence.tokens.some((token) => token.pos === 'VERB' || token.pos === 'AUX')) return false;
  if (sentence.listItem && !subjectOf(sentence.tokens) && !isGlossaryEntry(text)) return false;
  // 'A tiny debugging utility modelled after …': a title or caption, no statement.
  if (
    /^(?:A|An)\s/.test(text) &&
    !subjectOf(sentence.tokens) &&
    !sentence.tokens.some((token) => token.pos === 'AUX')
  ) {
    return false;
  }
  // 'The parameters are all integers', 'The constructor takes no parameters': a subject of one
  // word the text hardly names is a thing of the page around the sentence.
  const subject = subjectOf(sentence.tokens);
  if (subject && /^the \S+$/i.test(subject.text) && !page.namedOften(subject.text)) return false;
  // An instruction or a subject-less API line ('Converts the document to HTML.').
  const first = sentence.tokens[0];
  if (first?.pos === 'VERB' && !first.text.endsWith('ing')) return false;
  if (API_LINE.test(text)) return false;
  // 'The compiler starts by looking at the Cons variant': a sentence about the page's example
  // (it names an identifier of the text's code) is not a fact to learn.
  if (namesExampleCode(text, page.codeNames)) return false;
  return true;
}

/** Connectives that join a sentence to the one before without its meaning depending on it. */
const CONNECTIVE =
  /^(?:Additionally|Finally|Moreover|Furthermore|In addition|Ultimately|Indeed|In fact|Theoretically|In general|Generally|Today),\s+(?=\p{Ll})/u;

/**
 * 'Additionally, the act of citizen mobilization is thought to produce social capital, …' is
 * read without its connective ('The act of …'), tokens and all; other sentences as they are.
 */
export function withoutConnective(sentence: ProseSentence): ProseSentence {
  const match = CONNECTIVE.exec(sentence.text);
  const comma = sentence.tokens.findIndex((token) => token.text === ',');
  if (!match || comma < 0 || comma > 3) return sentence;
  const rest = sentence.text.slice(match[0].length);
  return {
    ...sentence,
    text: `${rest[0]?.toUpperCase() ?? ''}${rest.slice(1)}`,
    tokens: sentence.tokens
      .slice(comma + 1)
      .map((token, at) =>
        at === 0
          ? { ...token, text: `${token.text[0]?.toUpperCase() ?? ''}${token.text.slice(1)}` }
          : token,
      ),
  };
}
