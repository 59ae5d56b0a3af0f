/**
 * Anki's LaTeX (issue 20 item 3): `[$]…[/$]` (inline maths), `[$$]…[/$$]` (displayed maths)
 * become the `\(…\)` and `\[…\]` Mnemo renders with KaTeX (and Anki with MathJax). The TeX is
 * cleaned as Anki cleans it before running LaTeX (rslib/src/latex.rs): line breaks become
 * new lines, other tags go, `&nbsp;` is a space. `[latex]…[/latex]` (a LaTeX document body,
 * not maths) is left as it is.
 */
const LATEX = /\[(\$\$?)\]([\s\S]*?)\[\/\1\]/g;

function cleanTex(tex: string): string {
  return tex
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/&nbsp;/gi, ' ')
    .trim();
}

/** The field's HTML with Anki's `[$]` and `[$$]` maths as MathJax delimiters. */
export function ankiLatexToMath(html: string): string {
  if (!html.includes('[$')) return html;
  return html.replace(LATEX, (_, kind: string, tex: string) => {
    const clean = cleanTex(tex);
    return kind === '$$' ? `\\[${clean}\\]` : `\\(${clean.replace(/\n/g, ' ')}\\)`;
  });
}
