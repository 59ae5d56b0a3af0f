import { describe, expect, it, vi } from 'vitest';
import { renderCardHtml } from './render';

// Simulates a flaw in a dependency: KaTeX returning markup it never should.
vi.mock('katex', () => ({
  default: { renderToString: () => '<img src="http://evil.example/p.png" onerror="alert(1)">' },
}));

describe('renderCardHtml final check', () => {
  it('falls back to escaped text when the rendered HTML is not safe', () => {
    expect(renderCardHtml('**a** $x$\nb <i>')).toBe('<p>**a** $x$<br>\nb &lt;i&gt;</p>\n');
  });

  it('keeps javascript: out of the fallback too', () => {
    expect(renderCardHtml('$x$ javascript:alert(1)')).toBe('<p>$x$ javascript&#58;alert(1)</p>\n');
  });
});
