import type { Token } from './analysis';
import { balanced } from './quality';
import {
  asSubject,
  capitalise,
  isTermPhrase,
  lowerFirst,
  type Names,
  type Question,
  vague,
  withoutStop,
} from './question-text';
import { subjectOf } from './standalone';

/**
 * Fact questions from a sentence's grammar: who did it, when, why ('because'), and what a
 * thing does. Sentences here are short (see standalone.ts), so the patterns read bounded text.
 */

const YEAR = /\b(?:in|In)\s+((?:1\d{3}|20\d\d|\d{1,3}\s+(?:AD|BC|BCE|CE)))\b/u;

const pastTense = (token: Token | undefined) =>
  token !== undefined &&
  token.pos === 'VERB' &&
  token.text.toLowerCase() !== token.lemma &&
  /ed$|ote$|ought$|ew$|ade$|ound$|ave$|ame$|ent$|ook$/.test(token.text);

/** 'Marie Curie discovered polonium.' → 'Who discovered polonium?' / 'Marie Curie'. */
export function whoQuestion(text: string, tokens: Token[]): Question | null {
  if (text.includes(':')) return null;
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
export function whenQuestion(text: string, tokens: Token[]): Question | null {
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
    const named = tokens
      .slice(0, end)
      .map((token) => token.text)
      .join(' ');
    // 'Penicillin, discovered in 1941, led to …': the year belongs to the aside, so the
    // question asks the aside ('When was penicillin discovered?'), never 'When did … lead?'.
    const aside = tokens.slice(end + 1, close);
    const asideText = aside.map((token) => token.text).join(' ');
    if (YEAR.test(asideText)) {
      const participle = aside[0];
      if (
        !participle ||
        participle.pos !== 'VERB' ||
        !/ed$|wn$|ilt$|ought$|ung$/.test(participle.text)
      ) {
        return null;
      }
      if (aside[1]?.text.toLowerCase() !== 'in') return null;
      const name =
        named === named.toUpperCase() ||
        (tokens[0]?.pos === 'PROPN' && tokens[0].text !== capitalise(tokens[0].lemma))
          ? named
          : lowerFirst(named);
      return {
        form: 'when',
        term: named,
        front: `When was ${name} ${participle.text}?`,
        back: capitalise(year[1] ?? ''),
      };
    }
    if (!pastTense(tokens[at]) || tokens[at + 1]?.text.toLowerCase() !== 'in') return null;
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
  /,|;|:\s|\s[-–—]{1,2}\s|\s(?:and|but|which|because|so|while|whereas|when|if|unless|since|to avoid|without)\s/u;

/**
 * 'A central registry provides an easy place to look for packages.' → 'What does a central
 * registry provide?' / 'An easy place to look for packages'; 'Users may define their own key
 * bindings.' → 'What may users define?'. The subject must name something specific.
 */
export function objectQuestion(text: string, tokens: Token[], names: Names): Question | null {
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
    /^(?:allow|let|enable|permit|help|make|cause|require|want|need|tell|ask|get|seem|appear|become|try|attempt|consider|believe|think|find|deem|call|regard|expect)$/.test(
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
  // 'immunizations for diphtheria, cholera, …, and yellow fever': a list is not cut (issue 23).
  if (
    end &&
    /^[,:]/.test(end[0]) &&
    /^[,:]\s*[^,.;]{1,60}(?:,|\s(?:and|or)\s)/.test(rest.slice(end.index))
  ) {
    return null;
  }
  let object = (end ? rest.slice(0, end.index) : rest).trim();
  const adverb = /\s\p{L}+ly\b/u.exec(object);
  if (adverb) object = object.slice(0, adverb.index).trim();
  if (/\b(?:it|its|this|that|they|them|these|those)\b/i.test(object)) return null;
  // 'A different path', 'another way': says little without the sentence's rest.
  if (
    /^(?:(?:a|an|the)\s+)?(?:different|other|another|same|new|similar|certain|various|some|many|few|more|less|lot|way|thing|first|second|third|fourth|last|next)\b/i.test(
      object,
    )
  ) {
    return null;
  }
  const count = object.split(/\s+/).length;
  if (count < 2 || count > 14 || !balanced(object)) return null;
  // 'more control over': an object cut before its end.
  if (/\b(?:over|of|to|for|with|by|from|in|on|at|the|a|an|and|or)$/i.test(object)) return null;
  const base =
    auxiliary === 'does' || auxiliary === 'do' || auxiliary === 'did' ? verb.lemma : verb.text;
  return {
    form: 'object',
    term: subject.text,
    front: `What ${auxiliary} ${asSubject(subject.text, names)} ${base}?`,
    back: capitalise(object),
  };
}

const WHY_AUXILIARIES = /^(?:is|are|was|were|can|cannot|will|must|should|may|has|have)$/i;

/**
 * 'The heap is slower because the processor must follow a pointer.' → 'Why is the heap
 * slower?' / 'Because the processor must follow a pointer'; 'Magma rises because it is lighter
 * than the rock around it.' → 'Why does magma rise?'.
 */
export function whyQuestion(text: string, tokens: Token[], names: Names): Question | null {
  const at = text.indexOf(' because ');
  if (at < 0) return null;
  const subject = subjectOf(tokens);
  if (!subject || !isTermPhrase(subject.text)) return null;
  const verb = tokens[subject.end] as Token;
  const left = text.slice(0, at);
  const verbAt = left.indexOf(` ${verb.text}`, subject.text.length - 1);
  if (verbAt < 0) return null;
  const rest = left.slice(verbAt + verb.text.length + 1).trim();
  // '… a concern when action is required because …': the cause belongs to the 'when' clause.
  if (/\b(?:when|if|while|whenever|unless|once)\b/i.test(rest)) return null;
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
