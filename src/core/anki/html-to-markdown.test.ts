import { describe, expect, it } from 'vitest';
import { renderCardHtml } from '../card-content/render';
import { htmlToMarkdown } from './html-to-markdown';

describe('htmlToMarkdown: formatting Anki cards use (issue 20 item 4)', () => {
  it('keeps <sub>/<sup>; a "<sub>" written as text stays text', () => {
    expect(htmlToMarkdown('H<SUB>2</SUB>O, x<sup>2</sup>')).toBe('H<sub>2</sub>O, x<sup>2</sup>');
    const text = htmlToMarkdown('the tag &lt;sub&gt;x&lt;/sub&gt;');
    expect(renderCardHtml(text)).toBe('<p>the tag &lt;sub&gt;x&lt;/sub&gt;</p>\n');
  });

  it('turns <pre> into fenced code with its line breaks, <br> included', () => {
    expect(htmlToMarkdown('Code:<pre>a &lt; b<br>  c\n```</pre>after')).toBe(
      'Code:\n````\na < b\n  c\n```\n````\nafter',
    );
  });

  it('reads &nbsp and a few others without their semicolon, as browsers do', () => {
    expect(htmlToMarkdown('a&nbsp<br>b&nbsp&nbspc &amp d &AMP e')).toBe('a\nb  c & d & e');
    expect(htmlToMarkdown('&nbspx; &unknown')).toBe('x; &unknown');
  });
});
