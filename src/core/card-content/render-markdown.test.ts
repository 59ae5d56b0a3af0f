import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { renderCardWith } from './render-markdown';

describe('renderCardWith: KaTeX only for content with maths', () => {
  it('says whether the content held maths, with or without the engine', () => {
    expect(renderCardWith(null, 'What does *hablar* mean? It costs $5')).toEqual({
      html: '<p>What does <em>hablar</em> mean? It costs $5</p>\n',
      usesMath: false,
    });
    expect(renderCardWith(null, 'Energy: $E=mc^2$').usesMath).toBe(true);
    expect(renderCardWith(null, '$$\\int x$$').usesMath).toBe(true);
    expect(renderCardWith(null, '{{c1::$x^2$}}', { cloze: 'back' }).usesMath).toBe(true);
  });

  it('shows the TeX source as text until the engine is there, then renders it', () => {
    const pending = renderCardWith(null, 'Energy: $E=mc^2 <b>$');
    expect(pending.html).toBe(
      '<p>Energy: <span class="math-pending">E=mc^2 &lt;b&gt;</span></p>\n',
    );
    const rendered = renderCardWith(katex, 'Energy: $E=mc^2$');
    expect(rendered.usesMath).toBe(true);
    expect(rendered.html).toContain('<span class="katex">');
    expect(rendered.html).not.toContain('math-pending');
  });
});
