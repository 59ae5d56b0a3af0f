import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ankiFieldHtml } from '../anki-export/field-html';
import { renderCardHtml } from '../card-content/render';
import { htmlToMarkdown } from './html-to-markdown';

/** Issue 21: many block tags cost each its own size, not the whole output written before it. */
describe('htmlToMarkdown on many and deeply nested block tags', () => {
  it('writes one line per list item, however many there are', () => {
    const html = `<ul>${'<li>x</li>'.repeat(20_000)}</ul>`;
    const lines = htmlToMarkdown(html).split('\n');
    expect(lines).toHaveLength(20_000);
    expect(new Set(lines)).toEqual(new Set(['- x']));
  });

  it('indents nested lists up to eight levels and no further', () => {
    const depth = 2_000;
    const html = `${'<ul><li>a'.repeat(depth)}${'</li></ul>'.repeat(depth)}`;
    const lines = htmlToMarkdown(html).split('\n');
    expect(lines).toHaveLength(depth);
    expect(lines[1]).toBe('  - a');
    expect(lines[8]).toBe(`${'  '.repeat(8)}- a`);
    expect(lines.at(-1)).toBe(`${'  '.repeat(8)}- a`);
    // The output grows with the input, not with its square.
    expect(htmlToMarkdown(html).length).toBeLessThan(2 * html.length);
  });

  it('puts blocks on their own lines whatever tags are repeated or nested', () => {
    const tag = fc.constantFrom('div', 'p', 'li', 'blockquote', 'h2', 'tr', 'ul', 'ol');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(tag, fc.stringMatching(/^[a-z]{1,5}$/)), { maxLength: 60 }),
        (parts) => {
          const html = parts.map(([name, text]) => `<${name}>${text}</${name}>`).join('');
          const markdown = htmlToMarkdown(html);
          // Every word survives, in order, and no line is left with trailing space.
          const words = parts.map(([, text]) => text);
          let from = 0;
          for (const word of words) {
            const at = markdown.indexOf(word, from);
            expect(at).toBeGreaterThanOrEqual(0);
            from = at + word.length;
          }
          expect(markdown.split('\n').every((line) => line === line.trimEnd())).toBe(true);
        },
      ),
    );
  });
});

describe('formatting kept both ways (issue 20 item 4)', () => {
  it('breaks lines without an added space', () => {
    expect(htmlToMarkdown('one<br>\ntwo')).toBe('one\ntwo');
    expect(htmlToMarkdown('<div>one</div>\n  <div>two</div>')).toBe('one\ntwo');
    expect(htmlToMarkdown('<ul>\n<li>a</li>\n<li>b</li>\n</ul>')).toBe('- a\n- b');
  });

  it('writes tables as Markdown tables the renderer shows, pipes escaped', () => {
    const markdown = htmlToMarkdown(
      '<table><tr><th>h1</th><th align="center">h2</th></tr>' +
        '<tr><td>a|b</td><td><b>x</b><br>\\(|x|\\)</td></tr><tr><td>c</td></tr></table>after',
    );
    expect(markdown).toBe(
      '| h1 | h2 |\n| --- | :---: |\n| a\\|b | **x** \\(\\|x\\|\\) |\n| c |  |\n\nafter',
    );
    const html = renderCardHtml(markdown);
    expect(html).toContain('<th style="text-align:center">h2</th>');
    expect(html).toContain('<td>a|b</td>');
    expect(html).toContain('<td style="text-align:center"></td>');
    expect(html).toMatch(/<td style="text-align:center"><strong>x<\/strong> <span class="katex">/);
  });

  it('keeps a table inside a cloze deletion as lines (a deletion renders inline)', () => {
    expect(htmlToMarkdown('{{c1::<table><tr><td>a</td><td>b</td></tr></table>}}')).toBe(
      '{{c1::\na | b |\n}}',
    );
  });

  it('keeps underline and colours as the tags the renderer keeps, other styles as marks', () => {
    expect(htmlToMarkdown('<u>under</u> <ins>ins</ins>')).toBe('<u>under</u> <u>ins</u>');
    expect(htmlToMarkdown('<span style="color: rgb(230, 97, 0);">orange</span>')).toBe(
      '<span style="color:#e66100">orange</span>',
    );
    expect(
      htmlToMarkdown('<font color="#FF0000">red</font> <span style="color: Blue">b</span>'),
    ).toBe('<span style="color:#ff0000">red</span> <span style="color:blue">b</span>');
    expect(
      htmlToMarkdown(
        '<span style="font-weight: 600; font-style: italic; text-decoration: underline">x</span>',
      ),
    ).toBe('***<u>x</u>***');
    // Unsafe or unknown colours are dropped, the text kept.
    expect(
      htmlToMarkdown('<span style="color: url(x)">a</span><font color="expression(1)">b</font>'),
    ).toBe('ab');
    expect(htmlToMarkdown('<span style="background-color: red">a</span>')).toBe('a');
  });

  it('writes marks properly nested, never empty, never across a line or a cell', () => {
    expect(htmlToMarkdown('<b>bold </b>text')).toBe('**bold** text');
    expect(htmlToMarkdown('<b></b>x<u> </u>y')).toBe('x y');
    expect(htmlToMarkdown('<u><b>x</b></u>')).toBe('<u>**x**</u>');
    expect(htmlToMarkdown('<b>a<br>b</b>')).toBe('**a**\n**b**');
    // A colour inside a colour: the inner one alone, the outer one again after it.
    expect(htmlToMarkdown('<font color="red">r <span style="color:blue">b</span> r</font>')).toBe(
      '<span style="color:red">r</span> <span style="color:blue">b</span> <span style="color:red">r</span>',
    );
    expect(htmlToMarkdown('<u>a <u>b</u> c</u>')).toBe('<u>a</u> <u>b</u> <u>c</u>');
    // Text that looks like a kept tag stays text.
    expect(htmlToMarkdown('&lt;u&gt;x&lt;/u&gt;')).toBe('\\<u>x\\</u>');
  });

  it('renders what it writes: every kept tag as HTML, nothing as source', () => {
    const html = renderCardHtml(
      htmlToMarkdown(
        '<u>u</u> <span style="color: rgb(230, 97, 0);">c <b>b</b></span><br><font color=green>g</font>',
      ),
    );
    expect(html).toBe(
      '<p><u>u</u> <span style="color:#e66100">c <strong>b</strong></span><br>\n<span style="color:green">g</span></p>\n',
    );
  });

  it('gives back the Markdown of an export: headings, quotes, tables, code, lists', () => {
    for (const markdown of [
      '# Title\n\nSome **bold** text',
      '## Sub\n\n> a quote\n> second line\n\nafter',
      '| a | b |\n| --- | --- |\n| 1 | 2 |',
      '| left | centre | right |\n| :--- | :---: | ---: |\n| **x** | \\(y\\) | <u>z</u> |',
      '```js\nconst x = 1;\n```',
      '```\nplain\n```',
      'one\ntwo',
      'p1\n\np2',
      '- a\n- b\n\n1. one\n1. two',
      'H<sub>2</sub>O, x<sup>2</sup>, <u>under</u>, <span style="color:#e66100">orange</span>',
      '$x^2$ and $$y$$'.replace('$x^2$', '\\(x^2\\)').replace('$$y$$', '\\[y\\]'),
      '{{c1::Paris}} is in <span style="color:red">{{c2::France}}</span>',
    ]) {
      expect(htmlToMarkdown(ankiFieldHtml(markdown)), markdown).toBe(markdown);
    }
  });

  it('stays linear on deeply nested marks and spans', () => {
    const html = `${'<span style="color:red"><b>'.repeat(5_000)}x${'</b></span>'.repeat(5_000)}`;
    const start = performance.now();
    expect(htmlToMarkdown(html)).toContain('x');
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
