import type { MarkdownIt, StateInline } from 'markdown-it';

/**
 * `<sub>…</sub>` and `<sup>…</sup>` in card content (H<sub>2</sub>O, x<sup>2</sup>), the one raw
 * HTML the renderer keeps (issue 20 item 4: Anki cards use them, Markdown has no syntax for them).
 * Only the bare tags, lower or upper case, without attributes, and only as a pair closed within
 * the same inline run: the content between is Markdown, the tags are the renderer's own tokens,
 * so nothing else of the text can become HTML. An unpaired tag stays text, escaped. Linear time:
 * the closing tags of a run are found once.
 */
type Tag = 'sub' | 'sup';

/** Per inline run: the positions of `</sub>` and `</sup>` in its source, ascending. */
const closers = new WeakMap<StateInline, Record<Tag, number[]>>();

function closersOf(state: StateInline): Record<Tag, number[]> {
  let found = closers.get(state);
  if (found) return found;
  found = { sub: [], sup: [] };
  for (const match of state.src.matchAll(/<\/(su[bp])>/gi)) {
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

function subSupRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3c /* < */) return false;
  const open = /^<(su[bp])>/i.exec(state.src.slice(state.pos, state.pos + 5));
  if (!open) return false;
  const tag = open[1]!.toLowerCase() as Tag;
  const start = state.pos + open[0].length;
  const close = firstFrom(closersOf(state)[tag], start);
  if (close <= start || close + tag.length + 3 > state.posMax) return false;
  if (!silent) {
    const max = state.posMax;
    state.push(`${tag}_open`, tag, 1);
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
export function subSupPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('autolink', 'sub_sup', subSupRule);
}
