/**
 * Formatting of real packages kept on import (issue 20 item 4): `<sub>`/`<sup>`, `<pre>` code
 * with its line breaks and a table (anki-stock-notetypes-crafted.apkg), `&nbsp` without its
 * semicolon read as a space (the templates of zhongwen.apkg), a colour (multiple-choice.apkg),
 * tables and maths of latex2anki.apkg, and the card renderer showing them. Anki's `[latex]`
 * (issue 20 item 3) in packages written as Anki writes them, with and without its pictures.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCardHtml } from '../../../core/card-content/render';
import { buildPackage, STOCK, type FixtureSpec } from '../../../../test/support/anki/test-packages';
import { tinyPng } from '../../../../test/support/anki/test-media';
import { ankiLatexFileName } from './media';
import { createDb, type Db } from '../../db/database';
import { newUser } from '../../../../test/support/fixtures';
import {
  importRealPackage,
  realAnkiPackage,
  storedCards,
} from '../../../../test/support/real-anki';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';

let server: TestServer;
let db: Db;

beforeAll(async () => {
  server = await startTestServer();
  db = createDb(
    server.databaseUrl
      ? { kind: 'postgres', url: server.databaseUrl, poolSize: 2 }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'mnemo.db') },
  );
});

afterAll(async () => {
  await db?.close();
  await server?.stop();
});

async function imported(name: string) {
  const user = await newUser(server.url);
  await importRealPackage(user, await realAnkiPackage(`real/${name}`), name);
  return storedCards(db, user);
}

describe('formatting of real packages (issue 20 item 4)', () => {
  it('keeps <sub>/<sup> and <pre> code with its line breaks, and renders them', async () => {
    const cards = await imported('anki-stock-notetypes-crafted.apkg');
    const water = cards.find((card) => card.front_content.includes('is {{c1::water}}'));
    expect(water?.front_content).toBe(
      'H<sub>2</sub>O is {{c1::water}}; x<sup>2</sup> is {{c2::x squared}}',
    );
    const html = renderCardHtml(water?.front_content ?? '', { cloze: 'front', activeNumber: 1 });
    expect(html).toContain('H<sub>2</sub>O');
    expect(html).toContain('x<sup>2</sup>');

    const code = cards.find((card) => card.front_content.includes('def f():'));
    expect(code?.front_content).toBe('```\ndef f():\n    return 1\n\nprint(f())\n```');
    expect(renderCardHtml(code?.front_content ?? '')).toBe(
      '<pre><code>def f():\n    return 1\n\nprint(f())\n</code></pre>\n',
    );
  });

  it('keeps a table as a Markdown table the renderer shows', async () => {
    const cards = await imported('anki-stock-notetypes-crafted.apkg');
    const table = cards.find((card) => card.back_content?.includes('| h1 | h2 |'));
    expect(table?.back_content).toBe('| h1 | h2 |\n| --- | --- |\n| a | b |');
    const html = renderCardHtml(table?.back_content ?? '');
    expect(html).toContain('<th>h1</th>');
    expect(html).toContain('<td>b</td>');
  });

  it('keeps a colour as a safe style, and shows it (multiple-choice.apkg)', async () => {
    const cards = await imported('multiple-choice.apkg');
    const coloured = cards.find((card) => card.back_content?.includes('<span style'));
    expect(coloured?.back_content).toContain(
      '<span style="color:#e66100"><div class="multiple-choice-button">none</div></span>',
    );
    const html = renderCardHtml(coloured?.back_content ?? '');
    expect(html).toContain(
      '<span style="color:#e66100">&lt;div class=&quot;multiple-choice-button&quot;&gt;none&lt;/div&gt;</span>',
    );
  });

  it('latex2anki.apkg: every card shows its maths and tables, none as source', async () => {
    const cards = await imported('latex2anki.apkg');
    expect(cards).toHaveLength(10);
    for (const card of cards) {
      for (const side of ['front', 'back'] as const) {
        const html = renderCardHtml(card.front_content, {
          cloze: side,
          activeNumber: card.cloze_number ?? 1,
        });
        expect(html, card.front_content).not.toMatch(
          /katex-error|math-error|\\\(|\\\[|&lt;(td|p|div)/,
        );
      }
    }
    // A table of formulas with a deletion in each row is a table.
    const aligned = cards.find((card) => card.front_content.startsWith('Aligned equations'));
    const html = renderCardHtml(aligned?.front_content ?? '', { cloze: 'back', activeNumber: 2 });
    expect(html).toContain('<table>');
    expect(html).toMatch(/<mark class="cloze-answer">.*class="katex"/);
  });

  it('reads &nbsp without its semicolon as a space, never as text (zhongwen.apkg)', async () => {
    const cards = await imported('zhongwen.apkg');
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.front_content).not.toMatch(/&nbsp/);
      expect(card.back_content ?? '').not.toMatch(/&nbsp/);
    }
  });
});

describe("Anki's [latex] (issue 20 item 3)", () => {
  const tabular = '\\begin{tabular}{cc} a &amp; b \\end{tabular}';
  const tikz = '\\begin{tikzpicture}\\draw (0,0) -- (1,1);\\end{tikzpicture}';
  const latexPackage = (generation: FixtureSpec['generation']) =>
    buildPackage({
      generation,
      noteTypes: [STOCK.basic],
      decks: [{ id: 1, name: 'LaTeX' }],
      notes: [
        {
          guid: `latex-${generation}`,
          mid: STOCK.basic.id,
          fields: [`A table: [latex]${tabular}[/latex]`, `[latex]${tikz}[/latex]`],
          cards: [{ ord: 0 }],
        },
        {
          guid: `maths-${generation}`,
          mid: STOCK.basic.id,
          fields: [
            '[latex]$x^2$[/latex] and [$$]\\sum_i i[/$$]',
            '[latex]Let $x &lt; 1$ be[/latex]',
          ],
          cards: [{ ord: 0 }],
        },
      ],
      // Anki's picture of the table (named by its LaTeX); none of the TikZ drawing.
      media: [
        {
          name: ankiLatexFileName('\\begin{tabular}{cc} a & b \\end{tabular}'),
          data: tinyPng('tabular'),
        },
      ],
    });

  it.each(['anki21b', 'anki2'] as const)(
    "maths KaTeX renders, else Anki's picture when the package has it (%s)",
    async (generation) => {
      const user = await newUser(server.url);
      const summary = await importRealPackage(user, latexPackage(generation), 'latex.apkg');
      expect(summary).toMatchObject({ notes: 2, cards: 2, skipped: [] });
      const cards = await storedCards(db, user);
      const table = cards.find((card) => card.front_content.startsWith('A table'));
      expect(table?.front_content).toMatch(
        /^A table: !\[\\begin\{tabular\}\{cc\} a & b \\end\{tabular\}\]\(mnemo-media:[0-9a-f]{64}\.png\)$/,
      );
      expect(renderCardHtml(table?.front_content ?? '')).toContain('<img');
      // No picture of the drawing: it stays maths (KaTeX marks what it cannot set).
      expect(table?.back_content).toBe(`\\(\\text{${tikz}}\\)`);
      const maths = cards.find((card) => card.front_content.includes('x^2'));
      expect(maths?.front_content).toBe('\\(x^2\\) and \\[\\sum_i i\\]');
      expect(maths?.back_content).toBe('Let \\(x < 1\\) be');
      for (const side of [maths?.front_content ?? '', maths?.back_content ?? '']) {
        const html = renderCardHtml(side);
        expect(html).toContain('class="katex"');
        expect(html).not.toMatch(/katex-error|\[latex\]|\[\$/);
      }
    },
  );
});
