import { describe, expect, it } from 'vitest';
import { LINK_REL, plainTextOf, renderCardHtml } from './render';

const html = (content: string, options?: Parameters<typeof renderCardHtml>[1]) =>
  renderCardHtml(content, options);
const LINK_ATTRS = `target="_blank" rel="${LINK_REL}"`;

describe('renderCardHtml: markdown', () => {
  it('renders emphasis, strong and strikethrough', () => {
    expect(html('*a* _b_ **c** ~~d~~')).toBe(
      '<p><em>a</em> <em>b</em> <strong>c</strong> <s>d</s></p>\n',
    );
  });

  it('renders lists', () => {
    expect(html('- one\n- two')).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n');
    expect(html('1. one\n2. two')).toBe('<ol>\n<li>one</li>\n<li>two</li>\n</ol>\n');
  });

  it('renders inline code and fenced code with its language, escaped', () => {
    expect(html('use `a < b`')).toBe('<p>use <code>a &lt; b</code></p>\n');
    expect(html('```ts\nconst a = "<b>";\n```')).toBe(
      '<pre><code class="language-ts">const a = &quot;&lt;b&gt;&quot;;\n</code></pre>\n',
    );
  });

  it('turns single newlines into line breaks', () => {
    expect(html('line one\nline two')).toBe('<p>line one<br>\nline two</p>\n');
  });

  it('escapes raw HTML instead of interpreting it', () => {
    expect(html('<b>bold</b>')).toBe('<p>&lt;b&gt;bold&lt;/b&gt;</p>\n');
    expect(html('<div>\nblock\n</div>')).toBe('<p>&lt;div&gt;<br>\nblock<br>\n&lt;/div&gt;</p>\n');
  });

  it('does not linkify bare addresses', () => {
    expect(html('see https://example.com')).toBe('<p>see https://example.com</p>\n');
  });

  it('renders headings, quotes and tables', () => {
    expect(html('# Title')).toBe('<h1>Title</h1>\n');
    expect(html('> quoted')).toBe('<blockquote>\n<p>quoted</p>\n</blockquote>\n');
    expect(html('| a |\n|---|\n| 1 |')).toContain('<td>1</td>');
  });

  it('treats CRLF like LF', () => {
    expect(html('a\r\nb')).toBe(html('a\nb'));
  });

  it('renders empty content, and a missing back, as nothing', () => {
    expect(html('')).toBe('');
    expect(html(null as unknown as string)).toBe('');
  });
});

describe('renderCardHtml: links and images', () => {
  it('opens http(s) and mailto links in a new tab without referrer or opener', () => {
    expect(html('[site](https://example.com/a?b=1)')).toBe(
      `<p><a href="https://example.com/a?b=1" ${LINK_ATTRS}>site</a></p>\n`,
    );
    expect(html('[mail](mailto:a@example.com)')).toBe(
      `<p><a href="mailto:a@example.com" ${LINK_ATTRS}>mail</a></p>\n`,
    );
    expect(html('<https://example.com>')).toBe(
      `<p><a href="https://example.com" ${LINK_ATTRS}>https://example.com</a></p>\n`,
    );
  });

  it('keeps a title, escaped', () => {
    expect(html('[a](https://x.example "say \\"hi\\"")')).toBe(
      `<p><a href="https://x.example" title="say &quot;hi&quot;" ${LINK_ATTRS}>a</a></p>\n`,
    );
  });

  it('shows only the text of links with other schemes or relative addresses', () => {
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'vbscript:x',
      'file:///etc/passwd',
      '/relative',
      '#anchor',
      '//example.com/x',
    ]) {
      expect(html(`[text](${href})`), href).toBe('<p>text</p>\n');
    }
  });

  it('never embeds images: a remote image becomes a link labelled with its alt text', () => {
    expect(html('![a cat](https://example.com/cat.png)')).toBe(
      `<p><a href="https://example.com/cat.png" ${LINK_ATTRS}>a cat</a></p>\n`,
    );
    expect(html('![](https://example.com/cat.png)')).toBe(
      `<p><a href="https://example.com/cat.png" ${LINK_ATTRS}>image</a></p>\n`,
    );
  });

  it('renders other images, and images inside links, as their alt text', () => {
    expect(html('![a *cat*](data:image/png;base64,AAAA)')).toBe('<p>a cat</p>\n');
    expect(html('![cat](cat.png)')).toBe('<p>cat</p>\n');
    expect(html('[![cat](https://x.example/c.png)](https://x.example)')).toBe(
      `<p><a href="https://x.example" ${LINK_ATTRS}>cat</a></p>\n`,
    );
  });
});

describe('renderCardHtml: math', () => {
  it('renders $…$ and \\(…\\) inline with KaTeX, HTML and MathML', () => {
    for (const source of ['$x^2$', '\\(x^2\\)']) {
      const out = html(`a ${source} b`);
      expect(out, source).toContain('<span class="katex">');
      expect(out, source).toContain('<math');
      expect(out, source).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
      expect(out, source).not.toContain('katex-display');
      expect(out.startsWith('<p>a <span class="katex">'), source).toBe(true);
    }
  });

  it('renders $$…$$ and \\[…\\] as display math, inline or as a block', () => {
    expect(html('see $$\\sum_i x_i$$ here')).toContain('<span class="katex-display">');
    const block = html('$$\n\\frac{a}{b}\n$$');
    expect(block.startsWith('<div class="math-block"><span class="katex-display">')).toBe(true);
    expect(block).toContain('<mfrac>');
    expect(html('\\[\na^2+b^2=c^2\n\\]')).toContain('<div class="math-block">');
    expect(html('$$x$$')).toContain('<div class="math-block">');
  });

  it('does not let emphasis or escapes mangle math', () => {
    const out = html('$a_1 * b_1 * c$ and $\\{x\\}$');
    expect(out).not.toContain('<em>');
    expect(out).toContain('<annotation encoding="application/x-tex">a_1 * b_1 * c</annotation>');
    expect(out).toContain('<annotation encoding="application/x-tex">\\{x\\}</annotation>');
  });

  it('keeps an escaped dollar as a dollar sign', () => {
    expect(html('costs \\$5 and \\$10')).toBe('<p>costs $5 and $10</p>\n');
    expect(html('\\$x\\$')).toBe('<p>$x$</p>\n');
  });

  it('leaves prices in prose alone', () => {
    expect(html('$5 and $10')).toBe('<p>$5 and $10</p>\n');
    expect(html('pay $ 5 or 6 $')).toBe('<p>pay $ 5 or 6 $</p>\n');
    expect(html('$x$5')).toBe('<p>$x$5</p>\n');
  });

  it('shows invalid TeX as an error instead of throwing', () => {
    const out = html('$\\frac{$ and $\\undefinedmacro$');
    expect(out).toContain('katex');
    expect(out).toContain('undefinedmacro');
  });

  it('does not render math inside code', () => {
    expect(html('`$x$`')).toBe('<p><code>$x$</code></p>\n');
  });

  it('refuses \\href, \\url, \\includegraphics and \\html… (untrusted)', () => {
    for (const tex of [
      '\\href{https://example.com}{x}',
      '\\url{https://example.com}',
      '\\includegraphics{https://example.com/a.png}',
      '\\htmlId{id}{x}',
      '\\htmlClass{c}{x}',
      '\\htmlStyle{color:red}{x}',
      '\\htmlData{a=b}{x}',
    ]) {
      const out = html(`$${tex}$`);
      expect(out, tex).not.toContain('<a ');
      expect(out, tex).not.toContain('href=');
      expect(out, tex).not.toContain('<img');
      expect(out, tex).not.toContain('id="id"');
      expect(out, tex).not.toContain('data-a');
    }
  });

  it('bounds sizes so math cannot cover the page', () => {
    const out = html('$\\rule{1000em}{1000em}$');
    expect(out).not.toMatch(/(width|height)[:=]"?1000em/);
    expect(out).toContain('border-top-width:10em');
  });
});

describe('renderCardHtml: cloze', () => {
  const text = 'The {{c1::mitochondria}} is the {{c2::powerhouse::metaphor}} of the {{c1::cell}}.';
  const blank = '<span class="cloze-blank">[...]</span>';

  it('leaves cloze markup as text without the cloze option', () => {
    expect(html('{{c1::x}}')).toBe('<p>{{c1::x}}</p>\n');
  });

  it('blanks every deletion on the front by default', () => {
    expect(html(text, { cloze: 'front' })).toBe(
      `<p>The ${blank} is the <span class="cloze-blank">[metaphor]</span> of the ${blank}.</p>\n`,
    );
  });

  it('blanks only the active number, showing the others plainly', () => {
    expect(html(text, { cloze: 'front', activeNumber: 1 })).toBe(
      `<p>The ${blank} is the powerhouse of the ${blank}.</p>\n`,
    );
    expect(html(text, { cloze: 'front', activeNumber: 2 })).toBe(
      '<p>The mitochondria is the <span class="cloze-blank">[metaphor]</span> of the cell.</p>\n',
    );
  });

  it('marks every answer on the back by default, or only the active ones', () => {
    expect(html(text, { cloze: 'back' })).toBe(
      '<p>The <mark class="cloze-answer">mitochondria</mark> is the ' +
        '<mark class="cloze-answer">powerhouse</mark> of the <mark class="cloze-answer">cell</mark>.</p>\n',
    );
    expect(html(text, { cloze: 'back', activeNumber: 2 })).toBe(
      '<p>The mitochondria is the <mark class="cloze-answer">powerhouse</mark> of the cell.</p>\n',
    );
  });

  it('renders nested deletions as Anki does (issue 20 item 7)', () => {
    const nested = 'A {{c1::*outer* {{c2::inner}} text}} B';
    expect(html(nested, { cloze: 'front', activeNumber: 1 })).toBe(`<p>A ${blank} B</p>\n`);
    expect(html(nested, { cloze: 'front', activeNumber: 2 })).toBe(
      `<p>A <em>outer</em> ${blank} text B</p>\n`,
    );
    expect(html(nested, { cloze: 'back', activeNumber: 1 })).toBe(
      '<p>A <mark class="cloze-answer"><em>outer</em> inner text</mark> B</p>\n',
    );
    expect(html(nested, { cloze: 'back', activeNumber: 2 })).toBe(
      '<p>A <em>outer</em> <mark class="cloze-answer">inner</mark> text B</p>\n',
    );
    expect(plainTextOf(nested)).toBe('A outer inner text B');
  });

  it('renders answers and hints as inline markdown and math', () => {
    expect(html('{{c1::**bold** `code`}}', { cloze: 'back' })).toBe(
      '<p><mark class="cloze-answer"><strong>bold</strong> <code>code</code></mark></p>\n',
    );
    const math = html('Energy: {{c1::$E=mc^2$}}', { cloze: 'back' });
    expect(math).toContain('<mark class="cloze-answer"><span class="katex">');
    expect(html('{{c1::x::*a* hint}}', { cloze: 'front' })).toBe(
      '<p><span class="cloze-blank">[<em>a</em> hint]</span></p>\n',
    );
  });

  it('keeps deletions inside markdown structure', () => {
    expect(html('- **{{c1::a}}**\n- {{c2::b}}', { cloze: 'front', activeNumber: 1 })).toBe(
      `<ul>\n<li><strong>${blank}</strong></li>\n<li>b</li>\n</ul>\n`,
    );
    expect(html('[{{c1::x}}](https://x.example)', { cloze: 'back' })).toBe(
      `<p><a href="https://x.example" ${LINK_ATTRS}><mark class="cloze-answer">x</mark></a></p>\n`,
    );
  });

  it('leaves math and code with braces alone', () => {
    const out = html('$\\frac{a}{b}$ `{{c1::x}}` {{c2::y}}', { cloze: 'front' });
    expect(out).toContain('<mfrac>');
    expect(out).toContain('<code>{{c1::x}}</code>');
    expect(out).toContain(blank);
  });

  it('shows plain text where a deletion lands outside text (a link title)', () => {
    expect(html('[a](https://x.example "{{c1::t}}")', { cloze: 'front' })).toBe(
      `<p><a href="https://x.example" title="[...]" ${LINK_ATTRS}>a</a></p>\n`,
    );
  });

  it('shows plain text where markdown puts a deletion in code or image alt text', () => {
    expect(html('    indented {{c1::x}}', { cloze: 'front' })).toBe(
      '<pre><code>indented [...]\n</code></pre>\n',
    );
    expect(html('    indented {{c1::<b>}}', { cloze: 'back' })).toBe(
      '<pre><code>indented &lt;b&gt;\n</code></pre>\n',
    );
    expect(html('![{{c1::x}}](https://x.example/a.png)', { cloze: 'front' })).toBe(
      `<p><a href="https://x.example/a.png" ${LINK_ATTRS}>[...]</a></p>\n`,
    );
  });

  it('leaves deletions inside fences (also in lists) and inside math as written', () => {
    expect(html('- item\n  ```\n  {{c1::x}}\n  ```', { cloze: 'front' })).toContain(
      '<pre><code>{{c1::x}}\n</code></pre>',
    );
    expect(html('$$\n{{c1::x}}\n$$', { cloze: 'front' })).toContain(
      '<annotation encoding="application/x-tex">\n{{c1::x}}\n</annotation>',
    );
  });

  it('keeps malformed deletions as text', () => {
    expect(html('{{c0::x}} {{c1::}}', { cloze: 'front' })).toBe('<p>{{c0::x}} {{c1::}}</p>\n');
  });

  it('shows all answers for an active number that is not on the card', () => {
    expect(html(text, { cloze: 'front', activeNumber: 9 })).toBe(
      '<p>The mitochondria is the powerhouse of the cell.</p>\n',
    );
  });

  it('cannot be forged by user text', () => {
    const forged = '\uE000\uE010\uE001 <span class="cloze-blank">x</span>';
    const out = html(`${forged} {{c1::real}}`, { cloze: 'front' });
    expect(out.match(/class="cloze-blank"/g)).toHaveLength(1);
    expect(out).toContain('&lt;span class=&quot;cloze-blank&quot;&gt;x&lt;/span&gt;');
    expect(out).not.toMatch(/[\uE000-\uE01F]/);
  });
});

describe('plainTextOf', () => {
  it('strips markdown to readable text', () => {
    expect(plainTextOf('# Title\n\n- **bold** and *em*\n- [link](https://x.example)')).toBe(
      'Title bold and em link',
    );
    expect(plainTextOf('```js\nconst a = 1;\n```\nafter `code`')).toBe('const a = 1; after code');
  });

  it('replaces deletions with their answers', () => {
    expect(plainTextOf('The {{c1::mitochondria::organelle}} is the {{c2::powerhouse}}.')).toBe(
      'The mitochondria is the powerhouse.',
    );
  });

  it('keeps math as its TeX source and images as their alt text', () => {
    expect(plainTextOf('Energy $E=mc^2$ ![a diagram](https://x.example/d.png)')).toBe(
      'Energy E=mc^2 a diagram',
    );
  });

  it('returns text, not HTML: entities are decoded and tags are kept as text', () => {
    expect(plainTextOf('a &amp; b <b>c</b>')).toBe('a & b <b>c</b>');
  });

  it('collapses whitespace and handles empty content', () => {
    expect(plainTextOf('  a\n\n\n  b  ')).toBe('a b');
    expect(plainTextOf('')).toBe('');
  });
});
