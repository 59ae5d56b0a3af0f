/**
 * Reads a package Mnemo exported (either generation) into one neutral shape, so the checks Anki's
 * importer makes can be run on it (src/server/anki-export/anki-import-checks.api.test.ts).
 * Schema 18 keeps note types, decks and options in tables of protobuf rows; schema 11 in JSON
 * in the `col` row. Both are read here as Anki's storage layer reads them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import JSZip from 'jszip';
import { withoutUnicase } from '../../../src/server/import/anki/collection';
import { readMessage, readRepeated } from '../../../src/server/import/anki/protobuf';

export interface ReadNoteType {
  id: number;
  name: string;
  cloze: boolean;
  fields: string[];
  /** The question formats of the templates, in ord order. */
  templates: string[];
}

export interface ReadPackage {
  /** The zip's entry names. */
  entries: string[];
  /** PackageMetadata.version of `meta`, or null without a `meta` entry (legacy). */
  metaVersion: number | null;
  collectionName: string;
  /** `col.ver`. */
  ver: number;
  /** Columns of each table, by table name. */
  columns: Map<string, string[]>;
  noteTypes: ReadNoteType[];
  /** Deck names as Anki stores them natively (components joined by U+001F). */
  decks: { id: number; name: string; configId: number | null; filtered: boolean }[];
  configIds: number[];
  notes: { id: number; guid: string; mid: number; flds: string }[];
  cards: { id: number; nid: number; did: number; ord: number; type: number; queue: number }[];
  revlog: { id: number; cid: number; ease: number; type: number }[];
  /** The media list: the name each zip entry `index` has, and its SHA-1 (current only). */
  media: { index: string; name: string; sha1: Uint8Array | null; size: number | null }[];
  /** Whether the zip holds an entry of this name. */
  has(name: string): boolean;
}

const rows = <T>(db: SQLite.Database, sql: string) => db.prepare(sql).all() as T[];

/** Anki's `unicase` collation exists only in Anki: a copy whose schema says `nocase`. */
function openCollection(bytes: Uint8Array): { db: SQLite.Database; done: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exported-package-'));
  const file = path.join(dir, 'collection.sqlite');
  fs.writeFileSync(file, bytes);
  const writable = new SQLite(file);
  writable.unsafeMode(true);
  writable.pragma('writable_schema = ON');
  const update = writable.prepare('update sqlite_master set sql = ? where name = ?');
  for (const row of rows<{ name: string; sql: string }>(
    writable,
    'select name, sql from sqlite_master where sql is not null',
  ))
    update.run(withoutUnicase(row.sql), row.name);
  writable.pragma('writable_schema = OFF');
  writable.close();
  const db = new SQLite(file, { readonly: true });
  return { db, done: () => (db.close(), fs.rmSync(dir, { recursive: true, force: true })) };
}

function schema18(db: SQLite.Database) {
  const noteTypes = rows<{ id: number; name: string; config: Buffer }>(
    db,
    'select id, name, config from notetypes order by id',
  ).map((row) => ({
    id: row.id,
    name: row.name,
    cloze: readMessage(row.config)?.varint(1) === 1,
    fields: rows<{ name: string }>(
      db,
      `select name from fields where ntid = ${row.id} order by ord`,
    ).map((field) => field.name),
    templates: rows<{ config: Buffer }>(
      db,
      `select config from templates where ntid = ${row.id} order by ord`,
    ).map((template) => readMessage(template.config)?.string(1) ?? ''),
  }));
  const decks = rows<{ id: number; name: string; kind: Buffer }>(
    db,
    'select id, name, kind from decks',
  ).map((row) => {
    const kind = readMessage(row.kind);
    const normal = kind?.bytes(1);
    return {
      id: row.id,
      name: row.name,
      configId: normal ? (readMessage(normal)?.varint(1) ?? 0) : null,
      filtered: kind?.bytes(2) !== undefined,
    };
  });
  const configIds = rows<{ id: number }>(db, 'select id from deck_config').map((row) => row.id);
  return { noteTypes, decks, configIds };
}

interface LegacyModel {
  id: number;
  name: string;
  type: number;
  flds: { name: string; ord: number }[];
  tmpls: { qfmt: string; ord: number }[];
}

function schema11(db: SQLite.Database) {
  const col = db.prepare('select models, decks, dconf from col').get() as Record<string, string>;
  const models = Object.values(JSON.parse(col.models ?? '{}') as Record<string, LegacyModel>);
  const noteTypes = models.map((model) => ({
    id: Number(model.id),
    name: model.name,
    cloze: model.type === 1,
    fields: [...model.flds].sort((a, b) => a.ord - b.ord).map((field) => field.name),
    templates: [...model.tmpls].sort((a, b) => a.ord - b.ord).map((template) => template.qfmt),
  }));
  const legacyDecks = Object.values(
    JSON.parse(col.decks ?? '{}') as Record<
      string,
      { id: number; name: string; conf?: number; dyn: number }
    >,
  );
  const decks = legacyDecks.map((deck) => ({
    id: Number(deck.id),
    name: deck.name.split('::').join('\x1f'),
    configId: deck.dyn ? null : (deck.conf ?? 1),
    filtered: deck.dyn === 1,
  }));
  const configIds = Object.keys(JSON.parse(col.dconf ?? '{}') as object).map(Number);
  return { noteTypes, decks, configIds };
}

/** Reads an exported `.apkg` (current or legacy generation). */
export async function readExportedPackage(bytes: Uint8Array): Promise<ReadPackage> {
  const zip = await JSZip.loadAsync(bytes);
  const entries = Object.keys(zip.files);
  const entry = async (name: string) =>
    new Uint8Array((await zip.file(name)?.async('uint8array')) ?? new Uint8Array());
  const metaVersion = zip.file('meta') ? (readMessage(await entry('meta'))?.varint(1) ?? 0) : null;
  const current = metaVersion === 3;
  // meta.rs, Meta::collection_filename: anki21b for the latest version, else anki21, anki2.
  const collectionName = current
    ? 'collection.anki21b'
    : zip.file('collection.anki21')
      ? 'collection.anki21'
      : 'collection.anki2';
  const raw = await entry(collectionName);
  const { db, done } = openCollection(current ? zlib.zstdDecompressSync(raw) : raw);
  try {
    const ver = (db.prepare('select ver from col').get() as { ver: number }).ver;
    const tables = rows<{ name: string }>(
      db,
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'",
    ).map((row) => row.name);
    const columns = new Map(
      tables.map((table) => [
        table,
        rows<{ name: string }>(db, `pragma table_info(${table})`).map((c) => c.name),
      ]),
    );
    const parts = ver >= 15 ? schema18(db) : schema11(db);
    const mediaBytes = await entry('media');
    const media = current
      ? (readRepeated(zlib.zstdDecompressSync(mediaBytes), 1) ?? []).map((bytes, index) => {
          const message = readMessage(bytes);
          return {
            index: String(index),
            name: message?.string(1) ?? '',
            size: message?.varint(2) ?? 0,
            sha1: message?.bytes(3) ?? new Uint8Array(),
          };
        })
      : Object.entries(JSON.parse(new TextDecoder().decode(mediaBytes)) as object).map(
          ([index, name]) => ({ index, name: String(name), sha1: null, size: null }),
        );
    return {
      entries,
      metaVersion,
      collectionName,
      ver,
      columns,
      ...parts,
      notes: rows(db, 'select id, guid, mid, flds from notes'),
      cards: rows(db, 'select id, nid, did, ord, type, queue from cards'),
      revlog: rows(db, 'select id, cid, ease, type from revlog'),
      media,
      has: (name) => zip.file(name) !== null,
    };
  } finally {
    done();
  }
}
