import { describe, expect, it } from 'vitest';
import { ankiCardToMnemo, type AnkiNoteType } from './cards';
import { ankiLatexToMath } from './latex';

describe("Anki's LaTeX as Mnemo's maths (issue 20 item 3)", () => {
  it('[$] is inline maths, [$$] displayed maths, cleaned of HTML as Anki does', () => {
    expect(ankiLatexToMath('Let [$]x^2&nbsp;+ 1[/$] be')).toBe('Let \\(x^2 + 1\\) be');
    expect(ankiLatexToMath('[$$]a<br>= b[/$$]')).toBe('\\[a\n= b\\]');
    expect(ankiLatexToMath('[$]\\textbf{<b>C</b>}[/$] and [$]y[/$]')).toBe(
      '\\(\\textbf{C}\\) and \\(y\\)',
    );
  });

  it('leaves [latex] bodies, unclosed tags and plain text alone', () => {
    for (const text of ['[latex]\\begin{tabular}x\\end{tabular}[/latex]', '[$]x', 'a $ b']) {
      expect(ankiLatexToMath(text)).toBe(text);
    }
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
    const values = ['[$]\\text{Identity Law of } \\textbf{C}[/$]', '<div>[$]1_A : A[/$]</div>'];
    expect(ankiCardToMnemo(basic, values, 0)).toMatchObject({
      ok: true,
      card: {
        front_content: '\\(\\text{Identity Law of } \\textbf{C}\\)',
        back_content: '\\(1_A : A\\)',
      },
    });
  });
});
