/**
 * Anki fields are HTML; Mnemo's card content is Markdown (raw HTML is escaped by the renderer).
 * This turns the HTML Anki's editor writes into Markdown that renders the same: bold, italic,
 * strikethrough, line breaks and blocks, lists, links, images (as Markdown images), code,
 * headings and simple tables; scripts and styles are dropped with their content, other tags
 * keep only their text. One pass, linear time. MathJax `\(…\)` / `\[…\]` and cloze `{{c1::…}}`
 * pass through untouched (Mnemo renders both).
 */

const ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
};

const LEGACY = /^(nbsp|amp|lt|gt|quot|AMP|LT|GT|QUOT)/;

function decodeEntities(text: string): string {
  let out = '';
  let pos = 0;
  while (pos < text.length) {
    const amp = text.indexOf('&', pos);
    if (amp < 0) return out + text.slice(pos);
    out += text.slice(pos, amp);
    const semi = text.indexOf(';', amp + 1);
    const name = semi > amp && semi - amp <= 10 ? text.slice(amp + 1, semi) : '';
    let decoded: string | undefined = ENTITIES[name];
    if (decoded === undefined && /^#x[0-9a-f]{1,6}$/i.test(name)) {
      decoded = safeCodePoint(parseInt(name.slice(2), 16));
    } else if (decoded === undefined && /^#\d{1,7}$/.test(name)) {
      decoded = safeCodePoint(parseInt(name.slice(1), 10));
    }
    // A few names browsers read without their semicolon ('&nbsp<br>' in Anki templates).
    const legacy = decoded === undefined ? LEGACY.exec(text.slice(amp + 1, amp + 6)) : null;
    if (legacy) {
      out += ENTITIES[legacy[1]!.toLowerCase()];
      pos = amp + 1 + legacy[1]!.length;
    } else if (decoded === undefined) {
      out += '&';
      pos = amp + 1;
    } else {
      out += decoded;
      pos = semi + 1;
    }
  }
  return out;
}

function safeCodePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** Escapes Markdown emphasis and code marks outside MathJax delimiters. */
function escapeMarkdown(text: string): string {
  let out = '';
  let inMath: ')' | ']' | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const next = text[i + 1];
    if (char === '\\' && (next === '(' || next === '[') && inMath === null) {
      inMath = next === '(' ? ')' : ']';
      out += char + next;
      i++;
    } else if (char === '\\' && next === inMath && inMath !== null) {
      inMath = null;
      out += char + next;
      i++;
    } else if (inMath === null && (char === '*' || char === '_' || char === '`')) {
      out += `\\${char}`;
    } else if (inMath === null && char === '<' && /^<\/?su[bp]>/i.test(text.slice(i, i + 6))) {
      out += '\\<'; // '<sub>' written as text stays text
    } else out += char;
  }
  return out;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!match) return null;
  return decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
}

/** Parentheses and spaces would end a Markdown link or image target. */
const percent = (char: string) =>
  `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

const BLOCKS = new Set(['div', 'p', 'blockquote', 'section', 'article', 'center']);

/** `<pre>` code as a fenced block: its line breaks kept (`<br>` too), other tags dropped. */
function fencedCode(inner: string): string {
  const code = decodeEntities(inner.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, ''))
    .replace(/\r\n?/g, '\n')
    .replace(/^\n|\n$/g, '');
  let fence = '```';
  while (code.includes(fence)) fence += '`';
  return `${fence}\n${code}\n${fence}`;
}
const INLINE_MARKS: Record<string, string> = {
  b: '**',
  strong: '**',
  i: '*',
  em: '*',
  s: '~~',
  strike: '~~',
  del: '~~',
  code: '`',
};

/** Lists nested deeper than this are indented no further (the output stays linear). */
const MAX_LIST_INDENT = 8;

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
  const newline = () => {
    if (last !== '' && last !== '\n') emit('\n');
  };
  let lower: string | null = null;
  let pos = 0;
  while (pos < html.length) {
    const lt = html.indexOf('<', pos);
    const textEnd = lt < 0 ? html.length : lt;
    if (textEnd > pos) {
      emit(escapeMarkdown(decodeEntities(html.slice(pos, textEnd).replace(/[\r\n\t]+/g, ' '))));
    }
    if (lt < 0) break;
    const gt = html.indexOf('>', lt + 1);
    if (gt < 0 || !/[a-zA-Z/!]/.test(html[lt + 1] ?? '')) {
      // A '<' that starts no tag is text ('a < b').
      emit('<');
      pos = lt + 1;
      continue;
    }
    const tag = html.slice(lt, gt + 1);
    pos = gt + 1;
    const closing = tag[1] === '/';
    const name = /^<\/?\s*([a-zA-Z0-9]+)/.exec(tag)?.[1]?.toLowerCase() ?? '';
    if (!closing && (name === 'script' || name === 'style')) {
      lower ??= html.toLowerCase();
      const end = lower.indexOf(`</${name}`, pos);
      pos = end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length;
      continue;
    }
    if (!closing && name === 'pre') {
      lower ??= html.toLowerCase();
      const end = lower.indexOf('</pre', pos);
      const inner = html.slice(pos, end < 0 ? html.length : end);
      pos = end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length;
      newline();
      emit(`${fencedCode(inner)}\n`);
      continue;
    }
    const mark = INLINE_MARKS[name];
    if (mark) emit(mark);
    else if (name === 'br') emit('\n');
    else if (name === 'sub' || name === 'sup') emit(closing ? `</${name}>` : `<${name}>`);
    else if (BLOCKS.has(name) || name === 'tr' || name === 'table') newline();
    else if (/^h[1-6]$/.test(name)) {
      if (!closing) newline();
      emit('**');
      if (closing) emit('\n');
    } else if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop();
      else lists.push(name);
      newline();
    } else if (name === 'li' && !closing) {
      newline();
      emit(
        `${'  '.repeat(Math.min(MAX_LIST_INDENT, Math.max(0, lists.length - 1)))}${lists.at(-1) === 'ol' ? '1.' : '-'} `,
      );
    } else if (name === 'li') newline();
    else if ((name === 'td' || name === 'th') && closing) emit(' | ');
    else if (name === 'hr') emit('\n\n---\n\n');
    else if (name === 'img') {
      const src = attribute(tag, 'src');
      if (src) emit(`![${attribute(tag, 'alt') ?? ''}](${src.replace(/[()\s]/g, percent)})`);
    } else if (name === 'a' && !closing) {
      const href = attribute(tag, 'href');
      links.push(href);
      if (href) emit('[');
    } else if (name === 'a') {
      const href = links.pop();
      if (href) emit(`](${href.replace(/[()\s]/g, percent)})`);
    }
  }
  return pieces
    .join('')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
