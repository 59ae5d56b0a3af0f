import { LEANS, words } from './form-helpers';
import {
  asSubject,
  capitalise,
  lowerFirst,
  type Names,
  type Question,
  withoutStop,
} from './question-text';

/**
 * Lists with a stated count (issue 23): 'Hemostasis involves three basic steps: vascular spasm,
 * the formation of a platelet plug, and coagulation' → 'What are the three basic steps of
 * hemostasis?' with the whole list as the answer. The items must match the stated count.
 */

const COUNTS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

/** The items of a stated-count list: 'a, b, and c' (each item ends before the next comma). */
export function listItems(list: string): string[] | null {
  const last = /^(.*?),?\s+(?:and|or)\s+([^,;]+)/u.exec(list);
  if (!last) return null;
  const items = [...(last[1] ?? '').split(/,\s+/), last[2] ?? ''].map((item) => item.trim());
  return items.every((item) => item.length > 0 && words(item) <= 8) ? items : null;
}

/** 'Hemostasis involves three basic steps: a, b, and c, in which …' → the whole list. */
export function countedList(text: string, names: Names): Question | null {
  const sentence = withoutStop(text).replace(
    /^(?:Instead|However|Thus|Therefore|In short|In general),\s+/,
    '',
  );
  const divided =
    /^(?:We|You|One)\s+can\s+(divide|classify|group|sort|separate|split)\s+(.{3,60}?)\s+into\s+(two|three|four|five|six|seven|eight|nine|ten)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+):\s+(.+)$/u.exec(
      sentence,
    );
  const has =
    /^(.{3,80}?)\s+(has|have|involves|involve|includes|include|consists of|consist of|requires|require|comprises|comprise)\s+(two|three|four|five|six|seven|eight|nine|ten)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+):\s+(.+)$/u.exec(
      sentence,
    );
  const match = divided ?? has;
  if (!match) return null;
  const [, first = '', second = '', count = '', kind = '', rawList = ''] = match;
  const list = rawList.replace(/^(?:they|it)\s+(?:are|is)\s+/i, '');
  const items = listItems(list);
  if (!items || items.length !== COUNTS[count] || LEANS.test(items.join(' '))) return null;
  const answer = capitalise(
    `${items.slice(0, -1).join(', ')}${items.length > 2 ? ',' : ''} and ${items[items.length - 1]}`,
  );
  if (divided) {
    const participle =
      {
        divide: 'divided',
        classify: 'classified',
        group: 'grouped',
        sort: 'sorted',
        separate: 'separated',
        split: 'split',
      }[first] ?? first;
    return {
      form: 'list',
      term: second,
      front: `Into what ${count} ${kind} can ${lowerFirst(second)} be ${participle}?`,
      back: answer,
    };
  }
  if (LEANS.test(first) || words(first) > 8) return null;
  return {
    form: 'list',
    term: first,
    front: `What are the ${count} ${kind} of ${asSubject(first, names)}?`,
    back: answer,
  };
}
