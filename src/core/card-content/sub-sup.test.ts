import { describe, expect, it } from 'vitest';
import { ankiFieldHtml } from '../anki-export/field-html';
import { renderCardHtml } from './render';

describe('<sub> and <sup> in card content (issue 20 item 4)', () => {
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

  it('stays linear on many unpaired tags', () => {
    const start = performance.now();
    renderCardHtml('<sub>'.repeat(20_000));
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('goes to Anki as the same tags', () => {
    expect(ankiFieldHtml('H<sub>2</sub>O')).toBe('H<sub>2</sub>O');
  });
});
