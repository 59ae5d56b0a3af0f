/**
 * Formatting of real packages kept on import (issue 20 item 4): `<sub>`/`<sup>` and `<pre>` code
 * with its line breaks (anki-stock-notetypes-crafted.apkg), `&nbsp` without its semicolon read as
 * a space (the templates of zhongwen.apkg), and the card renderer showing them.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCardHtml } from '../../../core/card-content/render';
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

  it('reads &nbsp without its semicolon as a space, never as text (zhongwen.apkg)', async () => {
    const cards = await imported('zhongwen.apkg');
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.front_content).not.toMatch(/&nbsp/);
      expect(card.back_content ?? '').not.toMatch(/&nbsp/);
    }
  });
});
