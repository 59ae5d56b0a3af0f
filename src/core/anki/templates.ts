/**
 * Anki card templates (issue 12): a card's question and answer rendered from its note type's
 * templates, the way Anki shows them. Supported: `{{Field}}`, `{{FrontSide}}`, `{{Tags}}`,
 * `{{Deck}}`, `{{Subdeck}}`, `{{Type}}`, `{{Card}}`, sections `{{#Field}}…{{/Field}}` and
 * `{{^Field}}…{{/Field}}`, and the filters `cloze:`, `hint:`, `type:` (shown as text on the
 * answer), `text:`; unknown filters leave the value as it is. One pass over the template and
 * one over each field: linear time, no backtracking pattern.
 */
import { CLOZE_BLANK, clozeAnswerText, mapClozeSegments, parseCloze } from '../card-content/cloze';

/** What a card is rendered with. */
export interface TemplateContext {
  /** The note's fields by name. */
  fields: Record<string, string>;
  /** The card's ordinal (0-based): the template, or the cloze number minus one. */
  ord: number;
  /** Space-separated tags; deck name ('Parent::Child'); note type and template names. */
  tags?: string;
  deck?: string;
  noteType?: string;
  cardName?: string;
}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'field'; name: string; filters: string[] }
  | { kind: 'section'; name: string; inverted: boolean; children: Node[] };

/** Sections nested deeper than this are ignored. */
const MAX_DEPTH = 32;

/** Splits a template into text, field references and (nested) sections; never throws. */
export function parseTemplate(template: string): Node[] {
  const root: Node[] = [];
  const stack: { name: string; children: Node[] }[] = [{ name: '', children: root }];
  const top = () => stack[stack.length - 1]!.children;
  let pos = 0;
  while (pos < template.length) {
    const open = template.indexOf('{{', pos);
    const close = open < 0 ? -1 : template.indexOf('}}', open + 2);
    if (open < 0 || close < 0) {
      top().push({ kind: 'text', text: template.slice(pos) });
      break;
    }
    if (open > pos) top().push({ kind: 'text', text: template.slice(pos, open) });
    const tag = template.slice(open + 2, close).trim();
    pos = close + 2;
    const sigil = tag[0];
    if ((sigil === '#' || sigil === '^') && stack.length > MAX_DEPTH) {
      // Deeper sections than any real template has are dropped (keeps the scan linear).
    } else if (sigil === '#' || sigil === '^') {
      const children: Node[] = [];
      top().push({ kind: 'section', name: tag.slice(1).trim(), inverted: sigil === '^', children });
      stack.push({ name: tag.slice(1).trim(), children });
    } else if (sigil === '/') {
      // A closing tag closes its section (and any left open inside it); a stray one is dropped.
      const name = tag.slice(1).trim();
      const at = stack.findLastIndex((entry, index) => index > 0 && entry.name === name);
      if (at > 0) stack.length = at;
    } else if (sigil === '!' || tag === '') {
      // A comment or empty tag shows nothing.
    } else {
      const parts = tag.split(':');
      const name = parts.pop()!.trim();
      top().push({ kind: 'field', name, filters: parts.map((part) => part.trim()) });
    }
  }
  return root;
}

/** Anki's emptiness: nothing but whitespace, `&nbsp;` and tags such as `<br>` or `<div>`. */
export function isFieldEmpty(html: string): boolean {
  return stripHtml(html).trim() === '';
}

/** The text of HTML: tags removed, `&nbsp;` as a space, the common entities decoded. */
export function stripHtml(html: string): string {
  let out = '';
  let pos = 0;
  while (pos < html.length) {
    const lt = html.indexOf('<', pos);
    if (lt < 0) {
      out += html.slice(pos);
      break;
    }
    out += html.slice(pos, lt);
    const gt = html.indexOf('>', lt + 1);
    if (gt < 0) {
      out += html.slice(lt);
      break;
    }
    pos = gt + 1;
  }
  return out
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/**
 * The `cloze:` filter: the deletions numbered `number` hidden on the question (`[...]`, or
 * `[hint]`) and shown in bold on the answer; the other deletions show their answer.
 */
export function renderClozeField(text: string, number: number, side: 'question' | 'answer') {
  return mapClozeSegments(parseCloze(text).segments, number, {
    text: (piece) => piece,
    active: (deletion) => {
      if (side === 'answer') return `<b class="cloze">${clozeAnswerText(deletion)}</b>`;
      return deletion.hint === null ? CLOZE_BLANK : `[${deletion.hint}]`;
    },
  });
}

function special(name: string, context: TemplateContext): string | undefined {
  switch (name) {
    case 'Tags':
      return (context.tags ?? '').trim();
    case 'Deck':
      return context.deck ?? '';
    case 'Subdeck':
      return (context.deck ?? '').split('::').pop() ?? '';
    case 'Type':
      return context.noteType ?? '';
    case 'Card':
      return context.cardName ?? '';
    case 'CardFlag':
      return '';
    default:
      return undefined;
  }
}

function applyFilters(
  value: string,
  filters: string[],
  context: TemplateContext,
  side: 'question' | 'answer',
): string {
  let out = value;
  // Filters apply from the one nearest the field name outwards: `text:cloze:Text`.
  for (const filter of [...filters].reverse()) {
    if (filter === 'cloze') out = renderClozeField(out, context.ord + 1, side);
    else if (filter === 'text') out = stripHtml(out);
    else if (filter === 'type') out = side === 'question' ? '' : out;
    else if (filter === 'hint') out = isFieldEmpty(out) ? '' : out;
    // Unknown filters (furigana, tts, add-ons' own…) keep the value.
  }
  return out;
}

function renderNodes(
  nodes: Node[],
  context: TemplateContext,
  side: 'question' | 'answer',
  frontSide: string,
): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'field') {
      if (node.name === 'FrontSide' && node.filters.length === 0) {
        out += side === 'answer' ? frontSide : '';
        continue;
      }
      const value = context.fields[node.name] ?? special(node.name, context) ?? '';
      out += applyFilters(value, node.filters, context, side);
    } else {
      const value = context.fields[node.name] ?? special(node.name, context) ?? '';
      const present = /^c\d+$/.test(node.name)
        ? Number(node.name.slice(1)) === context.ord + 1
        : !isFieldEmpty(value);
      if (present !== node.inverted) out += renderNodes(node.children, context, side, frontSide);
    }
  }
  return out;
}

/** A card as Anki shows it: the question, the full answer, and the answer without the question. */
export interface RenderedCard {
  question: string;
  answer: string;
  /** The answer's own part: after `{{FrontSide}}` (and an `<hr id=answer>`) when it starts so. */
  back: string;
}

/** Renders one card from its template's question and answer formats. */
export function renderCard(qfmt: string, afmt: string, context: TemplateContext): RenderedCard {
  const question = renderNodes(parseTemplate(qfmt), context, 'question', '').trim();
  const answer = renderNodes(parseTemplate(afmt), context, 'answer', question).trim();
  const trimmed = afmt.trimStart();
  let back = answer;
  if (trimmed.startsWith('{{FrontSide}}')) {
    let rest = trimmed.slice('{{FrontSide}}'.length).trimStart();
    const hr = /^<hr\b[^>]{0,100}>/i.exec(rest);
    if (hr) rest = rest.slice(hr[0].length);
    back = renderNodes(parseTemplate(rest), context, 'answer', question).trim();
  }
  return { question, answer, back };
}

/** The field a cloze template asks (`{{cloze:Text}}` → 'Text'), or null. */
export function clozeFieldName(qfmt: string): string | null {
  const find = (nodes: Node[]): string | null => {
    for (const node of nodes) {
      if (node.kind === 'field' && node.filters.includes('cloze')) return node.name;
      if (node.kind === 'section') {
        const inner = find(node.children);
        if (inner) return inner;
      }
    }
    return null;
  };
  return find(parseTemplate(qfmt));
}
