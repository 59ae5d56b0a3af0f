/**
 * Anki's LaTeX (issue 20 item 3): `[$]…[/$]` (inline maths), `[$$]…[/$$]` (displayed maths) and
 * `[latex]…[/latex]` (a LaTeX document body) become the `\(…\)` and `\[…\]` Mnemo renders with
 * KaTeX (and Anki with MathJax). The TeX is cleaned as Anki cleans it before running LaTeX
 * (rslib/src/latex.rs): `<br>` and `<div>` become new lines, other tags go, entities are decoded.
 * A `[latex]` body is maths when it is one formula (`$…$`, `\[…\]`, an equation environment),
 * or text with `$…$` formulas; anything else is set as `\text{…}`. What KaTeX cannot render (a
 * `tabular`, TikZ, document commands) can be shown as the picture Anki rendered of it, which
 * packages carry as `latex-<sha1 of the cleaned LaTeX>.png` (`ankiLatexImages`, called with the
 * package's files); without one it stays maths, shown with KaTeX's error marks.
 * One scan, linear time: a kind whose closing tag is missing is not looked for again.
 */
import katex from 'katex';
import { decodeEntities } from './html-text';

type Kind = 'latex' | '$' | '$$';

interface Block {
  start: number;
  end: number;
  kind: Kind;
  body: string;
}

const OPENERS: Record<Kind, string> = { latex: '[latex]', $: '[$]', $$: '[$$]' };

/** Anki's LaTeX blocks of a field, in order, as its regex finds them (case-insensitive). */
function latexBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const lower = html.toLowerCase();
  const dead = new Set<Kind>();
  let pos = 0;
  for (;;) {
    const open = lower.indexOf('[', pos);
    if (open < 0) break;
    const kind = (['latex', '$$', '$'] as const).find(
      (candidate) => !dead.has(candidate) && lower.startsWith(OPENERS[candidate], open),
    );
    if (!kind) {
      pos = open + 1;
      continue;
    }
    const bodyStart = open + OPENERS[kind].length;
    const closer = `[/${OPENERS[kind].slice(1)}`;
    // The body is at least one character, as Anki's `.+?`.
    const close = lower.indexOf(closer, bodyStart + 1);
    if (close < 0) {
      dead.add(kind);
      pos = open + 1;
      continue;
    }
    blocks.push({
      start: open,
      end: close + closer.length,
      kind,
      body: html.slice(bodyStart, close),
    });
    pos = close + closer.length;
  }
  return blocks;
}

/** The LaTeX Anki renders and names its picture by (strip_html_for_latex of latex.rs). */
function ankiLatexText(block: Block): string {
  const text = decodeEntities(
    block.body
      .replace(/<br( \/)?>|<div>/gi, '\n')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]*>/g, ''),
  );
  if (block.kind === '$') return `$${text}$`;
  if (block.kind === '$$') return `\\begin{displaymath}${text}\\end{displaymath}`;
  return text;
}

interface Formula {
  tex: string;
  display: boolean;
}

const ENVIRONMENT =
  /^\\begin\{(displaymath|equation\*?|align\*?|gather\*?|multline\*?|eqnarray\*?|alignat\*?)\}([\s\S]*)\\end\{\1\}$/;

/** A `[latex]` body as Markdown text with maths (before HTML escaping), and its formulas. */
function latexBodyAsMath(latex: string): { text: string; formulas: Formula[] } {
  const body = latex.trim();
  const whole = (tex: string, display: boolean) => ({
    text: display ? `\\[${tex}\\]` : `\\(${tex.replace(/\n/g, ' ')}\\)`,
    formulas: [{ tex, display }],
  });
  const displayed = /^\$\$([\s\S]+)\$\$$/.exec(body) ?? /^\\\[([\s\S]+)\\\]$/.exec(body);
  if (displayed) return whole(displayed[1]!.trim(), true);
  const inline = /^\$([^$]+)\$$/.exec(body) ?? /^\\\(([\s\S]+)\\\)$/.exec(body);
  if (inline) return whole(inline[1]!.trim(), false);
  const environment = ENVIRONMENT.exec(body);
  if (environment)
    return whole(environment[1] === 'displaymath' ? environment[2]!.trim() : body, true);
  // Words with `$…$` formulas: the words as text, the formulas as maths.
  const parts = body.split(/(\$[^$]+\$)/);
  if (parts.every((part, index) => index % 2 === 1 || !/[\\{}$%&#^_~]/.test(part))) {
    const formulas = parts
      .filter((_, index) => index % 2 === 1)
      .map((part) => ({ tex: part.slice(1, -1).trim(), display: false }));
    const text = parts
      .map((part, index) => (index % 2 === 1 ? `\\(${part.slice(1, -1).trim()}\\)` : part))
      .join('')
      .replace(/\s*\n\s*/g, ' ');
    return { text, formulas };
  }
  return whole(`\\text{${body.replace(/\s*\n\s*/g, ' ')}}`, false);
}

/** A block as Markdown text with maths, and whether KaTeX renders every formula of it. */
function blockAsMath(block: Block): { text: string; formulas: Formula[] } {
  if (block.kind === 'latex') return latexBodyAsMath(ankiLatexText(block));
  // `[$]` and `[$$]`: their text cleaned, not wrapped.
  const tex = ankiLatexText({ ...block, kind: 'latex' }).trim();
  const display = block.kind === '$$';
  return {
    text: display ? `\\[${tex}\\]` : `\\(${tex.replace(/\n/g, ' ')}\\)`,
    formulas: [{ tex, display }],
  };
}

/** The options the card renderer gives KaTeX (render-markdown.ts), failing on an error. */
const CHECK = {
  throwOnError: true,
  trust: false,
  strict: 'ignore',
  maxSize: 10,
  maxExpand: 1000,
} as const;

/** Whether KaTeX renders the formula without an error, as the card renderer would. */
export function katexRenders(tex: string, display: boolean): boolean {
  try {
    katex.renderToString(tex, { ...CHECK, displayMode: display });
    return true;
  } catch {
    return false;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function replaceBlocks(html: string, replace: (block: Block) => string | null): string {
  if (!html.includes('[')) return html;
  let out = '';
  let pos = 0;
  for (const block of latexBlocks(html)) {
    const replacement = replace(block);
    if (replacement === null) continue;
    out += html.slice(pos, block.start) + replacement;
    pos = block.end;
  }
  return pos === 0 ? html : out + html.slice(pos);
}

/** The field's HTML with Anki's LaTeX as MathJax delimiters (escaped as HTML text). */
export function ankiLatexToMath(html: string): string {
  return replaceBlocks(html, (block) => escapeHtml(blockAsMath(block).text));
}

/**
 * The field's HTML with each LaTeX block KaTeX cannot render replaced by Anki's picture of it
 * (`<img src="latex-….png">`), when `image` knows one for its LaTeX; other blocks unchanged.
 *
 * @param image The package's file for Anki's cleaned LaTeX of a block, or null.
 */
export function ankiLatexImages(html: string, image: (latex: string) => string | null): string {
  return replaceBlocks(html, (block) => {
    const { formulas } = blockAsMath(block);
    if (formulas.every((formula) => katexRenders(formula.tex, formula.display))) return null;
    const latex = ankiLatexText(block);
    const name = image(latex);
    if (name === null) return null;
    const alt = latex.replace(/[[\]]/g, '').replace(/\s+/g, ' ').trim().slice(0, 200);
    return `<img src="${escapeHtml(name)}" alt="${escapeHtml(alt)}">`;
  });
}

/** Anki's cleaned LaTeX of each block of a field, as it names their pictures by. */
export function ankiLatexSources(html: string): string[] {
  return latexBlocks(html).map(ankiLatexText);
}
