import type { MarkdownIt, StateInline } from 'markdown-it';

/**
 * The few raw HTML tags the card renderer keeps (issue 20 item 4: Anki cards use them, Markdown
 * has no syntax for them): `<sub>…</sub>` and `<sup>…</sup>` (H<sub>2</sub>O, x<sup>2</sup>),
 * `<u>…</u>` (underline) and `<span style="color:#e66100">…</span>` (a text colour: a hex colour
 * or a colour name, nothing else). Only these exact forms, lower or upper case tag names, and
 * only as a pair closed within the same inline run: the content between is Markdown, the tags
 * are the renderer's own tokens (the colour re-written from the checked value), so nothing else
 * of the text can become HTML. An unpaired tag stays text, escaped. Linear time: the closing
 * tags of a run are found once.
 */
type Tag = 'sub' | 'sup' | 'u' | 'span';

/** A colour the renderer writes back: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or a name. */
export const SAFE_COLOUR = /^(#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|[a-z]{3,20})$/i;

const OPENER = /^<(?:(su[bp]|u)|(span) style="color:([#a-z0-9]{3,20})")>/i;

/** The opening tag of a colour span, as card content writes it. */
export const colourSpan = (colour: string) => `<span style="color:${colour}">`;

/** Per inline run: the positions of each closing tag in its source, ascending. */
const closers = new WeakMap<StateInline, Record<Tag, number[]>>();

function closersOf(state: StateInline): Record<Tag, number[]> {
  let found = closers.get(state);
  if (found) return found;
  found = { sub: [], sup: [], u: [], span: [] };
  for (const match of state.src.matchAll(/<\/(su[bp]|u|span)>/gi)) {
    found[match[1]!.toLowerCase() as Tag].push(match.index);
  }
  closers.set(state, found);
  return found;
}

/** The first position in `sorted` at or after `from` (binary search), or -1. */
function firstFrom(sorted: number[], from: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < from) low = mid + 1;
    else high = mid;
  }
  return low < sorted.length ? sorted[low]! : -1;
}

function inlineHtmlRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3c /* < */) return false;
  const open = OPENER.exec(state.src.slice(state.pos, state.pos + 40));
  if (!open) return false;
  const colour = open[3] ?? null;
  if (colour !== null && !SAFE_COLOUR.test(colour)) return false;
  const tag = (open[1] ?? open[2]!).toLowerCase() as Tag;
  const start = state.pos + open[0].length;
  const close = firstFrom(closersOf(state)[tag], start);
  if (close <= start || close + tag.length + 3 > state.posMax) return false;
  if (!silent) {
    const max = state.posMax;
    const token = state.push(`${tag}_open`, tag, 1);
    if (colour !== null) token.attrSet('style', `color:${colour.toLowerCase()}`);
    state.pos = start;
    state.posMax = close;
    state.md.inline.tokenize(state);
    state.push(`${tag}_close`, tag, -1);
    state.posMax = max;
  }
  state.pos = close + tag.length + 3;
  return true;
}

/** Adds the rule to a markdown-it instance (the card renderer's, the Anki export's). */
export function inlineHtmlPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('autolink', 'inline_html_tags', inlineHtmlRule);
}
