import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANKI_EXPORT_MESSAGES } from '../../core/anki-export/export-schemas';
import { readMessage } from '../import/anki/protobuf';
import { json, newUser } from '../../../test/support/fixtures';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { withoutUnicase } from '../import/anki/collection';
import { ANKI_SCHEMA_18 } from './anki-schema';
import { TOO_NEW_TEXT } from './collection-files';
import { studiedDeck } from '../../../test/support/studied-deck';

/**
 * Export to Anki, the current package generation (the default): `meta` says version 3,
 * `collection.anki21b` is a zstd-compressed schema-18 collection (rslib's upgrade scripts'
 * tables and indexes, protobuf note types, decks and options), `media` a zstd-compressed
 * MediaEntries, and `collection.anki2` the dummy asking older Ankis to update.
 */
let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'apkg-current-test-'));
});

afterAll(async () => {
  await server?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

const TZ = 'Europe/Paris';

async function saved(bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.sqlite`);
  await fs.writeFile(file, bytes);
  return file;
}

/** Anki's `unicase` collation exists only in Anki: our copy says `nocase` to be opened. */
function openWithoutUnicase(file: string): SQLite.Database {
  const db = new SQLite(file);
  db.unsafeMode(true);
  db.pragma('writable_schema = ON');
  const rows = db.prepare('select name, sql from sqlite_master where sql is not null').all() as {
    name: string;
    sql: string;
  }[];
  const update = db.prepare('update sqlite_master set sql = ? where name = ?');
  for (const row of rows) update.run(withoutUnicase(row.sql), row.name);
  db.pragma('writable_schema = OFF');
  db.close();
  return new SQLite(file, { readonly: true });
}

const rowsOf = <T>(db: SQLite.Database, sql: string) => db.prepare(sql).all() as T[];
const message = (bytes: Uint8Array | undefined) => readMessage(bytes ?? new Uint8Array());

describe('export to Anki, current package (.apkg)', () => {
  it('writes meta, a zstd schema-18 collection, the media map and the dummy collection', async () => {
    const user = await newUser(server.url);
    const { deck } = await studiedDeck(user, TZ);
    await json(
      await user.request(`/api/decks/${deck.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ new_cards_per_day: 7, max_reviews_per_day: 150 }),
      }),
      200,
    );
    const response = await user.get(`/api/decks/${deck.id}/export/anki?time_zone=${TZ}`);
    expect(response.status).toBe(200);
    const zip = await JSZip.loadAsync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(zip.files).sort()).toEqual([
      'collection.anki2',
      'collection.anki21b',
      'media',
      'meta',
    ]);
    const entry = async (name: string) =>
      (await zip.file(name)?.async('uint8array')) ?? new Uint8Array();
    expect(message(Buffer.from(await entry('meta')))?.varint(1)).toBe(3);
    expect(zlib.zstdDecompressSync(await entry('media'))).toHaveLength(0); // no media entries

    const dummy = new SQLite(await saved(await entry('collection.anki2')), { readonly: true });
    try {
      expect((dummy.prepare('select ver from col').get() as { ver: number }).ver).toBe(11);
      expect((dummy.prepare('select flds from notes').get() as { flds: string }).flds).toContain(
        TOO_NEW_TEXT,
      );
    } finally {
      dummy.close();
    }

    const file = await saved(zlib.zstdDecompressSync(await entry('collection.anki21b')));
    const raw = new SQLite(file, { readonly: true });
    const declared = rowsOf<{ name: string; sql: string }>(
      raw,
      "select name, sql from sqlite_master where sql like '%collate unicase%' order by name",
    ).map((row) => row.name);
    // Word for word the schema Anki writes (capitals, `COLLATE unicase`), and nothing else.
    const schema = rowsOf<{ sql: string }>(
      raw,
      "select sql from sqlite_master where name not like 'sqlite_%' order by rowid",
    ).map((row) => row.sql);
    raw.close();
    expect(declared).toEqual(['deck_config', 'decks', 'fields', 'notetypes', 'tags', 'templates']);
    expect(schema).toEqual(ANKI_SCHEMA_18);
    const db = openWithoutUnicase(file);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const col = db.prepare('select * from col').get() as Record<string, string | number>;
      expect([col.ver, col.conf, col.models, col.decks, col.dconf, col.tags]).toEqual([
        18,
        '',
        '',
        '',
        '',
        '',
      ]);
      const names = (type: string) =>
        rowsOf<{ name: string }>(
          db,
          `select name from sqlite_master where type = '${type}' and name not like 'sqlite_%' order by name`,
        ).map((row) => row.name);
      expect(names('table')).toEqual([
        'cards',
        'col',
        'config',
        'deck_config',
        'decks',
        'fields',
        'graves',
        'notes',
        'notetypes',
        'revlog',
        'tags',
        'templates',
      ]);
      expect(names('index')).toEqual(
        expect.arrayContaining([
          'ix_cards_nid',
          'ix_cards_sched',
          'ix_cards_usn',
          'ix_notes_csum',
          'ix_notes_usn',
          'ix_revlog_cid',
          'ix_revlog_usn',
          'idx_cards_odid',
          'idx_decks_name',
          'idx_fields_name_ntid',
          'idx_graves_pending',
          'idx_notes_mid',
          'idx_notetypes_name',
          'idx_notetypes_usn',
          'idx_templates_name_ntid',
          'idx_templates_usn',
        ]),
      );
      // Anki declares the column `KEY`: SQLite names the result by the declaration.
      const config = rowsOf<{ key: string; val: Buffer }>(db, 'select key as key, val from config');
      const schedVer = config.find((row) => row.key === 'schedVer');
      expect(JSON.parse(String(schedVer?.val))).toBe(2);

      const types = rowsOf<{ id: number; name: string; config: Buffer }>(
        db,
        'select id, name, config from notetypes order by name',
      );
      expect(types.map((type) => [type.name, message(type.config)?.varint(1) ?? 0])).toEqual([
        ['Basic (Mnemo)', 0],
        ['Cloze (Mnemo)', 1],
      ]);
      expect(message(types[0]?.config)?.string(3)).toContain('.card');
      const fields = rowsOf<{ ntid: number; name: string; config: Buffer }>(
        db,
        'select ntid, name, config from fields order by ntid, ord',
      );
      expect(fields.map((field) => field.name)).toEqual(['Front', 'Back', 'Text', 'Back Extra']);
      expect(message(fields[0]?.config)?.string(3)).toBe('Arial');
      expect(message(fields[0]?.config)?.varint(4)).toBe(20);
      const templates = rowsOf<{ name: string; config: Buffer }>(
        db,
        'select name, config from templates order by ntid, ord',
      );
      expect(templates.map((row) => [row.name, message(row.config)?.string(1)])).toEqual([
        ['Card 1', '{{Front}}'],
        ['Cloze', '{{cloze:Text}}'],
      ]);

      const decks = rowsOf<{ id: number; name: string; kind: Buffer }>(
        db,
        'select id, name, kind from decks order by name',
      );
      expect(decks.map((row) => row.name)).toEqual(['Default', 'Geography\x1fEurope']);
      const normal = message(message(decks[1]?.kind)?.bytes(1));
      expect(normal).not.toBeNull();
      const options = db
        .prepare('select name, config from deck_config where id = ?')
        .get(normal?.varint(1)) as { name: string; config: Buffer };
      expect(options.name).toBe('Geography::Europe');
      expect(message(options.config)?.varint(9)).toBe(7);
      expect(message(options.config)?.varint(10)).toBe(150);

      const notes = rowsOf<{ mid: number; tags: string; flds: string }>(
        db,
        'select mid, tags, flds from notes order by id',
      );
      expect(notes.map((note) => note.mid)).toEqual([types[0]?.id, types[1]?.id]);
      expect(notes[0]?.tags).toBe(' geo europe::capitals ');
      expect(notes[0]?.flds).toBe(
        'Capital of <strong>France</strong>?\x1fParis, on the \\(x^2\\) Seine',
      );
      const cards = rowsOf<Record<string, number>>(db, 'select * from cards order by nid, ord');
      expect(cards.map((card) => [card.ord, card.type, card.queue, card.did])).toEqual([
        [0, 2, 2, decks[1]?.id],
        [0, 0, 0, decks[1]?.id],
        [1, 1, 1, decks[1]?.id],
      ]);
      const revlog = rowsOf<Record<string, number>>(db, 'select * from revlog order by id');
      expect(revlog.map((row) => [row.ease, row.ivl, row.time])).toEqual([
        [3, 1, 4000],
        [1, -60, 4000],
      ]);
    } finally {
      db.close();
    }
  });

  it('exports every deck in the current generation too; an unknown format is a 400', async () => {
    const user = await newUser(server.url);
    await studiedDeck(user, TZ);
    const all = await user.get(`/api/export/anki?time_zone=${TZ}`);
    const zip = await JSZip.loadAsync(new Uint8Array(await all.arrayBuffer()));
    expect(zip.file('collection.anki21b')).not.toBeNull();
    const bad = await user.get(`/api/export/anki?time_zone=${TZ}&format=anki3`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(ANKI_EXPORT_MESSAGES.format);
  });
});
