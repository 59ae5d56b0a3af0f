/**
 * Issue 21 item 8: an .apkg export is built in a thread into a file, from pages of 500 cards
 * (export.service.ts); a deck of several pages, with cloze notes whose cards the database may
 * give in any order, is still one valid package with every note whole. One export at a time
 * per user, in every process sharing the database: a second one while the first is being built
 * is refused in plain words (429).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAnkiAndWait } from '../../../test/support/anki-import';
import { buildPackage, STOCK } from '../../../test/support/anki/test-packages';
import { runOnServerDatabase } from '../../../test/support/database-access';
import { json, newUser } from '../../../test/support/fixtures';
import { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { withoutUnicase } from '../import/anki/collection';
import { EXPORT_MESSAGES, EXPORT_PAGE } from './export.service';

const CLOZE_NOTES = 400;
const BASIC_NOTES = 500;

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'apkg-bounded-'));
});
afterAll(async () => {
  await server?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

const pkg = () =>
  buildPackage({
    generation: 'anki21b',
    noteTypes: [STOCK.basic, STOCK.cloze],
    decks: [{ id: 1, name: 'Big' }],
    notes: [
      ...Array.from({ length: CLOZE_NOTES }, (_, i) => ({
        guid: `cloze-${i}`,
        mid: STOCK.cloze.id,
        fields: [`{{c1::one}} {{c2::two}} {{c3::three}} ${i}`, ''],
        cards: [{ ord: 0 }, { ord: 1 }, { ord: 2 }],
      })),
      ...Array.from({ length: BASIC_NOTES }, (_, i) => ({
        guid: `basic-${i}`,
        mid: STOCK.basic.id,
        fields: [`Question ${i}`, `Answer ${i}`],
        cards: [{ ord: 0 }],
      })),
    ],
  });

async function collectionOf(response: Response) {
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(bytes.length).toBe(Number(response.headers.get('content-length')));
  const zip = await JSZip.loadAsync(bytes);
  const raw = (await zip.file('collection.anki21b')?.async('nodebuffer')) ?? Buffer.alloc(0);
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.db`);
  await fs.writeFile(file, zlib.zstdDecompressSync(raw));
  const writable = new SQLite(file);
  writable.unsafeMode(true);
  writable.pragma('writable_schema = ON');
  const update = writable.prepare('update sqlite_master set sql = ? where name = ?');
  const schema = writable.prepare('select name, sql from sqlite_master where sql is not null');
  for (const row of schema.all() as { name: string; sql: string }[]) {
    update.run(withoutUnicase(row.sql), row.name);
  }
  writable.pragma('writable_schema = OFF');
  writable.close();
  return new SQLite(file, { readonly: true });
}

describe('a large .apkg export', () => {
  it('is one valid package over several pages, every cloze note whole', async () => {
    const total = CLOZE_NOTES * 3 + BASIC_NOTES;
    expect(total).toBeGreaterThan(3 * EXPORT_PAGE);
    const user = await newUser(server.url, 'big');
    const imported = await importAnkiAndWait(
      user,
      pkg(),
      { keep_decks: 'true' },
      'big.apkg',
      120_000,
    );
    expect(imported.job?.status).toBe('completed');
    const db = await collectionOf(await user.get('/api/export/anki?time_zone=UTC'));
    try {
      const count = (sql: string) => db.prepare(sql).pluck().get();
      expect(count('select count(*) from notes')).toBe(CLOZE_NOTES + BASIC_NOTES);
      expect(count('select count(*) from cards')).toBe(total);
      // Each cloze note has its three cards, ords 0 to 2; new cards due in the order of notes.
      const perNote = db
        .prepare(
          'select group_concat(ord) from (select nid, ord from cards order by nid, ord) group by nid',
        )
        .pluck()
        .all() as string[];
      expect(perNote.filter((ords) => ords === '0,1,2')).toHaveLength(CLOZE_NOTES);
      expect(perNote.filter((ords) => ords === '0')).toHaveLength(BASIC_NOTES);
      const positions = db.prepare('select due from cards where type = 0').pluck().all();
      expect(new Set(positions).size).toBe(total);
    } finally {
      db.close();
    }
  }, 240_000);

  it('is one at a time per user: a second one meanwhile is refused in plain words', async () => {
    const user = await newUser(server.url, 'twice');
    const imported = await importAnkiAndWait(
      user,
      pkg(),
      { keep_decks: 'true' },
      'big.apkg',
      120_000,
    );
    expect(imported.job?.status).toBe('completed');
    const other = await newUser(server.url, 'other');
    // Both sent at once: the second arrives while the first is being built.
    const [first, second, others] = await Promise.all([
      user.get('/api/export/anki?time_zone=UTC'),
      user.get('/api/export/anki?time_zone=UTC&format=legacy'),
      other.get('/api/export/anki?time_zone=UTC'),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = first.status === 429 ? first : second;
    expect(await json(refused, 429)).toEqual({
      error: { code: 'EXPORT_RUNNING', message: EXPORT_MESSAGES.busy },
    });
    // Another user's export is not held up by it.
    expect(others.status).toBe(200);
    await (first.status === 200 ? first : second).arrayBuffer();
    await others.arrayBuffer();
    // Once the first is built, the next export goes through.
    (await collectionOf(await user.get('/api/export/anki?time_zone=UTC'))).close();
  }, 240_000);

  it('is one at a time per user across processes, and a dead process frees its user', async () => {
    const user = await newUser(server.url, 'two-processes');
    const imported = await importAnkiAndWait(
      user,
      pkg(),
      { keep_decks: 'true' },
      'big.apkg',
      120_000,
    );
    expect(imported.job?.status).toBe('completed');
    const second = await startTestServer({ shareWith: server });
    try {
      // The same browser session, its requests served by another process of the same database.
      const there = new HttpClient(second.url);
      for (const [name, value] of user.cookies) there.cookies.set(name, value);
      const [here, away] = await Promise.all([
        user.get('/api/export/anki?time_zone=UTC'),
        there.get('/api/export/anki?time_zone=UTC'),
      ]);
      expect([here.status, away.status].sort()).toEqual([200, 429]);
      const refused = here.status === 429 ? here : away;
      expect(await json(refused, 429)).toEqual({
        error: { code: 'EXPORT_RUNNING', message: EXPORT_MESSAGES.busy },
      });
      await (here.status === 200 ? here : away).arrayBuffer();
      // Given back at the end of the build: the other process exports next.
      (await collectionOf(await there.get('/api/export/anki?time_zone=UTC'))).close();
    } finally {
      await second.stop();
    }
    // A lease left by a process that died while building holds until it expires, then is taken.
    const session = (await (await user.get('/api/auth/get-session')).json()) as {
      user: { id: string };
    };
    const leave = (expiresAt: Date) =>
      runOnServerDatabase(
        server,
        'insert into export_leases (user_id, holder, expires_at) values (?, ?, ?)',
        [session.user.id, 'a dead process', expiresAt],
      );
    await leave(new Date(Date.now() + 60_000));
    await json(await user.get('/api/export/anki?time_zone=UTC'), 429);
    await runOnServerDatabase(server, 'delete from export_leases where user_id = ?', [
      session.user.id,
    ]);
    await leave(new Date(Date.now() - 1000));
    (await collectionOf(await user.get('/api/export/anki?time_zone=UTC'))).close();
  }, 240_000);
});
