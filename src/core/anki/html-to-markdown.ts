import { colourSpan } from '../card-content/inline-html';
import { markdownTable } from './html-table';
import { attribute, decodeEntities, escapeMarkdown, safeColour, styleProperty } from './html-text';

/**
 * Anki fields are HTML; Mnemo's card content is Markdown (raw HTML is escaped by the renderer).
 * This turns the HTML Anki's editor writes into Markdown that renders the same: bold, italic,
 * strikethrough, line breaks and blocks, lists, links, images (as Markdown images), code (with
 * its language), headings, quotes and tables (html-table.ts); underline, `<sub>`/`<sup>` and
 * colours (`<span style="color">`, `<font color>`) as the tags the card renderer keeps
 * (core/card-content/inline-html.ts). Scripts and styles are dropped with their content, other
 * tags keep only their text. One pass, linear time. MathJax `\(…\)` / `\[…\]` and cloze `{{c1::…}}`
 * pass through untouched (Mnemo renders both).
 */

/** Parentheses and spaces would end a Markdown link or image target. */
const percent = (char: string) =>
  `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

const BLOCKS = new Set(['div', 'section', 'article', 'center']);

/** `<pre>` code as a fenced block: its line breaks kept (`<br>` too), other tags dropped, the
 * language of `<code class="language-x">` (what the export writes) kept on the fence. */
function fencedCode(inner: string): string {
  const language =
    /^\s*<code\b[^>]*\bclass\s*=\s*["']?language-([\w+#.-]{1,30})/i.exec(inner)?.[1] ?? '';
  const code = decodeEntities(inner.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, ''))
    .replace(/\r\n?/g, '\n')
    .replace(/^\n|\n$/g, '');
  let fence = '```';
  while (code.includes(fence)) fence += '`';
  return `${fence}${language}\n${code}\n${fence}`;
}
/** Inline tags and their Markdown mark, or the tag the card renderer keeps (inline-html.ts). */
const INLINE_MARKS: Record<string, [kind: string, open: string, close: string]> = {
  b: ['b', '**', '**'],
  strong: ['b', '**', '**'],
  i: ['i', '*', '*'],
  em: ['i', '*', '*'],
  s: ['s', '~~', '~~'],
  strike: ['s', '~~', '~~'],
  del: ['s', '~~', '~~'],
  code: ['code', '`', '`'],
  u: ['u', '<u>', '</u>'],
  ins: ['u', '<u>', '</u>'],
  sub: ['sub', '<sub>', '</sub>'],
  sup: ['sup', '<sup>', '</sup>'],
};

/** The marks of a `<span style>` or `<font color>`: colour, bold, italic, underline, strike. */
function styleMarks(tag: string): [kind: string, open: string, close: string][] {
  const style = attribute(tag, 'style') ?? '';
  const marks: [string, string, string][] = [];
  const colour = safeColour(styleProperty(style, 'color') ?? attribute(tag, 'color') ?? '');
  if (colour !== null) marks.push(['colour', colourSpan(colour), '</span>']);
  const weight = styleProperty(style, 'font-weight')?.toLowerCase() ?? '';
  if (/^(bold|bolder|[6-9]00)$/.test(weight)) marks.push(INLINE_MARKS.b!);
  if (/^(italic|oblique)/i.test(styleProperty(style, 'font-style') ?? '')) {
    marks.push(INLINE_MARKS.i!);
  }
  const decoration = styleProperty(style, 'text-decoration') ?? '';
  if (/underline/i.test(decoration)) marks.push(INLINE_MARKS.u!);
  if (/line-through/i.test(decoration)) marks.push(INLINE_MARKS.s!);
  return marks;
}

/** Lists nested deeper than this are indented no further (the output stays linear). */
const MAX_LIST_INDENT = 8;

/** Inline marks nested deeper than this are dropped (the output stays linear). */
const MAX_MARKS = 16;

interface Mark {
  /** The tag that opened it: closing that tag closes it. */
  owner: string;
  kind: string;
  open: string;
  close: string;
  written: boolean;
}

export function htmlToMarkdown(html: string): string {
  // Pieces joined once at the end, and the last character written kept beside them: asking
  // a growing string whether it ends in a newline made each block tag cost the whole output
  // so far (400 kB of <li> took seconds; issue 21).
  const pieces: string[] = [];
  let last = '';
  const emit = (text: string) => {
    if (text === '') return;
    pieces.push(text);
    last = text[text.length - 1]!;
  };
  const lists: ('ul' | 'ol')[] = [];
  const links: (string | null)[] = [];
  // Inline marks open here, written lazily: an opener goes out with the first text after it
  // (so no empty pair), a line break closes what is open and the next line opens it again
  // (a mark never spans lines, blocks or cells), and of two marks of a kind only the inner
  // one is written (the renderer pairs a tag with its first closer).
  const marks: Mark[] = [];
  const owners: string[] = [];
  let quoteDepth = 0;
  let quoteOpenedAt = -1;
  let heading = '';
  let blankBefore = false;
  let clozeDepth = 0;
  const atLineStart = () => last === '' || last === '\n';
  const writeClose = (mark: Mark) => {
    if (!mark.written) return;
    mark.written = false;
    // Spaces before a closing mark go after it ('**bold **' is no bold in Markdown).
    let spaces = '';
    while (pieces.length > 0 && /^ +$/.test(pieces.at(-1)!)) spaces += pieces.pop();
    const tail = pieces.at(-1) ?? '';
    const trimmed = tail.replace(/ +$/, '');
    if (trimmed.length < tail.length) {
      spaces += tail.slice(trimmed.length);
      pieces[pieces.length - 1] = trimmed;
    }
    last = pieces.at(-1)?.at(-1) ?? '';
    emit(mark.close);
    emit(spaces === '' ? '' : ' ');
  };
  const wanted = (index: number) =>
    !marks.slice(index + 1).some((mark) => mark.kind === marks[index]!.kind);
  const flush = () => {
    const first = marks.findIndex((mark, index) => mark.written !== wanted(index));
    if (first < 0) return;
    for (let index = marks.length - 1; index >= first; index--) writeClose(marks[index]!);
    for (let index = first; index < marks.length; index++) {
      if (!wanted(index)) continue;
      emit(marks[index]!.open);
      marks[index]!.written = true;
    }
  };
  const closeOwner = (owner: string) => {
    let first = marks.findLastIndex((mark) => mark.owner === owner);
    if (first < 0) return;
    while (first > 0 && marks[first - 1]!.owner === owner) first--;
    for (let index = marks.length - 1; index >= first; index--) writeClose(marks[index]!);
    marks.splice(
      first,
      marks.length - first,
      ...marks.slice(first).filter((m) => m.owner !== owner),
    );
  };
  const startLine = () => {
    if (!atLineStart()) return;
    if (blankBefore && last !== '' && pieces.length !== quoteOpenedAt)
      emit(`${'> '.repeat(quoteDepth).trimEnd()}\n`);
    blankBefore = false;
    emit('> '.repeat(quoteDepth));
    emit(heading);
    heading = '';
  };
  const text = (escaped: string) => {
    const body = atLineStart() ? escaped.replace(/^ +/, '') : escaped;
    if (body === '') return;
    const lead = body.length - body.replace(/^ +/, '').length;
    if (lead === body.length) return emit(body);
    startLine();
    emit(body.slice(0, lead));
    flush();
    emit(body.slice(lead));
    clozeDepth = Math.max(
      0,
      clozeDepth + (body.match(/\{\{c\d+::/g)?.length ?? 0) - (body.match(/\}\}/g)?.length ?? 0),
    );
  };
  const lineBreak = () => {
    for (let index = marks.length - 1; index >= 0; index--) writeClose(marks[index]!);
    if (atLineStart() && quoteDepth > 0) emit('>');
    emit('\n');
  };
  const newline = () => {
    if (!atLineStart()) lineBreak();
  };
  const block = () => {
    newline();
    blankBefore = true;
  };
  let lower: string | null = null;
  const endOf = (name: string, from: number) => {
    lower ??= html.toLowerCase();
    const end = lower.indexOf(`</${name}`, from);
    return { end, after: end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length };
  };
  let pos = 0;
  let ownerId = 0;
  while (pos < html.length) {
    const lt = html.indexOf('<', pos);
    const textEnd = lt < 0 ? html.length : lt;
    if (textEnd > pos) {
      const plain = decodeEntities(html.slice(pos, textEnd).replace(/[\r\n\t]+/g, ' '));
      text(escapeMarkdown(plain.replace(/[\r\n\t]/g, ' ')));
    }
    if (lt < 0) break;
    const gt = html.indexOf('>', lt + 1);
    if (gt < 0 || !/[a-zA-Z/!]/.test(html[lt + 1] ?? '')) {
      text('<'); // A '<' that starts no tag is text ('a < b').
      pos = lt + 1;
      continue;
    }
    const tag = html.slice(lt, gt + 1);
    pos = gt + 1;
    const closing = tag[1] === '/';
    const name = /^<\/?\s*([a-zA-Z0-9]+)/.exec(tag)?.[1]?.toLowerCase() ?? '';
    if (!closing && (name === 'script' || name === 'style')) {
      pos = endOf(name, pos).after;
      continue;
    }
    if (!closing && name === 'pre') {
      const { end, after } = endOf('pre', pos);
      const inner = html.slice(pos, end < 0 ? html.length : end);
      pos = after;
      block();
      startLine();
      emit(`${fencedCode(inner)}\n`);
      blankBefore = true;
      continue;
    }
    if (!closing && name === 'table' && clozeDepth === 0) {
      const { end, after } = endOf('table', pos);
      const inner = html.slice(pos, end < 0 ? html.length : end);
      const lines = /<table/i.test(inner) ? null : markdownTable(inner, htmlToMarkdown);
      if (lines) {
        pos = after;
        block();
        for (const line of lines) {
          startLine();
          emit(`${line}\n`);
        }
        blankBefore = true;
        continue;
      }
    }
    const mark = INLINE_MARKS[name];
    if ((mark || name === 'span' || name === 'font') && !closing) {
      const owner = `${name}#${ownerId++}`;
      owners.push(owner);
      for (const [kind, open, close] of mark ? [mark] : styleMarks(tag)) {
        if (marks.length < MAX_MARKS) marks.push({ owner, kind, open, close, written: false });
      }
    } else if (mark || name === 'span' || name === 'font') {
      const index = owners.findLastIndex((owner) => owner.startsWith(`${name}#`));
      if (index >= 0) closeOwner(owners.splice(index, 1)[0]!);
    } else if (name === 'br') lineBreak();
    else if (BLOCKS.has(name) || name === 'tr' || name === 'table') newline();
    else if (name === 'p') block();
    else if (name === 'blockquote') {
      block();
      if (!closing) {
        // The blank line before the quote is outside it; none at its start.
        if (last !== '') emit(`${'> '.repeat(quoteDepth).trimEnd()}\n`);
        blankBefore = false;
        quoteOpenedAt = pieces.length;
      }
      quoteDepth = Math.max(0, quoteDepth + (closing ? -1 : 1));
    } else if (/^h[1-6]$/.test(name)) {
      block();
      heading = closing ? '' : `${'#'.repeat(Number(name[1]))} `;
    } else if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop();
      else lists.push(name);
      if (closing && lists.length === 0) block();
      else newline();
    } else if (name === 'li' && !closing) {
      newline();
      startLine();
      emit(
        `${'  '.repeat(Math.min(MAX_LIST_INDENT, Math.max(0, lists.length - 1)))}${lists.at(-1) === 'ol' ? '1.' : '-'} `,
      );
    } else if (name === 'li') newline();
    else if ((name === 'td' || name === 'th') && closing) text(' | ');
    else if (name === 'hr') {
      block();
      startLine();
      emit('---\n');
      blankBefore = true;
    } else if (name === 'img') {
      const src = attribute(tag, 'src');
      if (src) text(`![${attribute(tag, 'alt') ?? ''}](${src.replace(/[()\s]/g, percent)})`);
    } else if (name === 'a' && !closing) {
      const href = attribute(tag, 'href');
      links.push(href);
      if (href) text('[');
    } else if (name === 'a') {
      const href = links.pop();
      if (href) emit(`](${href.replace(/[()\s]/g, percent)})`);
    }
  }
  newline();
  return pieces
    .join('')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
