import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOZE_BLANK,
  CLOZE_MESSAGES,
  CLOZE_NESTING_MAX,
  clozeAnswerText,
  clozeFullText,
  clozeNumbers,
  parseCloze,
  renderClozeBack,
  renderClozeFront,
  validateCloze,
  type ClozeSegment,
} from './cloze';

const deletions = (text: string) =>
  parseCloze(text).segments.filter(
    (s): s is Extract<ClozeSegment, { kind: 'cloze' }> => s.kind === 'cloze',
  );
const answers = (text: string) => deletions(text).map((s) => s.answer);

describe('parseCloze', () => {
  it('finds a simple deletion and keeps the text around it', () => {
    expect(parseCloze('The capital of France is {{c1::Paris}}.')).toEqual({
      segments: [
        { kind: 'text', text: 'The capital of France is ' },
        { kind: 'cloze', number: 1, answer: 'Paris', hint: null },
        { kind: 'text', text: '.' },
      ],
      numbers: [1],
    });
  });

  it('reads a hint after a second ::, and ignores a blank hint', () => {
    expect(deletions('{{c1::Paris::city}}')[0]).toEqual({
      kind: 'cloze',
      number: 1,
      answer: 'Paris',
      hint: 'city',
    });
    expect(deletions('{{c1::Paris::  }}')[0]?.hint).toBeNull();
    expect(deletions('{{c1::a::b::c}}')[0]).toMatchObject({ answer: 'a', hint: 'b::c' });
  });

  it('lists distinct numbers sorted, for several and for repeated numbers', () => {
    expect(parseCloze('{{c2::b}} {{c10::j}} {{c1::a}} {{c3::c}}').numbers).toEqual([1, 2, 3, 10]);
    const repeated = parseCloze('{{c1::a}} and {{c1::b}}');
    expect(repeated.numbers).toEqual([1]);
    expect(answers('{{c1::a}} and {{c1::b}}')).toEqual(['a', 'b']);
  });

  it('accepts C in capitals and leading zeros, as Anki does', () => {
    expect(deletions('{{C1::x}}')[0]?.number).toBe(1);
    expect(deletions('{{c01::x}}')[0]?.number).toBe(1);
  });

  it('handles a deletion at the very start and end and adjacent deletions', () => {
    expect(parseCloze('{{c1::a}}{{c2::b}}').segments).toEqual([
      { kind: 'cloze', number: 1, answer: 'a', hint: null },
      { kind: 'cloze', number: 2, answer: 'b', hint: null },
    ]);
  });

  it('lets answers contain single colons and single closing braces', () => {
    expect(answers('{{c1::12:30}}')).toEqual(['12:30']);
    expect(answers('{{c1::a: b}}')).toEqual(['a: b']);
    expect(answers('{{c1::f(x)}y}}')).toEqual(['f(x)}y']);
    expect(answers('{{c1::{x}}}')).toEqual(['{x']);
    expect(answers('{{c1::C:\\}}')).toEqual(['C:\\']);
    expect(parseCloze('{{c1::a}}}').segments).toEqual([
      { kind: 'cloze', number: 1, answer: 'a', hint: null },
      { kind: 'text', text: '}' },
    ]);
  });

  it('lets answers contain newlines', () => {
    expect(answers('{{c1::line one\nline two}}')).toEqual(['line one\nline two']);
  });

  it('lets answers contain math, even math with }} or :: inside', () => {
    expect(answers('Energy: {{c1::$E=mc^2$}}')).toEqual(['$E=mc^2$']);
    expect(answers('{{c1::$x^{a^{b}}$}}')).toEqual(['$x^{a^{b}}$']);
    expect(answers('{{c1::$\\frac{a}{b}$}}')).toEqual(['$\\frac{a}{b}$']);
    expect(deletions('{{c1::$a::b$::a ratio}}')[0]).toMatchObject({
      answer: '$a::b$',
      hint: 'a ratio',
    });
    expect(answers('{{c1::\\(\\frac{1}{2}\\)}}')).toEqual(['\\(\\frac{1}{2}\\)']);
    expect(answers('{{c1::$$\\sum_{i}{x_i}$$}}')).toEqual(['$$\\sum_{i}{x_i}$$']);
  });

  it('lets answers contain code with }} inside', () => {
    expect(answers('{{c1::`a}}b`}}')).toEqual(['`a}}b`']);
  });

  it('does not read braces inside math as deletions', () => {
    for (const text of [
      '$\\frac{a}{b}$',
      '$x^{2}$',
      '$$ {{a}} $$',
      '${{c1::x}}$',
      '$$ {{c1::x}} $$',
      '$$\n{{c1::x}}\n$$',
      '\\( {{c1::x}} \\)',
      '\\[ {{c1::x}} \\]',
      'before $\\mathbf{{c1::x}}$ after',
    ]) {
      expect(parseCloze(text).numbers, text).toEqual([]);
      expect(parseCloze(text).segments, text).toEqual([{ kind: 'text', text }]);
      expect(validateCloze(text), text).toEqual([CLOZE_MESSAGES.noDeletion]);
    }
  });

  it('does not read deletions inside inline code or code fences', () => {
    for (const text of [
      '`{{c1::x}}`',
      '``a ` {{c1::x}}``',
      '```\n{{c1::x}}\n```',
      '~~~js\nconst t = "{{c1::x}}";\n~~~',
      '  ```\n{{c1::x}}\n  ```',
      '```\nunclosed fence {{c1::x}}',
    ]) {
      expect(parseCloze(text).numbers, text).toEqual([]);
    }
    expect(answers('`code` then {{c1::x}} then ```\n{{c2::y}}\n```\n{{c3::z}}')).toEqual([
      'x',
      'z',
    ]);
  });

  it('treats an unmatched backtick or a lone dollar as text', () => {
    expect(answers('a ` b {{c1::x}}')).toEqual(['x']);
    expect(answers('It costs $5, or {{c1::$10}} with tax')).toEqual(['$10']);
    expect(answers('$5 and {{c1::x}} and $10')).toEqual(['x']);
    expect(answers('$ {{c1::x}} $')).toEqual(['x']);
  });

  it('does not let math cross a blank line', () => {
    expect(answers('$a\n\n{{c1::x}} b$')).toEqual(['x']);
  });

  it('treats escaped dollars, backticks and braces as literal', () => {
    expect(answers('\\$ {{c1::x}} \\$')).toEqual(['x']);
    expect(answers('\\` {{c1::x}} \\`')).toEqual(['x']);
    expect(parseCloze('\\{{c1::x}}').numbers).toEqual([]);
    expect(answers('\\\\$x$ {{c1::y}}')).toEqual(['y']);
  });

  it('leaves double braces that are not deletions alone', () => {
    expect(parseCloze('Hello {{name}} and {{count}}').segments).toEqual([
      { kind: 'text', text: 'Hello {{name}} and {{count}}' },
    ]);
    expect(answers('{{{c1::x}}')).toEqual(['x']);
  });

  it('keeps malformed deletions as text, merged with their neighbours', () => {
    expect(parseCloze('a {{c0::x}} b {{c::y}} c').segments).toEqual([
      { kind: 'text', text: 'a {{c0::x}} b {{c::y}} c' },
    ]);
    expect(parseCloze('{{c1::x {{c2::y}} z').segments).toEqual([
      { kind: 'text', text: '{{c1::x ' },
      { kind: 'cloze', number: 2, answer: 'y', hint: null },
      { kind: 'text', text: ' z' },
    ]);
  });

  it('returns empty results for empty text', () => {
    expect(parseCloze('')).toEqual({ segments: [], numbers: [] });
  });
});

describe('clozeNumbers', () => {
  it('gives the study items of a card (one per number)', () => {
    expect(clozeNumbers('{{c3::c}} {{c1::a}} {{c1::a again}}')).toEqual([1, 3]);
    expect(clozeNumbers('no deletions')).toEqual([]);
  });
});

describe('validateCloze', () => {
  it('accepts usable cards', () => {
    expect(validateCloze('{{c1::Paris}} is the capital of {{c2::France::country}}')).toEqual([]);
    expect(validateCloze('{{c1::$E=mc^2$}} with $\\frac{a}{b}$')).toEqual([]);
  });

  it('needs at least one deletion', () => {
    expect(CLOZE_MESSAGES.noDeletion).toBe(
      'Cloze cards need at least one deletion such as {{c1::answer}}',
    );
    expect(validateCloze('Paris is the capital of France')).toEqual([CLOZE_MESSAGES.noDeletion]);
    expect(validateCloze('')).toEqual([CLOZE_MESSAGES.noDeletion]);
  });

  it('explains each malformed deletion', () => {
    const cases: Array<[string, string]> = [
      ['{{c::x}}', CLOZE_MESSAGES.missingNumber],
      ['{{c0::x}}', CLOZE_MESSAGES.invalidNumber],
      ['{{c00::x}}', CLOZE_MESSAGES.invalidNumber],
      ['{{c99999999999999999999::x}}', CLOZE_MESSAGES.invalidNumber],
      ['{{c1::}}', CLOZE_MESSAGES.emptyAnswer],
      ['{{c1::   }}', CLOZE_MESSAGES.emptyAnswer],
      ['{{c1::::hint}}', CLOZE_MESSAGES.emptyAnswer],
      ['{{c1::x', CLOZE_MESSAGES.unclosed],
      ['{{c1::x}', CLOZE_MESSAGES.unclosed],
      ['{{c1::$x}}$', CLOZE_MESSAGES.unclosed],
      ['{{c1:x}}', CLOZE_MESSAGES.badSeparator],
      [
        `${'{{c1::a '.repeat(CLOZE_NESTING_MAX + 1)}x${' b}}'.repeat(CLOZE_NESTING_MAX + 1)}`,
        CLOZE_MESSAGES.nested,
      ],
    ];
    for (const [text, message] of cases) {
      expect(validateCloze(`${text} {{c5::valid}}`), text).toEqual([message]);
      expect(validateCloze(text), text).toContain(message);
    }
  });

  it('reports the missing deletion first, then each distinct problem once', () => {
    expect(validateCloze('{{c0::x}} {{c1::}} {{c0::y}} {{c1::z')).toEqual([
      CLOZE_MESSAGES.noDeletion,
      CLOZE_MESSAGES.invalidNumber,
      CLOZE_MESSAGES.emptyAnswer,
      CLOZE_MESSAGES.unclosed,
    ]);
  });

  it('still finds valid deletions after an unclosed one', () => {
    expect(validateCloze('{{c1::a {{c2::b}}')).toEqual([CLOZE_MESSAGES.unclosed]);
    expect(clozeNumbers('{{c1::a {{c2::b}}')).toEqual([2]);
  });
});

describe('renderClozeFront', () => {
  const text = 'The {{c1::mitochondria}} is the {{c2::powerhouse::metaphor}} of the {{c1::cell}}.';

  it('blanks every deletion by default', () => {
    expect(renderClozeFront(text)).toBe('The [...] is the [metaphor] of the [...].');
    expect(CLOZE_BLANK).toBe('[...]');
  });

  it('blanks only the active number and shows the others (one card per number)', () => {
    expect(renderClozeFront(text, 1)).toBe('The [...] is the powerhouse of the [...].');
    expect(renderClozeFront(text, 2)).toBe('The mitochondria is the [metaphor] of the cell.');
  });

  it('shows every answer for a number that is not on the card', () => {
    expect(renderClozeFront(text, 7)).toBe('The mitochondria is the powerhouse of the cell.');
  });

  it('keeps malformed deletions and math as written', () => {
    expect(renderClozeFront('$\\frac{a}{b}$ {{c0::x}} {{c1::y}}')).toBe(
      '$\\frac{a}{b}$ {{c0::x}} [...]',
    );
  });
});

describe('renderClozeBack and clozeFullText', () => {
  const text = 'The {{c1::mitochondria}} is the {{c2::powerhouse::metaphor}} of the {{c1::cell}}.';

  it('highlights every answer by default', () => {
    expect(renderClozeBack(text)).toBe(
      'The **mitochondria** is the **powerhouse** of the **cell**.',
    );
  });

  it('highlights only the active number', () => {
    expect(renderClozeBack(text, 2)).toBe('The mitochondria is the **powerhouse** of the cell.');
  });

  it('keeps spaces around an answer outside the highlight', () => {
    expect(renderClozeBack('a{{c1:: b }}c')).toBe('a **b** c');
  });

  it('gives the full text without blanks or markers (SPEC §5 back)', () => {
    expect(clozeFullText(text)).toBe('The mitochondria is the powerhouse of the cell.');
    expect(clozeFullText('{{c1::$E=mc^2$::formula}} holds')).toBe('$E=mc^2$ holds');
  });
});

describe('cloze properties', () => {
  const plain = fc.string({ unit: fc.constantFrom(...'abc XYZ.,;!?019\n'.split('')) });
  const answer = plain.filter((s) => s.trim() !== '');
  const segment = fc.oneof(
    plain.map((text) => ({ text }) as const),
    fc.record({ number: fc.integer({ min: 1, max: 20 }), answer, hint: fc.option(answer) }),
  );

  it('recovers deletions written in Anki syntax', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (parts) => {
        const source = parts
          .map((p) =>
            'text' in p
              ? p.text
              : `{{c${p.number}::${p.answer}${p.hint === null ? '' : `::${p.hint}`}}}`,
          )
          .join('');
        const expected = parts.flatMap((p) =>
          'text' in p ? [] : [{ number: p.number, answer: p.answer, hint: p.hint?.trim() || null }],
        );
        expect(
          deletions(source).map(({ number, answer, hint }) => ({ number, answer, hint })),
        ).toEqual(expected);
        expect(clozeFullText(source)).toBe(
          parts.map((p) => ('text' in p ? p.text : p.answer)).join(''),
        );
        expect(validateCloze(source)).toEqual(expected.length ? [] : [CLOZE_MESSAGES.noDeletion]);
      }),
    );
  });

  it('never throws and loses no text when nothing is a deletion', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const parsed = parseCloze(text);
        validateCloze(text);
        renderClozeFront(text, 1);
        renderClozeBack(text);
        if (parsed.numbers.length === 0) expect(clozeFullText(text)).toBe(text);
      }),
    );
  });
});

describe('nested deletions (Anki ≥ 2.1.56)', () => {
  const text = 'The {{c1::outer {{c2::inner::hint2}} text::hint1}} ends.';

  it('reads both numbers, the outer answer as written and its parts', () => {
    expect(validateCloze(text)).toEqual([]);
    expect(clozeNumbers(text)).toEqual([1, 2]);
    const outer = parseCloze(text).segments[1];
    expect(outer).toEqual({
      kind: 'cloze',
      number: 1,
      answer: 'outer {{c2::inner::hint2}} text',
      hint: 'hint1',
      nested: [
        { kind: 'text', text: 'outer ' },
        { kind: 'cloze', number: 2, answer: 'inner', hint: 'hint2' },
        { kind: 'text', text: ' text' },
      ],
    });
    expect(outer?.kind === 'cloze' && clozeAnswerText(outer)).toBe('outer inner text');
  });

  it('card c1 hides the outer span with the inner text; card c2 hides only the inner one', () => {
    expect(renderClozeFront(text, 1)).toBe('The [hint1] ends.');
    expect(renderClozeFront(text, 2)).toBe('The outer [hint2] text ends.');
    expect(renderClozeBack(text, 1)).toBe('The **outer inner text** ends.');
    expect(renderClozeBack(text, 2)).toBe('The outer **inner** text ends.');
    expect(clozeFullText(text)).toBe('The outer inner text ends.');
  });

  it('nests several levels and keeps deletions read inside one that is not closed', () => {
    const deep = '{{c1::a {{c2::b {{c3::c}} d}} e}}';
    expect(clozeNumbers(deep)).toEqual([1, 2, 3]);
    expect(renderClozeFront(deep, 3)).toBe('a b [...] d e');
    expect(renderClozeFront(deep, 2)).toBe('a [...] e');
    expect(validateCloze('{{c1::a {{c2::b}} c')).toEqual([CLOZE_MESSAGES.unclosed]);
    expect(clozeFullText('{{c1::a {{c2::b}} c')).toBe('{{c1::a b c');
    expect(clozeFullText('x {{c1:: }} {{c2::y}}')).toBe('x {{c1:: }} y');
  });
});
