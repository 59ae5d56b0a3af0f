import { describe, expect, it } from 'vitest';
import { ankiCardToMnemo, type AnkiNoteType } from './cards';
import { ankiLatexImages, ankiLatexSources, ankiLatexToMath, katexRenders } from './latex';

describe("Anki's LaTeX as Mnemo's maths (issue 20 item 3)", () => {
  it('[$] is inline maths, [$$] displayed maths, cleaned of HTML as Anki does', () => {
    expect(ankiLatexToMath('Let [$]x^2&nbsp;+ 1[/$] be')).toBe('Let \\(x^2 + 1\\) be');
    expect(ankiLatexToMath('[$$]a<br>= b[/$$]')).toBe('\\[a\n= b\\]');
    expect(ankiLatexToMath('[$]\\textbf{<b>C</b>}[/$] and [$]y[/$]')).toBe(
      '\\(\\textbf{C}\\) and \\(y\\)',
    );
  });

  it('leaves unclosed tags and plain text alone', () => {
    for (const text of ['[$]x', '[latex][/latex]', 'a $ b', '[$$]x[/$]']) {
      expect(ankiLatexToMath(text)).toBe(text);
    }
    // Many unclosed tags: each kind is looked for once.
    expect(ankiLatexToMath(`${'[$]'.repeat(50_000)}[$$]y[/$$]`)).toBe(
      `${'[$]'.repeat(50_000)}\\[y\\]`,
    );
  });

  it('[latex] bodies: one formula as maths, words with $…$ as text and maths, else \\text', () => {
    expect(ankiLatexToMath('[latex]$$\\int f$$[/latex] [LaTeX]\\(a\\)[/latex]')).toBe(
      '\\[\\int f\\] \\(a\\)',
    );
    expect(ankiLatexToMath('[latex]\\begin{displaymath}x<br>y\\end{displaymath}[/latex]')).toBe(
      '\\[x\ny\\]',
    );
    expect(ankiLatexToMath('[latex]\\begin{align*}a &amp;= b\\end{align*}[/latex]')).toBe(
      '\\[\\begin{align*}a &amp;= b\\end{align*}\\]',
    );
    expect(ankiLatexToMath('[latex]Let $x &lt; 1$<br>be real[/latex]')).toBe(
      'Let \\(x &lt; 1\\) be real',
    );
    expect(ankiLatexToMath('[latex]\\textbf{Bold} words[/latex]')).toBe(
      '\\(\\text{\\textbf{Bold} words}\\)',
    );
  });

  it('cleans the LaTeX as Anki does before naming its picture (latex.rs tests)', () => {
    expect(ankiLatexSources('a[latex]one<br>and<div>two[/latex]b')).toEqual(['one\nand\ntwo']);
    expect(ankiLatexSources('[$]<b>hello</b>&nbsp; world[/$]')).toEqual(['$hello  world$']);
    expect(ankiLatexSources('[$$]math &amp; stuff[/$$]')).toEqual([
      '\\begin{displaymath}math & stuff\\end{displaymath}',
    ]);
  });

  it("uses Anki's picture only for what KaTeX cannot render, and only when there is one", () => {
    const tabular = '[latex]\\begin{tabular}{cc} a &amp; b \\end{tabular}[/latex]';
    expect(katexRenders('\\begin{tabular}{cc} a & b \\end{tabular}', true)).toBe(false);
    const asked: string[] = [];
    const picture = (latex: string) => {
      asked.push(latex);
      return latex.includes('tabular') ? 'latex-1.png' : null;
    };
    expect(ankiLatexImages(`${tabular} and [$]x^2[/$] and [latex]\\tikz[/latex]`, picture)).toBe(
      '<img src="latex-1.png" alt="\\begin{tabular}{cc} a &amp; b \\end{tabular}"> and [$]x^2[/$] and [latex]\\tikz[/latex]',
    );
    expect(asked).toEqual(['\\begin{tabular}{cc} a & b \\end{tabular}', '\\tikz']);
    // Without a picture it stays maths, which KaTeX shows with its error marks.
    expect(ankiLatexToMath(tabular)).toBe(
      '\\(\\text{\\begin{tabular}{cc} a &amp; b \\end{tabular}}\\)',
    );
  });

  it('a Basic card of [$] fields becomes maths on both sides', () => {
    const basic: AnkiNoteType = {
      id: '1',
      name: 'Basic',
      kind: 'normal',
      fields: ['Front', 'Back'],
      templates: [
        { name: 'Card 1', qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' },
      ],
    };
    const values = [
      '[$]\\text{Identity Law of } \\textbf{C}[/$]',
      '<div>[$]1_A : A &lt; B[/$]</div>',
    ];
    expect(ankiCardToMnemo(basic, values, 0)).toMatchObject({
      ok: true,
      card: {
        front_content: '\\(\\text{Identity Law of } \\textbf{C}\\)',
        back_content: '\\(1_A : A < B\\)',
      },
    });
  });
});
