import MarkdownIt from 'markdown-it';
import type { MarkdownIt as MarkdownItInstance, StateInline } from 'markdown-it';
import { stripControlCharacters } from '../card-content/control-characters';
import { AUDIO_EXTENSIONS, isMediaName, MEDIA_SCHEME } from '../card-content/media';
import { inlineHtmlPlugin } from '../card-content/inline-html';
import { matchMath, type ScanMemo } from '../card-content/syntax-scan';

/**
 * Mnemo card content as an Anki field: Markdown rendered to HTML (raw HTML escaped, as Mnemo
 * shows it), TeX math as MathJax's `\(…\)` and `\[…\]` (Anki's own maths syntax, which every Anki
 * renders; its `[$]…[/$]` would need LaTeX installed, or pictures we cannot make), cloze markers
 * `{{c1::…}}` left as written (the syntax is Anki's). A single paragraph is unwrapped, as Anki's
 * editor writes fields. A stored media file (`![](mnemo-media:<name>)`) becomes Anki's own reference
 * to a file of the package's media: `<img src="<name>">`, or `[sound:<name>]` for audio, under the
 * file's name in the package (`packageName`: its original name, media-names.ts). Linear time: math is found by the same scanner as the card renderer.
 */
export function ankiFieldHtml(
  content: string,
  packageName: (stored: string) => string = (stored) => stored,
): string {
  const env: FieldEnv = { packageName };
  const html = fieldMarkdown().render(stripControlCharacters(content), env).trim();
  const single = /^<p>([\s\S]*)<\/p>$/.exec(html);
  return single && !single[1]?.includes('<p>') ? (single[1] ?? '') : html;
}

/** The name a stored media file has in the package (media-names.ts), handed to the renderer. */
type FieldEnv = { packageName: (stored: string) => string };

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
const AUDIO = new Set<string>(AUDIO_EXTENSIONS);

const MEDIA_REFERENCE = /mnemo-media:([0-9a-f]{64}\.[a-z0-9]{3,4})/g;

/** The stored media files card content refers to (`mnemo-media:<name>`), once each. */
export function mediaNamesIn(content: string): string[] {
  const names = new Set<string>();
  for (const match of content.matchAll(MEDIA_REFERENCE)) {
    if (isMediaName(match[1] ?? '')) names.add(match[1]!);
  }
  return [...names];
}

function fieldMarkdown(): MarkdownItInstance {
  if (instance) return instance;
  const md = new MarkdownIt({ html: false, linkify: false, breaks: true, typographer: false });
  md.inline.ruler.before('escape', 'anki_math', mathRule);
  inlineHtmlPlugin(md);
  md.renderer.rules.anki_math = (tokens, index) => {
    const token = tokens[index];
    const tex = escapeHtml(token?.content ?? '');
    return token?.meta?.display ? `\\[${tex}\\]` : `\\(${tex}\\)`;
  };
  const image = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, index, options, env, self) => {
    const src = String(tokens[index]?.attrGet('src') ?? '');
    const name = src.startsWith(MEDIA_SCHEME) ? src.slice(MEDIA_SCHEME.length) : '';
    if (!isMediaName(name)) return image(tokens, index, options, env, self);
    const ext = name.slice(name.lastIndexOf('.') + 1);
    // Anki decodes entities in media references (rslib/src/text.rs): `&` is written `&amp;`.
    const packageName = escapeHtml((env as FieldEnv | undefined)?.packageName(name) ?? name);
    return AUDIO.has(ext) ? `[sound:${packageName}]` : `<img src="${packageName}">`;
  };
  instance = md;
  return md;
}
