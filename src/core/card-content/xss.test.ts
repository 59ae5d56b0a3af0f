import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnsafeHtml, renderCardHtml, type RenderCardOptions } from './render';

/**
 * Independent of the renderer's own final check: what must never appear in rendered card HTML.
 * Attribute values are blanked before looking for `on…=` so that escaped text such as a KaTeX
 * error title quoting the input does not count; text content cannot hold a raw `<`.
 */
function inertnessProblems(html: string): string[] {
  const problems: string[] = [];
  if (/<\s*(script|img|iframe|object|embed|frame|style|link|meta|base|form|image)\b/i.test(html))
    problems.push('dangerous tag');
  for (const [tag] of html.matchAll(/<[^>]*>/g)) {
    const withoutValues = tag.replace(/"[^"]*"|'[^']*'/g, '""');
    if (/\son[a-z]+\s*=/i.test(withoutValues)) problems.push(`event attribute in ${tag}`);
    if (/\ssrc(set)?\s*=/i.test(withoutValues)) problems.push(`src in ${tag}`);
    for (const [, href = ''] of tag.matchAll(/\shref="([^"]*)"/g)) {
      if (!/^(https?:\/\/|mailto:)/i.test(href)) problems.push(`href ${href}`);
    }
  }
  if (/javascript:/i.test(html)) problems.push('javascript:');
  // Escaped text such as `&lt;img src=http://…&gt;` is inert; a quoted src can only be markup.
  if (/src\s*=\s*["']\s*http/i.test(html)) problems.push('remote src');
  if (/[\uE000-\uE01F]/.test(html)) problems.push('placeholder left over');
  const reason = findUnsafeHtml(html);
  if (reason !== null) problems.push(`findUnsafeHtml: ${reason}`);
  return problems;
}

const MODES: RenderCardOptions[] = [
  {},
  { cloze: 'front' },
  { cloze: 'back' },
  { cloze: 'front', activeNumber: 1 },
  { cloze: 'back', activeNumber: 2 },
];

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="http://evil.example/pixel.png">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="http://evil.example/x.swf">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;alert(1)&#60;/script&#62;',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '[x](https://example.com "\\" onmouseover=\\"alert(1)")',
  '![x](http://evil.example/pixel.png)',
  '![x](//evil.example/pixel.png)',
  '![x](javascript:alert(1))',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '![<img src=x onerror=alert(1)>](data:image/svg+xml;base64,PHN2Zy8+)',
  '```"><script>alert(1)</script>\ncode\n```',
  '`<script>alert(1)</script>`',
  '$\\href{javascript:alert(1)}{x}$',
  '$$\\url{javascript:alert(1)}$$',
  '$\\includegraphics{http://evil.example/a.png}$',
  '$\\htmlData{onclick=alert(1)}{x}$',
  '$\\text{<img src=x onerror=alert(1)>}$',
  '$\\color{url(javascript:alert(1))}{x}$',
  '{{c1::<img src=x onerror=alert(1)>}}',
  '{{c1::<script>alert(1)</script>}}',
  '{{c1::x::<img src=x onerror=alert(1)>}}',
  '{{c1::x::"><script>alert(1)</script>}}',
  '{{c1::[x](javascript:alert(1))}}',
  '{{c1::![x](http://evil.example/p.png)}}',
  '{{c1::$\\href{javascript:alert(1)}{x}$}}',
  '[a](https://example.com "{{c1::\\" onclick=\\"alert(1)}}")',
  '\uE000\uE010\uE001<img src=x onerror=alert(1)>',
];

describe('XSS payloads render inert', () => {
  it('has a substantial payload list', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(15);
  });

  for (const payload of PAYLOADS) {
    it(`inert: ${JSON.stringify(payload)}`, () => {
      for (const options of MODES) {
        const html = renderCardHtml(payload, options);
        expect(inertnessProblems(html), JSON.stringify(options)).toEqual([]);
      }
    });
  }

  it('shows raw HTML as visible text', () => {
    expect(renderCardHtml('<script>alert(1)</script>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
    );
    expect(renderCardHtml('{{c1::<img src=x onerror=alert(1)>}}', { cloze: 'back' })).toBe(
      '<p><mark class="cloze-answer">&lt;img src=x onerror=alert(1)&gt;</mark></p>\n',
    );
  });

  it('shows the text of a refused link; prose about javascript: stays readable', () => {
    expect(renderCardHtml('[x](javascript:alert(1))')).toBe('<p>x</p>\n');
    // The colon is written as an entity: the page shows "javascript:void(0)".
    expect(renderCardHtml('What does `javascript:void(0)` do?')).toBe(
      '<p>What does <code>javascript&#58;void(0)</code> do?</p>\n',
    );
  });
});

describe('findUnsafeHtml', () => {
  it('accepts what the renderer produces', () => {
    expect(findUnsafeHtml(renderCardHtml('**a** [b](https://x.example) $\\sqrt{x}$'))).toBeNull();
  });

  it('refuses dangerous tags, event and URL attributes, bad links, styles and stray <', () => {
    const cases: Array<[string, string]> = [
      ['<script>x</script>', 'forbidden tag <script>'],
      ['<IMG SRC=x>', 'forbidden tag <img>'],
      ['<iframe></iframe>', 'forbidden tag <iframe>'],
      ['<object></object>', 'forbidden tag <object>'],
      ['<embed>', 'forbidden tag <embed>'],
      ['<span onclick="x">', 'event attribute onclick'],
      ['<svg onload=x>', 'event attribute onload'],
      ['<a href="javascript:x">', 'link scheme'],
      ['<a href="&#106;avascript:x">', 'link scheme'],
      ['<a href=" java&#x09;script:x">', 'link scheme'],
      ['<a href="data:text/html,x">', 'link scheme'],
      ['<a href="/relative">', 'link scheme'],
      ['<span src="http://x">', 'URL attribute src'],
      ['<span style="background:url(x)">', 'style'],
      ['<span x="1"', 'malformed tag'],
      ['a <!-- comment -->', 'malformed tag'],
    ];
    for (const [html, reason] of cases) expect(findUnsafeHtml(html), html).toBe(reason);
  });
});

describe('renderCardHtml on arbitrary input (property)', () => {
  const fragments = [
    '<script>',
    '</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<a href="javascript:alert(1)">',
    'javascript:',
    'JaVaScRiPt:',
    '&#106;',
    '&colon;',
    'http://evil.example/x.png',
    'data:text/html,',
    ' onerror=',
    '"',
    "'",
    '<',
    '>',
    '&',
    '[',
    ']',
    '(',
    ')',
    '![',
    '](',
    '{{c1::',
    '{{c2::',
    '{{c::',
    '::',
    '}}',
    '{',
    '}',
    '$',
    '$$',
    '\\(',
    '\\)',
    '\\[',
    '\\]',
    '\\href{',
    '\\url{',
    '\\includegraphics{',
    '\\',
    '`',
    '```',
    '~~~',
    '\n',
    '\n\n',
    '*',
    '_',
    '# ',
    '- ',
    '> ',
    '    ',
    '|',
    '\uE000',
    '\uE001',
    '\uE010',
    'a',
    ' ',
  ];
  const content = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.string({
      unit: fc.oneof(fc.constantFrom(...fragments), fc.string({ unit: 'binary', maxLength: 2 })),
      maxLength: 40,
    }),
  );
  const options = fc.record(
    {
      cloze: fc.constantFrom<'front' | 'back'>('front', 'back'),
      activeNumber: fc.integer({ min: 0, max: 3 }),
    },
    { requiredKeys: [] },
  );

  it('never throws and never produces script, images, event attributes or javascript:', () => {
    fc.assert(
      fc.property(content, options, (text, opts) => {
        const html = renderCardHtml(text, opts);
        expect(inertnessProblems(html)).toEqual([]);
      }),
      { numRuns: 1500 },
    );
  });
});
