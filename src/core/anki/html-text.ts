import { SAFE_COLOUR } from '../card-content/inline-html';

/**
 * Text of Anki's field HTML for htmlToMarkdown: entities decoded as browsers read them, Markdown
 * marks escaped outside maths, attributes read from a tag.
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

export function decodeEntities(text: string): string {
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

/** Tags the card renderer keeps (core/card-content/inline-html.ts): as text, escaped. */
const KEPT_TAG = /^<\/?(su[bp]|u|span)[\s>]/i;

/** Escapes Markdown emphasis and code marks outside MathJax delimiters. */
export function escapeMarkdown(text: string): string {
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
    } else if (inMath === null && char === '<' && KEPT_TAG.test(text.slice(i, i + 7))) {
      out += '\\<'; // '<sub>' written as text stays text
    } else out += char;
  }
  return out;
}

export function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!match) return null;
  return decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
}

const hex = (n: number) =>
  Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, '0');

/**
 * A CSS colour of Anki's HTML (`#E66100`, `rgb(230, 97, 0)`, `rgba(…)`, `red`) as the safe colour
 * the card renderer keeps (`#e66100`, `red`; see SAFE_COLOUR), or null for anything else.
 */
export function safeColour(value: string): string | null {
  const colour = value.trim().toLowerCase();
  if (SAFE_COLOUR.test(colour)) return colour;
  const rgb =
    /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]{1,8})\s*)?\)$/.exec(
      colour,
    );
  if (!rgb) return null;
  const alpha = rgb[4] === undefined ? '' : hex(Number(rgb[4]) * 255);
  return `#${hex(Number(rgb[1]))}${hex(Number(rgb[2]))}${hex(Number(rgb[3]))}${alpha === 'ff' ? '' : alpha}`;
}

/** One CSS property of a `style` attribute (the last one written), or null. */
export function styleProperty(style: string, name: string): string | null {
  let found: string | null = null;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0 && declaration.slice(0, colon).trim().toLowerCase() === name) {
      found = declaration.slice(colon + 1).trim();
    }
  }
  return found;
}
