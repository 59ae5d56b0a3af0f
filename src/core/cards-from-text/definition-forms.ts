import { countedList, listItems } from './counted-lists';
import { cutClause, LEANS, plural, usableAnswer, words } from './form-helpers';
import {
  asSubject,
  capitalise,
  lowerFirst,
  type Names,
  type Question,
  withoutStop,
} from './question-text';
import { names as namesTerm, termKey } from './signals';

/**
 * Questions from the forms textbooks define and enumerate in (issue 23): 'X is defined as …',
 * '… are called **X**', 'We call … X', 'When …, it is referred to as X', '**X**, a …' (an
 * appositive after a marked term), 'X (also known as Y)', and a list with a stated count
 * ('three basic steps: a, b, and c' → 'What are the three basic steps of hemostasis?', the
 * whole list as the answer). Each form checks its parse and gives nothing when it does not hold.
 */

/** 'Matter is defined as anything that occupies space and has mass, and it is …'. */
function definedAs(text: string, names: Names): Question | null {
  const match =
    /^((?:(?:The|A|An)\s+)?[\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,4}?)\s+(is|are)\s+defined\s+as\s+(.+)$/u.exec(
      text,
    );
  if (!match) return null;
  const [, subject = '', verb = '', rest = ''] = match;
  const body = cutClause(rest);
  if (LEANS.test(subject) || !usableAnswer(body, 2)) return null;
  return {
    form: 'definition',
    term: subject.replace(/^(?:The|A|An)\s+/, ''),
    front: `What ${verb} ${asSubject(subject, names)}?`,
    back: capitalise(body),
  };
}

/**
 * 'The belief in the uniformity of nature is the belief that …': a subject longer than five
 * words, defined by its own head noun.
 */
function longSubject(text: string): Question | null {
  const match =
    /^(The\s+(\p{L}+)\s+(?:in|of)\s+[^,]{5,80}?)\s+(is|are)\s+(the\s+(\p{L}+)\s+(?:that|which|by which|in which)\s.+)$/u.exec(
      text,
    );
  if (!match) return null;
  const [, subject = '', head = '', verb = '', body = '', bodyHead = ''] = match;
  if (head.toLowerCase() !== bodyHead.toLowerCase() || LEANS.test(subject)) return null;
  if (!usableAnswer(body, 4, 30)) return null;
  return {
    form: 'definition',
    term: subject.slice(4),
    front: `What ${verb} ${lowerFirst(subject)}?`,
    back: capitalise(body),
  };
}

/** '**An anticoagulant** is any substance that opposes coagulation.': a marked subject. */
function markedSubject(text: string, marked: string[], names: Names): Question | null {
  for (const term of marked) {
    const match = new RegExp(
      `^((?:The|A|An)\\s+)?(${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})\\s+(is|are)\\s+((?:any|a|an|the|one)\\s.+)$`,
      'iu',
    ).exec(text);
    if (!match) continue;
    const [, article = '', subject = '', verb = '', rest = ''] = match;
    const body = cutClause(rest);
    if (!usableAnswer(body, 3)) continue;
    return {
      form: 'definition',
      term: subject,
      front: `What ${verb} ${asSubject(`${article}${subject}`, names)}?`,
      back: capitalise(body),
    };
  }
  return null;
}

/** 'Pure substances that cannot be broken down … are called **elements**.' (a marked name). */
function calledMarked(text: string, marked: string[]): Question | null {
  const match =
    /^(.{3,160}?)\s+(is|are)\s+(?:called|known as|referred to as|termed|named)\s+(?:(?:a|an|the)\s+)?(.{2,60})$/u.exec(
      text,
    );
  if (!match) return null;
  const [, what = '', verb = '', name = ''] = match;
  if (!marked.includes(termKey(name)) || LEANS.test(what) || what.includes(',')) return null;
  if (/^(?:as|if|when|because|since|while|although|why|how|what|in|on|at)\b/i.test(what))
    return null;
  if (words(what) > 20) return null;
  return {
    form: 'called',
    term: name,
    front: `What ${verb} ${lowerFirst(what)} called?`,
    back: capitalise(name),
  };
}

/** 'We call goods that are nonexcludable and rivalrous common resources.' */
function weCall(text: string, marked: string[]): Question | null {
  const match = /^We\s+call\s+(.{5,140})$/u.exec(text);
  if (!match) return null;
  const rest = match[1] ?? '';
  const term = marked.find((candidate) =>
    new RegExp(`\\s(?:an?\\s|the\\s)?${candidate}$`, 'i').test(rest),
  );
  let name: string | undefined;
  let what: string;
  if (term) {
    name = rest.slice(rest.toLowerCase().lastIndexOf(term));
    what = rest
      .slice(0, rest.toLowerCase().lastIndexOf(term))
      .replace(/\s(?:an?|the)\s*$/i, '')
      .trim();
  } else {
    // Unmarked: the last two words when a coordinated adjective ends the description.
    const unmarked = /^(.+\s(?:and|or)\s+\p{L}+)\s+(\p{L}+\s+\p{L}+)$/u.exec(rest);
    if (!unmarked) return null;
    [, what = '', name = ''] = unmarked;
  }
  if (!name || LEANS.test(what) || words(what) < 2 || words(what) > 15) return null;
  return {
    form: 'called',
    term: name,
    front: `What ${plural(what.split(/\s+that\s|\s+which\s/)[0] ?? what) ? 'are' : 'is'} ${what} called?`,
    back: capitalise(name),
  };
}

/** 'When a portion of a thrombus breaks free …, it is referred to as an **embolus**.' */
function itIsCalledWhen(text: string): Question | null {
  const match =
    /^When\s+([^,]{10,160}),\s+it\s+is\s+(?:called|referred to as|termed|known as)\s+(?:(?:a|an|the)\s+)?([\p{L}][\p{L} -]{1,40})$/u.exec(
      text,
    );
  if (!match) return null;
  const [, clause = '', name = ''] = match;
  if (/\b(?:it|its|they|them|their|this|these|those)\b/i.test(clause)) return null;
  return {
    form: 'called',
    term: name,
    front: `What is it called when ${clause}?`,
    back: capitalise(name),
  };
}

/** '**heparin**, a short-acting anticoagulant that also opposes prothrombin' / ', which is …'. */
function appositive(text: string, marked: string[], names: Names): Question | null {
  for (const term of marked) {
    const lower = text.toLowerCase();
    const comma = lower.indexOf(`${term}, `);
    const dash = lower.search(
      new RegExp(`${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?[—–]\\s?`),
    );
    const at = comma >= 0 ? comma : dash;
    if (at < 0) continue;
    const tail = text.slice(at + term.length).replace(/^(?:,\s|\s?[—–]\s?)/, '');
    // 'civil liberties—freedoms of conscience, worship, and speech, …, among others'.
    const dashed =
      comma < 0
        ? /^([^—–;:()]{8,160}?)(?:,\s+among others)?(?:[—–]|$)/u.exec(withoutStop(tail))
        : null;
    const match =
      dashed ?? /^(?:which\s+(?:is|are)\s+)?((?:a|an|the|another)\s[^,;:()]{8,160})/u.exec(tail);
    if (!match) continue;
    const body = (match[1] ?? '')
      .trim()
      .replace(/^another\s/i, 'a ')
      .replace(/,\s+such as\b.*$/, '');
    if (
      !usableAnswer(body, 3, 22) ||
      /^(?:a|an|the)\s+(?:condition|process|way|thing)$/i.test(body)
    )
      continue;
    const subject = text.slice(at, at + term.length);
    // 'a formal **constitution**—…' → 'What is a constitution?' (the article the text gives).
    const determiner = /\b(a|an|the)\s+(?:[\p{L}-]+\s+){0,2}$/iu
      .exec(text.slice(0, at))?.[1]
      ?.toLowerCase();
    // 'the **magnitude**, the size or amount' → 'What is magnitude?': 'the' points at one of
    // the text's things, not at the term.
    const countable =
      determiner && determiner !== 'the' && !plural(subject) && /^\p{Ll}/u.test(subject);
    const named = countable ? `${/^[aeiou]/i.test(subject) ? 'an' : 'a'} ${subject}` : subject;
    return {
      form: 'definition',
      term: subject,
      front: `What ${plural(subject) ? 'are' : 'is'} ${asSubject(named, names)}?`,
      back: capitalise(body),
    };
  }
  return null;
}

/** 'The Society of Jesus, also known as the Jesuits, …' / 'X (also known as Y)'. */
function alias(text: string, marked: string[], names: Names): Question | null {
  const match =
    /(?:^|\s)((?:the\s+)?(?:\p{Lu}[\p{L}'’-]*|of|\*)(?:\s+(?:\p{Lu}[\p{L}'’-]*|of))*|\p{L}+\s+pathway|\p{L}+\s+\p{L}+)\s*(?:\(|,\s)also\s+(?:known as|called)\s+((?:the\s+)?[\p{L}'’ -]{2,50}?)(?:\)|,|\.$)/u.exec(
      text,
    );
  if (!match) return null;
  const [, name = '', other = ''] = match;
  const nameIsMarked = marked.some((term) => namesTerm(name, term));
  const named = /^(?:the\s+)?\p{Lu}/u.test(name) && !/^(?:The|A|An|In|On)$/u.test(name);
  if (!nameIsMarked && !named) return null;
  if (words(name) > 6 || words(other) > 6 || LEANS.test(other)) return null;
  return {
    form: 'called',
    term: name,
    // 'the Society of Jesus' is a name; 'extrinsic pathway' needs its article.
    front: /^(?:the\s+)?\p{Lu}/u.test(name)
      ? `What ${plural(name) ? 'are' : 'is'} ${asSubject(name.replace(/^the\s/, 'The '), names)} also known as?`
      : `What is another name for ${article(text, name)}${name}?`,
    back: capitalise(other),
  };
}

/** 'the' when the text gives the name one ('The quicker … extrinsic pathway'), else none. */
function article(text: string, name: string): string {
  if (/^the\s/i.test(name)) return '';
  const at = text.indexOf(name);
  return /\bthe\s+(?:[\p{L}-]+\s+){0,4}$/iu.test(text.slice(Math.max(0, at - 60), at))
    ? 'the '
    : '';
}

/** 'Human rights are **inalienable**: they cannot be denied, …' → what being inalienable means. */
function markedColon(text: string, marked: string[], names: Names): Question | null {
  const match =
    /^((?:(?:The|A|An)\s+)?[\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,3})\s+(is|are)\s+([\p{L}][\p{L} -]{1,40}):\s+(.+)$/u.exec(
      text,
    );
  if (!match) return null;
  const [, subject = '', verb = '', term = '', rest = ''] = match;
  if (!marked.includes(termKey(term)) || LEANS.test(subject)) return null;
  const pronoun = verb === 'are' ? /^they\s/i : /^it\s/i;
  // 'they cannot be denied …' → 'Cannot be denied …': the question names who.
  const body = rest.replace(pronoun, '').trim();
  if (!usableAnswer(body, 4, 25)) return null;
  return {
    form: 'definition',
    term,
    front: `What does it mean that ${asSubject(subject, names)} ${verb} ${term}?`,
    back: capitalise(body),
  };
}

/** A glossary entry whose term the document marks: 'osmosis: the diffusion of water …'. */
function glossaryEntry(text: string, marked: string[], glossary: boolean): Question | null {
  if (!glossary) return null;
  const match = /^([\p{L}][\p{L} '’-]{1,50}?)\s*(?::|\s[–—-]\s)\s*(.+)$/u.exec(text);
  if (!match) return null;
  const [, term = '', raw = ''] = match;
  // A kramdown definition list ends each entry with '^'.
  const body = raw.replace(/\s*\^$/, '').trim();
  if (!marked.includes(termKey(term)) || !usableAnswer(body, 3, 30)) return null;
  // A glossary gives no article: 'What is meant by absorption spectrum?'.
  return { form: 'glossary', term, front: `What is meant by ${term}?`, back: capitalise(body) };
}

/**
 * '**Antithrombin** inactivates factor X and opposes …' → 'What inactivates factor X and
 * opposes …?' / 'Antithrombin': a marked term as the subject of what it does.
 */
function markedAgent(text: string, marked: string[]): Question | null {
  for (const term of marked) {
    const match = new RegExp(
      `^((?:The|A|An)\\s+)?(${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})\\s+(\\p{Ll}{3,}(?:s|ed))\\s+(.+)$`,
      'iu',
    ).exec(text);
    if (!match) continue;
    const [, article = '', subject = '', verb = '', rest = ''] = match;
    if (/^(?:is|was|has|does|means|refers|describes|ness|less)$/i.test(verb) || /ss$/.test(verb))
      continue;
    // The clause, not what follows it ('…, except that it forms …').
    const clause =
      rest.split(/,\s+(?:except|but|although|while|whereas|which)\b|;\s/)[0]?.trim() ?? '';
    if (!usableAnswer(clause, 3, 22)) continue;
    return {
      form: 'object',
      term: subject,
      front: `What ${verb} ${clause}?`,
      back: capitalise(`${article}${subject}`),
    };
  }
  return null;
}

export { listItems };

/** The questions a sentence's definition forms and marked terms support, best first. */
export function signalQuestions(
  text: string,
  marked: string[],
  names: Names = new Set(),
  glossary = false,
): Question[] {
  const sentence = withoutStop(text);
  const found = [
    countedList(text, names),
    definedAs(sentence, names),
    longSubject(sentence),
    markedSubject(sentence, marked, names),
    calledMarked(sentence, marked),
    weCall(sentence, marked),
    itIsCalledWhen(sentence),
    appositive(sentence, marked, names),
    alias(sentence, marked, names),
    markedColon(sentence, marked, names),
    glossaryEntry(sentence, marked, glossary),
    markedAgent(sentence, marked),
  ];
  return found.filter((question): question is Question => question !== null);
}
