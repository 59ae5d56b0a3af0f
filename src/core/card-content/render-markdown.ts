/**
 * Card content to sanitised HTML: markdown (markdown-it, raw HTML escaped), math (KaTeX) and
 * cloze blanks. Nothing remote is ever loaded and no script can be produced: images become link
 * text, links are limited to http(s) and mailto, KaTeX runs untrusted, and a final check refuses
 * any output with a dangerous tag or attribute.
 *
 * KaTeX is not imported here: the caller passes it (./render.ts does, for the server and tests),
 * so the browser loads it only for cards that hold maths (src/web/components/card-content).
 */
import type katex from 'katex';
import MarkdownIt from 'markdown-it';
import type {
  Env,
  MarkdownIt as MarkdownItInstance,
  StateBlock,
  StateCore,
  StateInline,
  Token,
} from 'markdown-it';
import {
  CLOZE_BLANK,
  clozeAnswerText,
  clozeFullText,
  holdsActiveDeletion,
  parseCloze,
  type ClozeSegment,
} from './cloze';
import { isAllowedMediaTag, renderMediaImage } from './media';
import { matchMath, type ScanMemo } from './syntax-scan';
import { inlineHtmlPlugin } from './inline-html';

/** Options of {@link renderCardHtml}. */
export interface RenderCardOptions {
  /**
   * Render cloze deletions for this side of the card. Without it `{{c1::…}}` is ordinary text
   * (use it for question-and-answer cards).
   */
  cloze?: 'front' | 'back';
  /** The cloze number being studied; when omitted every deletion is active. */
  activeNumber?: number;
}

/** `rel` of every link in rendered card content. */
export const LINK_REL = 'noopener noreferrer nofollow';

const KATEX_OPTIONS = {
  throwOnError: false,
  trust: false,
  strict: 'ignore',
  output: 'htmlAndMathml',
  // Untrusted input: bound sizes (no page-covering boxes) and macro expansion.
  maxSize: 10,
  maxExpand: 1000,
} as const;

// Cloze deletions are swapped for private-use placeholders before markdown runs, then rendered as
// `cloze` tokens. User text cannot forge a placeholder: these characters are removed from input.
const PH_OPEN = '\uE000';
const PH_CLOSE = '\uE001';
const PH_DIGIT_ZERO = 0xe010;
const PH_ANY = /[\uE000-\uE01F]/g;
const PH_TOKEN = /\uE000([\uE010-\uE01F]+)\uE001/g;
const CLOZE_ENV = 'mnemoClozeHtml';

interface ClozeRendering {
  /** Rendered HTML, substituted for the `cloze` token. */
  html: string;
  /** Plain text, used where a placeholder ends up outside text (code, attributes). */
  text: string;
}

function placeholder(index: number): string {
  const digits = [...index.toString(16)].map((d) =>
    String.fromCharCode(PH_DIGIT_ZERO + parseInt(d, 16)),
  );
  return PH_OPEN + digits.join('') + PH_CLOSE;
}

function placeholderIndex(digits: string): number {
  let value = 0;
  for (const ch of digits) value = value * 16 + (ch.charCodeAt(0) - PH_DIGIT_ZERO);
  return value;
}

/** Escapes text for HTML text and quoted attribute values. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Line endings as markdown sees them, and no placeholder characters from the user. */
function normaliseInput(content: unknown): string {
  if (typeof content !== 'string') return '';
  return content.replace(/\r\n?/g, '\n').replace(PH_ANY, '\uFFFD');
}

/** What renders TeX to HTML: KaTeX's renderToString. */
export type MathEngine = Pick<typeof katex, 'renderToString'>;

const MATH_ENV = 'mnemoMath';
interface MathUse {
  engine: MathEngine | null;
  /** Set when the content held maths (whether or not an engine was there to render it). */
  used: boolean;
}

function renderMath(env: Env | undefined, tex: string, displayMode: boolean): string {
  const use = env?.[MATH_ENV] as MathUse | undefined;
  if (use) use.used = true;
  // No engine yet (the browser is loading KaTeX): the TeX source, as text, until it comes.
  if (!use?.engine) return `<span class="math-pending">${escapeHtml(tex)}</span>`;
  try {
    return use.engine.renderToString(tex, { ...KATEX_OPTIONS, displayMode });
  } catch {
    // throwOnError: false covers parse errors; anything else still degrades to escaped source.
    return `<span class="math-error">${escapeHtml(tex)}</span>`;
  }
}

function isAllowedLink(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href.trim());
}

function isAllowedImageLink(src: string): boolean {
  return /^https?:\/\//i.test(src.trim());
}

// ---------------------------------------------------------------------------------------------
// markdown-it rules

/** Scan memos per inline state and end bound (link labels are scanned with a smaller bound). */
const inlineMemos = new WeakMap<StateInline, Map<number, ScanMemo>>();

function memoFor(state: StateInline): ScanMemo {
  let byMax = inlineMemos.get(state);
  if (!byMax) inlineMemos.set(state, (byMax = new Map()));
  let memo = byMax.get(state.posMax);
  if (!memo) byMax.set(state.posMax, (memo = new Map()));
  return memo;
}

function mathInlineRule(state: StateInline, silent: boolean): boolean {
  const ch = state.src[state.pos];
  if (ch !== '$' && ch !== '\\') return false;
  const match = matchMath(state.src, state.pos, state.posMax, memoFor(state));
  if (!match) return false;
  if (!silent) {
    const token = state.push(match.display ? 'math_inline_display' : 'math_inline', 'math', 0);
    token.content = match.content;
  }
  state.pos = match.end;
  return true;
}

/** Index of `close` in `line`, skipping TeX escapes; -1 when absent. */
function closerIndex(line: string, from: number, close: string): number {
  let i = from;
  while (i < line.length) {
    if (line.startsWith(close, i)) return i;
    i += line[i] === '\\' ? 2 : 1;
  }
  return -1;
}

/** A display-math block: a line starting with `$$` (or `\[`) up to a line ending with `$$` (`\]`). */
function mathBlockRule(
  state: StateBlock,
  startLine: number,
  endLine: number,
  silent: boolean,
): boolean {
  if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
  const lineText = (line: number): string =>
    state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]);
  const first = lineText(startLine);
  const open = first.startsWith('$$') ? '$$' : first.startsWith('\\[') ? '\\[' : null;
  if (open === null) return false;
  const close = open === '$$' ? '$$' : '\\]';
  let line = startLine;
  let text = first;
  let from = 2;
  let content = '';
  for (;;) {
    const at = closerIndex(text, from, close);
    if (at >= 0) {
      if (text.slice(at + 2).trim() !== '') return false;
      content += text.slice(from, at);
      break;
    }
    content += text.slice(from) + '\n';
    line++;
    if (line >= endLine || state.isEmpty(line)) return false;
    if ((state.sCount[line] ?? 0) < state.blkIndent) return false;
    text = lineText(line);
    from = 0;
  }
  if (content.trim() === '') return false;
  if (silent) return true;
  state.line = line + 1;
  const token = state.push('math_block', 'div', 0);
  token.block = true;
  token.content = content;
  token.markup = open;
  token.map = [startLine, state.line];
  return true;
}

/** Splits text tokens at cloze placeholders into `cloze` tokens. */
function clozeCoreRule(state: StateCore): void {
  for (const blockToken of state.tokens) {
    const children = blockToken.children;
    if (blockToken.type !== 'inline' || !children) continue;
    if (!children.some((t) => t.type === 'text' && t.content.includes(PH_OPEN))) continue;
    const next: Token[] = [];
    for (const child of children) {
      if (child.type !== 'text' || !child.content.includes(PH_OPEN)) {
        next.push(child);
        continue;
      }
      let last = 0;
      for (const match of child.content.matchAll(PH_TOKEN)) {
        if (match.index > last) {
          const text = new state.Token('text', '', 0);
          text.content = child.content.slice(last, match.index);
          next.push(text);
        }
        const cloze = new state.Token('cloze', '', 0);
        cloze.meta = { index: placeholderIndex(match[1] ?? '') };
        next.push(cloze);
        last = match.index + match[0].length;
      }
      if (last < child.content.length) {
        const text = new state.Token('text', '', 0);
        text.content = child.content.slice(last);
        next.push(text);
      }
    }
    blockToken.children = next;
  }
}

/** Marks links whose scheme is not allowed (rendered as their text only) and images in links. */
function linkCoreRule(state: StateCore): void {
  for (const blockToken of state.tokens) {
    if (blockToken.type !== 'inline' || !blockToken.children) continue;
    const open: boolean[] = [];
    for (const token of blockToken.children) {
      if (token.type === 'link_open') {
        const allowed = isAllowedLink(String(token.attrGet('href') ?? ''));
        open.push(allowed);
        token.meta = { ...token.meta, blocked: !allowed };
      } else if (token.type === 'link_close') {
        const allowed = open.pop() ?? false;
        token.meta = { ...token.meta, blocked: !allowed };
      } else if (token.type === 'image') {
        token.meta = { ...token.meta, insideLink: open.length > 0 };
      }
    }
  }
}

/** Readable text of a token stream (used for image alt text and {@link plainTextOf}). */
function textOfTokens(tokens: readonly Token[], out: string[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'inline':
      case 'image':
        textOfTokens(token.children ?? [], out);
        break;
      case 'text':
      case 'code_inline':
      case 'math_inline':
      case 'math_inline_display':
        out.push(token.content);
        break;
      case 'code_block':
      case 'fence':
      case 'math_block':
        out.push(' ', token.content, ' ');
        break;
      case 'softbreak':
      case 'hardbreak':
        out.push(' ');
        break;
      default:
        if (token.block) out.push(' ');
    }
  }
}

function createMarkdown(): MarkdownItInstance {
  const md = new MarkdownIt({ html: false, linkify: false, breaks: true, typographer: false });
  // Every link is parsed; linkCoreRule then decides, so a refused link still shows its text.
  md.validateLink = () => true;
  md.inline.ruler.before('escape', 'math_inline', mathInlineRule);
  md.block.ruler.before('fence', 'math_block', mathBlockRule, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  inlineHtmlPlugin(md);
  md.core.ruler.push('mnemo_cloze', clozeCoreRule);
  md.core.ruler.push('mnemo_links', linkCoreRule);

  const rules = md.renderer.rules;
  rules.math_inline = (tokens, idx, _options, env) =>
    renderMath(env, tokens[idx]?.content ?? '', false);
  rules.math_inline_display = (tokens, idx, _options, env) =>
    renderMath(env, tokens[idx]?.content ?? '', true);
  rules.math_block = (tokens, idx, _options, env) =>
    `<div class="math-block">${renderMath(env, tokens[idx]?.content ?? '', true)}</div>\n`;
  rules.cloze = (tokens, idx, _options, env) => {
    const index = Number(tokens[idx]?.meta?.index);
    const table = env?.[CLOZE_ENV];
    return Array.isArray(table) && typeof table[index] === 'string' ? table[index] : '';
  };
  rules.link_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx];
    if (!token || token.meta?.blocked !== false) return '';
    token.attrSet('target', '_blank');
    token.attrSet('rel', LINK_REL);
    return self.renderToken(tokens, idx, options);
  };
  rules.link_close = (tokens, idx, options, _env, self) =>
    tokens[idx]?.meta?.blocked === false ? self.renderToken(tokens, idx, options) : '';
  rules.image = (tokens, idx) => {
    const token = tokens[idx];
    if (!token) return '';
    const parts: string[] = [];
    textOfTokens(token.children ?? [], parts);
    const alt = escapeHtml(parts.join('').replace(/\s+/g, ' ').trim());
    const src = String(token.attrGet('src') ?? '');
    const media = token.meta?.insideLink === true ? null : renderMediaImage(src, alt);
    if (media !== null) return media;
    if (token.meta?.insideLink === true || !isAllowedImageLink(src)) return alt;
    // Never an <img>: a remote image would leak the reader's address. Offer a link instead.
    return `<a href="${escapeHtml(src)}" target="_blank" rel="${LINK_REL}">${alt || 'image'}</a>`;
  };
  return md;
}

let markdown: MarkdownItInstance | null = null;
const md = (): MarkdownItInstance => (markdown ??= createMarkdown());

// ---------------------------------------------------------------------------------------------
// Final check

const FORBIDDEN_TAGS = new Set([
  'script',
  'img',
  'image',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'style',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'template',
  'noscript',
  'foreignobject',
  'use',
]);
const URL_ATTRIBUTES = new Set([
  'src',
  'srcset',
  'action',
  'formaction',
  'xlink:href',
  'background',
  'poster',
  'data',
  'dynsrc',
  'lowsrc',
  'ping',
  'codebase',
  'cite',
]);
const TAG =
  /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * Checks rendered card HTML for anything able to run script or load remote content: tags such as
 * `<script>`, `<img>`, `<iframe>`, `<object>`, `<embed>`; `on…=` event attributes; URL attributes
 * (`src`, `srcset`, …); links other than http(s)/mailto; `url(`/`expression(` in styles; and any
 * `<` that does not start a well-formed tag.
 *
 * @param html HTML produced by {@link renderCardHtml}.
 * @returns A short reason, or null when the HTML is acceptable.
 */
export function findUnsafeHtml(html: string): string | null {
  let tags = 0;
  for (const tag of html.matchAll(TAG)) {
    tags++;
    const name = (tag[2] ?? '').toLowerCase();
    if (isAllowedMediaTag(tag[1] === '/', name, tag[3] ?? '')) continue;
    if (FORBIDDEN_TAGS.has(name)) return `forbidden tag <${name}>`;
    for (const attribute of (tag[3] ?? '').matchAll(ATTRIBUTE)) {
      const attrName = (attribute[1] ?? '').toLowerCase();
      const raw = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      // Control characters and spaces are ignored by browsers inside URL schemes.
      // eslint-disable-next-line no-control-regex
      const value = decodeEntities(raw).replace(/[\u0000-\u0020]/g, '');
      if (attrName.startsWith('on')) return `event attribute ${attrName}`;
      if (URL_ATTRIBUTES.has(attrName)) return `URL attribute ${attrName}`;
      if (attrName === 'href' && !isAllowedLink(value)) return 'link scheme';
      if (attrName === 'style' && /url\(|expression\(|javascript:|@import|behavior/i.test(value))
        return 'style';
    }
  }
  const opens = html.split('<').length - 1;
  if (opens !== tags) return 'malformed tag';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Public API

function renderDeletion(
  segment: Extract<ClozeSegment, { kind: 'cloze' }>,
  side: 'front' | 'back',
  activeNumber: number | undefined,
  use: MathUse,
): ClozeRendering {
  const active = activeNumber === undefined || segment.number === activeNumber;
  const inline = (text: string): string => md().renderInline(text, { [MATH_ENV]: use });
  const answer = clozeAnswerText(segment);
  if (!active && segment.nested && holdsActiveDeletion(segment, activeNumber)) {
    // Anki's nested deletions: the outer text shows, the active one inside it is hidden.
    const pieces = segment.nested.map((part) =>
      part.kind === 'text'
        ? { html: inline(part.text), text: part.text }
        : renderDeletion(part, side, activeNumber, use),
    );
    return {
      html: pieces.map((piece) => piece.html).join(''),
      text: pieces.map((piece) => piece.text).join(''),
    };
  }
  if (!active) return { html: inline(answer), text: answer };
  if (side === 'back') {
    return { html: `<mark class="cloze-answer">${inline(answer)}</mark>`, text: answer };
  }
  if (segment.hint === null) {
    return { html: `<span class="cloze-blank">${CLOZE_BLANK}</span>`, text: CLOZE_BLANK };
  }
  return {
    html: `<span class="cloze-blank">[${inline(segment.hint)}]</span>`,
    text: `[${segment.hint}]`,
  };
}

/** `javascript:` only survives as prose (e.g. a card about URLs); keep even that literal out. */
const defuseJavascript = (html: string): string =>
  html.replace(/javascript:/gi, (found) => `${found.slice(0, -1)}&#58;`);

/**
 * Renders card content (a front or a back) to sanitised HTML.
 *
 * Markdown (emphasis, lists, code, links, tables) with raw HTML escaped; `$…$` / `\(…\)` inline and
 * `$$…$$` / `\[…\]` display math through KaTeX; for cloze cards, active deletions become
 * `<span class="cloze-blank">[...]</span>` (or `[hint]`) on the front and
 * `<mark class="cloze-answer">answer</mark>` on the back. Images are never embedded, links open in
 * a new tab with `rel="noopener noreferrer nofollow"` and only for http(s) and mailto.
 *
 * @param math KaTeX; null leaves maths as its TeX source (`usesMath` then says to load it).
 * @param content Markdown card content, possibly with cloze deletions.
 * @param options Which cloze side to render and the active cloze number.
 * @returns HTML safe to insert into the page, and whether the content held maths.
 */
export function renderCardWith(
  math: MathEngine | null,
  content: string,
  options: RenderCardOptions = {},
): { html: string; usesMath: boolean } {
  const source = normaliseInput(content);
  const use: MathUse = { engine: math, used: false };
  const deletions: ClozeRendering[] = [];
  let text = source;
  if (options.cloze === 'front' || options.cloze === 'back') {
    const side = options.cloze;
    text = parseCloze(source)
      .segments.map((segment) => {
        if (segment.kind === 'text') return segment.text;
        deletions.push(renderDeletion(segment, side, options.activeNumber, use));
        return placeholder(deletions.length - 1);
      })
      .join('');
  }
  const env: Env = { [CLOZE_ENV]: deletions.map((deletion) => deletion.html), [MATH_ENV]: use };
  let html = md().render(text, env);
  // A placeholder outside text (inside code, a link title, an image) becomes its plain text.
  html = html.replace(PH_TOKEN, (_, digits: string) =>
    escapeHtml(deletions[placeholderIndex(digits)]?.text ?? ''),
  );
  html = defuseJavascript(html.replace(PH_ANY, ''));
  if (findUnsafeHtml(html) === null) return { html, usesMath: use.used };
  // Unreachable by construction; if it ever happens, fall back to escaped text.
  return {
    html: defuseJavascript(`<p>${escapeHtml(source).replace(/\n/g, '<br>\n')}</p>\n`),
    usesMath: use.used,
  };
}

/**
 * Readable plain text of card content, for search snippets and aria labels: markdown and cloze
 * markup removed (deletions show their answers, math its TeX source), whitespace collapsed.
 * The result is text, not HTML: escape it before inserting it into markup.
 *
 * @param content Markdown card content, possibly with cloze deletions.
 */
export function plainTextOf(content: string): string {
  const source = clozeFullText(normaliseInput(content));
  const parts: string[] = [];
  textOfTokens(md().parse(source, {}), parts);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
