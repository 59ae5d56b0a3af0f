import { describe, expect, it } from 'vitest';
import { ankiFieldHtml, mediaNamesIn } from './field-html';

describe('ankiFieldHtml', () => {
  it('renders Markdown to HTML and unwraps a single paragraph', () => {
    expect(ankiFieldHtml('The **mitochondria**')).toBe('The <strong>mitochondria</strong>');
    expect(ankiFieldHtml('one\ntwo')).toBe('one<br>\ntwo');
    expect(ankiFieldHtml('- a\n- b')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>');
    expect(ankiFieldHtml('p1\n\np2')).toBe('<p>p1</p>\n<p>p2</p>');
  });

  it('escapes raw HTML, as Mnemo shows it', () => {
    expect(ankiFieldHtml('<script>alert(1)</script> & <b>')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;',
    );
  });

  it('writes math for MathJax and leaves cloze markers as Anki reads them', () => {
    expect(ankiFieldHtml('Area $\\pi r^2$ and $$a<b$$')).toBe(
      'Area \\(\\pi r^2\\) and \\[a&lt;b\\]',
    );
    expect(ankiFieldHtml('\\(x_1\\) costs $5 and $10')).toBe('\\(x_1\\) costs $5 and $10');
    expect(ankiFieldHtml('{{c1::Paris}} is in {{c2::France::country}}')).toBe(
      '{{c1::Paris}} is in {{c2::France::country}}',
    );
  });

  it('stays linear on many unclosed dollars', () => {
    const text = '$a '.repeat(50_000);
    expect(ankiFieldHtml(text).length).toBeGreaterThan(100_000);
  });
});

describe('stored media in Anki fields', () => {
  const png = `${'a'.repeat(64)}.png`;
  const mp3 = `${'b'.repeat(64)}.mp3`;

  it('writes an image as <img src> and a sound as [sound:] with the stored name', () => {
    expect(ankiFieldHtml(`Look ![](mnemo-media:${png})`)).toBe(`Look <img src="${png}">`);
    expect(ankiFieldHtml(`Hear ![sound](mnemo-media:${mp3})`)).toBe(`Hear [sound:${mp3}]`);
  });

  it('leaves other images and malformed media names to the usual rendering', () => {
    expect(ankiFieldHtml('![x](https://example.com/a.png)')).toBe(
      '<img src="https://example.com/a.png" alt="x">',
    );
    expect(ankiFieldHtml('![](mnemo-media:abc.png)')).not.toContain('src="abc.png"');
  });

  it('lists the stored media a card refers to, once each', () => {
    const content = `![](mnemo-media:${png}) and ![](mnemo-media:${png}) ![s](mnemo-media:${mp3})`;
    expect(mediaNamesIn(content)).toEqual([png, mp3]);
    expect(mediaNamesIn(`mnemo-media:${'a'.repeat(64)}.svg`)).toEqual([]);
  });
});
