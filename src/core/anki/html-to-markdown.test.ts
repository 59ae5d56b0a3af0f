import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
