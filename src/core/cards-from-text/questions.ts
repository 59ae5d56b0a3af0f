import type { ProseSentence, Token } from './analysis';
import { answerIsOn } from './card-checks';
import { balanced, isTrivialAnswer } from './quality';

/**
 * Which sentences can stand alone on a card, and the real questions a sentence supports:
 * 'What is X?' from a definition and its reverse 'What is the term for …?', 'What is … called?',
 * 'What is X used for?', 'Who …?' and 'When did …?'. Sentences here are short (at most
 * MAX_SENTENCE_CHARACTERS), so the patterns below read bounded text.
 */

export const MAX_SENTENCE_CHARACTERS = 320;
const MIN_WORDS = 6;
const MAX_WORDS = 40;

/** First words that lean on a sentence before: the card would not make sense alone. */
const LEANING_START =
  /^(?:this|that|these|those|such|also|however|therefore|thus|then|so|but|and|or|another|both|instead|otherwise|similarly|likewise|finally|next|now|here|there|which|while|although|others|imagine|suppose|furthermore|moreover|additionally|besides|hence|consequently|nonetheless|nevertheless|meanwhile|accordingly|likewise|otherwise|anyway|indeed|rather|instead|though|whereas|unlike|in addition|for example|for instance|in other words|as a result|in this|at this|on the other hand|first|second|third|last|again|still|yet|even so|in fact|of course|note|keep|let|see|press|click|remember|consider|use|make|set|add|run|call|pass|read|check|try|create|install|import|open|select|enter|type|go|avoid|ensure|specify|define|write|put|get)\b/i;
/** Talk to the reader, and pointers to the page around the sentence. */
const CONVERSATIONAL =
  /\b(?:we|we’re|we're|we’ll|we'll|we’ve|we've|our|us|i|i’m|i'm|let’s|let's|you|your|you’ll|you'll|you’re|you're|you’ve|you've)\b/i;
const POINTERS =
  /\b(?:listing|figure|fig\.|table|chapter|section|example|appendix|step)\s+[\dIVX]|\b(?:above|below|following|preceding|previous|earlier|later on|this (?:chapter|section|book|page|article|guide|document|example|listing|code|tutorial)|see)\b/i;
const CODE_MARKS =
  /[`{}=<>|\\]|::|->|=>|\(\)|\w_\w|\w\.\w+\(|https?:|www\.|@\w|\s--?[a-z]|\w\.(?:com|org|net|io|dev|html?)\b|\w!\s|(?<![’'.-])\b(?![aAI]\b)[a-zA-Z]\b(?![.’'-])/;
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
  return !/:$|\.\.\.|…/.test(text);
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
    | 'when';
  /** The term the card is about (for choosing by term). */
  term: string;
}

const capitalise = (text: string) => (text ? text[0]?.toUpperCase() + text.slice(1) : text);
const lowerFirst = (text: string) =>
  /^[A-Z](?:[a-z]|\s)/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
const withoutStop = (text: string) => text.replace(/[.!]["”’)]?$/, '').trim();

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
const YEAR = /\b(?:in|In)\s+((?:1\d{3}|20\d\d|\d{1,3}\s+(?:AD|BC|BCE|CE)))\b/u;

function isTermPhrase(text: string): boolean {
  return (
    !/^(?:it|this|that|these|those|they|there|one|he|she|each|all|some|many|most)\b/i.test(text) &&
    !isTrivialAnswer(text)
  );
}

/**
 * Words the text writes with a capital inside sentences: names ('Cargo', 'Mammoth'). A subject
 * moved after the question word is lower-cased ('The heap' → 'the heap') unless it is one.
 */
export type Names = ReadonlySet<string>;
const asSubject = (subject: string, names: Names): string => {
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
const vague = (subject: string) =>
  /^the\s+\p{L}+$/iu.test(subject) && !/^the\s+\p{Lu}/u.test(subject) && subject.length < 14;

/** The clauses of a sentence that can be read alone: split at ';' and ', and' / ', but'. */
function clauses(text: string): string[] {
  return withoutStop(text)
    .split(/;\s+|,\s+(?:and|but|while|whereas)\s+/u)
    .map((clause) => clause.trim())
    .filter((clause) => clause.split(/\s+/).length >= 4);
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
        if (bodyWords <= 18 && /^(?:a|an)\s/.test(body)) {
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
      if (isTermPhrase(subject) && body.split(/\s+/).length <= 25) {
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
    const called = CALLED.exec(clause);
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

const pastTense = (token: Token | undefined) =>
  token !== undefined &&
  token.pos === 'VERB' &&
  token.text.toLowerCase() !== token.lemma &&
  /ed$|ote$|ought$|ew$|ade$|ound$|ave$|ame$|ent$|ook$/.test(token.text);

/** 'Marie Curie discovered polonium.' → 'Who discovered polonium?' / 'Marie Curie'. */
function whoQuestion(text: string, tokens: Token[]): Question | null {
  let end = 0;
  while (tokens[end]?.pos === 'PROPN') end++;
  if (end < 2 || !pastTense(tokens[end])) return null;
  const name = tokens
    .slice(0, end)
    .map((token) => token.text)
    .join(' ');
  if (!text.startsWith(name)) return null;
  const rest = withoutStop(text.slice(name.length).trim());
  if (rest.split(/\s+/).length < 3) return null;
  return { form: 'who', term: name, front: `Who ${rest}?`, back: name };
}

/** 'Mount Vesuvius, near Naples, erupted in 79 AD …' → 'When did Mount Vesuvius erupt?'. */
function whenQuestion(text: string, tokens: Token[]): Question | null {
  const year = YEAR.exec(text);
  if (!year) return null;
  const subject = subjectOf(tokens);
  let at = subject?.end ?? -1;
  if (!subject) {
    // A subject followed by an aside in commas: 'Mount Vesuvius, near Naples in Italy, erupted'.
    let end = 0;
    while (/^(?:PROPN|NOUN)$/.test(tokens[end]?.pos ?? '')) end++;
    if (end === 0 || tokens[end]?.text !== ',') return null;
    let close = end + 1;
    while (close < tokens.length && tokens[close]?.text !== ',') close++;
    at = close + 1;
    if (!pastTense(tokens[at])) return null;
    const named = tokens
      .slice(0, end)
      .map((token) => token.text)
      .join(' ');
    return {
      form: 'when',
      term: named,
      front: `When did ${named} ${tokens[at]?.lemma}?`,
      back: capitalise(year[1] ?? ''),
    };
  }
  const verb = tokens[at];
  if (!pastTense(verb) || tokens[at + 1]?.text.toLowerCase() !== 'in') return null;
  return {
    form: 'when',
    term: subject.text,
    front: `When did ${lowerFirst(subject.text)} ${verb?.lemma}?`,
    back: capitalise(year[1] ?? ''),
  };
}

const MODALS = /^(?:can|may|must|should|will|cannot)$/i;
/** Where the object of a verb ends: the next clause or aside. */
const OBJECT_END =
  /,|;|:|\s[-–—]{1,2}\s|\s(?:and|but|which|because|so|while|whereas|when|if|unless|since|to avoid|without)\s/u;

/**
 * 'A central registry provides an easy place to look for packages.' → 'What does a central
 * registry provide?' / 'An easy place to look for packages'; 'Users may define their own key
 * bindings.' → 'What may users define?'. The subject must name something specific.
 */
function objectQuestion(text: string, tokens: Token[], names: Names): Question | null {
  const subject = subjectOf(tokens);
  if (!subject || vague(subject.text) || !isTermPhrase(subject.text)) return null;
  if (/^the\s+\S+$/i.test(subject.text)) return null;
  let at = subject.end;
  let auxiliary: string;
  const first = tokens[at] as Token;
  if (MODALS.test(first.text) && tokens[at + 1]?.pos === 'VERB') {
    auxiliary = first.text.toLowerCase() === 'cannot' ? '' : first.text.toLowerCase();
    at += 1;
  } else if (
    first.pos === 'VERB' &&
    /s$/.test(first.text) &&
    first.lemma !== first.text.toLowerCase()
  ) {
    auxiliary = subject.plural ? 'do' : 'does';
  } else if (first.pos === 'VERB' && /ed$/.test(first.text)) {
    auxiliary = 'did';
  } else return null;
  if (!auxiliary) return null;
  const verb = tokens[at] as Token;
  // 'Bash allows users to control …': the object of these verbs is a clause, not a thing.
  if (
    /^(?:allow|let|enable|permit|help|make|cause|require|want|need|tell|ask|get|seem|appear|become|try|attempt)$/.test(
      verb.lemma,
    )
  ) {
    return null;
  }
  // The object starts right after the verb with a determiner, adjective or noun.
  const next = tokens[at + 1];
  const possessive = next?.pos === 'PRON' && /^(?:their|its|his|her)$/i.test(next.text);
  if (!possessive && !/^(?:DET|ADJ|NOUN|PROPN|NUM)$/.test(next?.pos ?? '')) return null;
  const verbAt = text.indexOf(` ${verb.text} `);
  if (verbAt < 0) return null;
  const rest = withoutStop(text.slice(verbAt + verb.text.length + 2));
  const end = OBJECT_END.exec(rest);
  let object = (end ? rest.slice(0, end.index) : rest).trim();
  const adverb = /\s\p{L}+ly\b/u.exec(object);
  if (adverb) object = object.slice(0, adverb.index).trim();
  if (/\b(?:it|its|this|that|they|them|these|those)\b/i.test(object)) return null;
  // 'A different path', 'another way': says little without the sentence's rest.
  if (
    /^(?:(?:a|an|the)\s+)?(?:different|other|another|same|new|similar|certain|various|some|many|few|more|less|lot|way|thing)\b/i.test(
      object,
    )
  ) {
    return null;
  }
  const count = object.split(/\s+/).length;
  if (count < 2 || count > 14 || !balanced(object)) return null;
  const base =
    auxiliary === 'does' || auxiliary === 'do' || auxiliary === 'did' ? verb.lemma : verb.text;
  return {
    form: 'object',
    term: subject.text,
    front: `What ${auxiliary} ${asSubject(subject.text, names)} ${base}?`,
    back: capitalise(object),
  };
}

const GLOSSARY = /^([\p{Lu}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,4}):\s+([\p{Lu}].+)$/u;

/** A list entry 'Term: what it is.' */
export const isGlossaryEntry = (text: string) => GLOSSARY.test(withoutStop(text));

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
  // 'State is scoped to the component' is a statement, not what the term is.
  if (/^\S+(?:\s+\S+)?\s+(?:is|are|was|were|can|will)\s/.test(body)) return null;
  const count = body.split(/\s+/).length;
  if (count < 3 || count > 25 || !isTermPhrase(term)) return null;
  const verb = /[^s]s$/.test(head.text) ? 'are' : 'is';
  return { form: 'glossary', term, front: `What ${verb} ${term}?`, back: body };
}

const WHY_AUXILIARIES = /^(?:is|are|was|were|can|cannot|will|must|should|may|has|have)$/i;

/**
 * 'The heap is slower because the processor must follow a pointer.' → 'Why is the heap
 * slower?' / 'Because the processor must follow a pointer'; 'Magma rises because it is lighter
 * than the rock around it.' → 'Why does magma rise?'.
 */
function whyQuestion(text: string, tokens: Token[], names: Names): Question | null {
  const at = text.indexOf(' because ');
  if (at < 0) return null;
  const subject = subjectOf(tokens);
  if (!subject || !isTermPhrase(subject.text)) return null;
  const verb = tokens[subject.end] as Token;
  const left = text.slice(0, at);
  const verbAt = left.indexOf(` ${verb.text}`, subject.text.length - 1);
  if (verbAt < 0) return null;
  const rest = left.slice(verbAt + verb.text.length + 1).trim();
  const reason = withoutStop(text.slice(at + 1));
  if (rest.includes(',') || rest.split(/\s+/).length > 12 || reason.split(/\s+/).length > 25)
    return null;
  const named = asSubject(subject.text, names);
  let front: string;
  if (WHY_AUXILIARIES.test(verb.text)) {
    if (verb.text.toLowerCase() === 'cannot') return null;
    front = `Why ${verb.text.toLowerCase()} ${named}${rest ? ` ${rest}` : ''}?`;
  } else if (
    verb.pos === 'VERB' &&
    verb.lemma !== verb.text.toLowerCase() &&
    /(?:s|ed)$/.test(verb.text)
  ) {
    const auxiliary = verb.text.endsWith('ed') ? 'did' : subject.plural ? 'do' : 'does';
    front = `Why ${auxiliary} ${named} ${verb.lemma}${rest ? ` ${rest}` : ''}?`;
  } else if (verb.pos === 'VERB' && subject.plural && verb.lemma === verb.text.toLowerCase()) {
    front = `Why do ${named} ${verb.lemma}${rest ? ` ${rest}` : ''}?`;
  } else return null;
  if (!balanced(front)) return null;
  return { form: 'why', term: subject.text, front, back: capitalise(reason) };
}
