import MarkdownIt from 'markdown-it';
import type { MarkdownIt as MarkdownItInstance, StateInline } from 'markdown-it';
import { matchMath, type ScanMemo } from '../card-content/syntax-scan';

/**
 * Mnemo card content as an Anki field: Markdown rendered to HTML (raw HTML escaped, as Mnemo
 * shows it), TeX math as MathJax's `\(…\)` and `\[…\]` (Anki renders those), cloze markers
 * `{{c1::…}}` left as written (the syntax is Anki's). A single paragraph is unwrapped, as Anki's
 * editor writes fields. Linear time: math is found by the same scanner as the card renderer.
 */
export function ankiFieldHtml(content: string): string {
  const html = fieldMarkdown().render(content.replace(/\r\n?/g, '\n')).trim();
  const single = /^<p>([\s\S]*)<\/p>$/.exec(html);
  return single && !single[1]?.includes('<p>') ? (single[1] ?? '') : html;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const memos = new WeakMap<StateInline, ScanMemo>();

function mathRule(state: StateInline, silent: boolean): boolean {
  const ch = state.src[state.pos];
  if (ch !== '$' && ch !== '\\') return false;
  let memo = memos.get(state);
  if (!memo) memos.set(state, (memo = new Map()));
  const match = matchMath(state.src, state.pos, state.posMax, memo);
  if (!match) return false;
  if (!silent) {
    const token = state.push('anki_math', 'math', 0);
    token.content = match.content;
    token.meta = { display: match.display };
  }
  state.pos = match.end;
  return true;
}

let instance: MarkdownItInstance | null = null;

function fieldMarkdown(): MarkdownItInstance {
  if (instance) return instance;
  const md = new MarkdownIt({ html: false, linkify: false, breaks: true, typographer: false });
  md.inline.ruler.before('escape', 'anki_math', mathRule);
  md.renderer.rules.anki_math = (tokens, index) => {
    const token = tokens[index];
    const tex = escapeHtml(token?.content ?? '');
    return token?.meta?.display ? `\\[${tex}\\]` : `\\(${tex}\\)`;
  };
  instance = md;
  return md;
}
