import { describe, expect, it } from 'vitest';
import { ankiFieldHtml } from '../anki-export/field-html';
import { renderCardHtml } from './render';

describe('<sub>, <sup>, <u> and colours in card content (issue 20 item 4)', () => {
  it('renders the bare pairs, with Markdown and cloze inside', () => {
    expect(renderCardHtml('H<sub>2</sub>O and x<SUP>**2**</SUP>')).toBe(
      '<p>H<sub>2</sub>O and x<sup><strong>2</strong></sup></p>\n',
    );
    expect(renderCardHtml('x<sup>{{c1::2}}</sup>', { cloze: 'front', activeNumber: 1 })).toBe(
      '<p>x<sup><span class="cloze-blank">[...]</span></sup></p>\n',
    );
  });

  it('keeps anything else escaped: attributes, unpaired tags, other tags', () => {
    expect(renderCardHtml('<sub onclick="x()">a</sub>')).toBe(
      '<p>&lt;sub onclick=&quot;x()&quot;&gt;a&lt;/sub&gt;</p>\n',
    );
    expect(renderCardHtml('a<sub>b')).toBe('<p>a&lt;sub&gt;b</p>\n');
    expect(renderCardHtml('`<sub>x</sub>`')).toBe('<p><code>&lt;sub&gt;x&lt;/sub&gt;</code></p>\n');
    expect(renderCardHtml('<sub><img src=x onerror=alert(1)></sub>')).toBe(
      '<p><sub>&lt;img src=x onerror=alert(1)&gt;</sub></p>\n',
    );
  });

  it('renders underline and a safe colour, with Markdown and cloze inside', () => {
    expect(renderCardHtml('<u>under</u> and <span style="color:#E66100">**hot**</span>')).toBe(
      '<p><u>under</u> and <span style="color:#e66100"><strong>hot</strong></span></p>\n',
    );
    expect(
      renderCardHtml('<span style="color:red">{{c1::Paris}}</span>', {
        cloze: 'front',
        activeNumber: 1,
      }),
    ).toBe('<p><span style="color:red"><span class="cloze-blank">[...]</span></span></p>\n');
  });

  it('keeps every other colour or style as text', () => {
    for (const content of [
      '<span style="color:url(x)">a</span>',
      '<span style="color:#12">a</span>',
      '<span style="color:red;background:url(x)">a</span>',
      '<span style="background:red">a</span>',
      '<span style=color:red>a</span>',
      '<span class="x">a</span>',
      '<u class="x">a</u>',
    ]) {
      const html = renderCardHtml(content);
      expect(html, content).not.toMatch(/<span|<u\b/);
      expect(html).toContain('&lt;');
    }
  });

  it('leaves many unpaired colour tags as text', () => {
    const html = renderCardHtml(`${'<span style="color:red">'.repeat(5_000)}x</span>`);
    expect(html.match(/<span style="color:red">/g)).toHaveLength(1);
    expect(html.match(/&lt;span/g)).toHaveLength(4_999);
  });

  it('stays linear on many unpaired tags', () => {
    const start = performance.now();
    renderCardHtml('<sub>'.repeat(20_000));
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('goes to Anki as the same tags', () => {
    expect(ankiFieldHtml('H<sub>2</sub>O')).toBe('H<sub>2</sub>O');
    expect(ankiFieldHtml('<u>u</u> <span style="color:#e66100">c</span>')).toBe(
      '<u>u</u> <span style="color:#e66100">c</span>',
    );
  });
});
