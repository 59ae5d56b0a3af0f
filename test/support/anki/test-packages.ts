/**
 * Anki packages made on the spot (tests and the route table's example), following Anki's own
 * schema: schema 11 (rslib/src/storage/schema11.sql; note types and decks as JSON in `col`) for
 * the legacy generations, schema 18 (notetypes / fields / templates / decks tables with
 * protobuf configs, deck names joined by \x1f, zstd-compressed `collection.anki21b`, `meta`
 * = PackageMetadata{version: 3}, and the dummy `collection.anki2` Anki writes beside it).
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import type { AnkiNoteType } from '../../../src/core/anki/cards';
import {
  createAnkiSchema18,
  declareAnkiSchema18,
} from '../../../src/server/anki-export/anki-schema';
import { SCHEMA11, STOCK } from './fixture-schema';
import { writeZip, type ZipEntry } from '../../../src/server/import/anki/zip-writer';

export { STOCK };

export interface FixtureCard {
  id?: number;
  ord: number;
  did?: number;
  type?: number;
  queue?: number;
  due?: number;
  ivl?: number;
  factor?: number;
  reps?: number;
  lapses?: number;
  data?: string;
  /** In a filtered deck: the home deck and the due there. */
  odid?: number;
  odue?: number;
}

export interface FixtureNote {
  id?: number;
  guid: string;
  mid: string;
  tags?: string;
  fields: string[];
  cards: FixtureCard[];
}

export interface FixtureRevlog {
  id: number;
  cid: number;
  ease: number;
  ivl: number;
  lastIvl: number;
  factor?: number;
  time?: number;
  type: number;
}

export interface FixtureSpec {
  generation: 'anki2' | 'anki21' | 'anki21b';
  crt?: number;
  /** Schema version written to `col.ver` (11 legacy, 18 current by default). */
  ver?: number;
  /** The scheduler the collection says it was studied with (2 by default). */
  schedVer?: number;
  /** Anki's `creationOffset` (minutes west of UTC at crt), written only when given. */
  creationOffset?: number;
  noteTypes: AnkiNoteType[];
  decks: { id: number; name: string }[];
  notes: FixtureNote[];
  revlog?: FixtureRevlog[];
  /** Media files in the package (zip entries "0", "1"…, named in the `media` map). */
  media?: { name: string; data: Uint8Array }[];
}

function varint(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
  return out;
}

/** Protobuf of varint, string and bytes (a nested message) fields, in the order given. */
export function protobuf(fields: [number, number | string | Uint8Array][]): Buffer {
  const bytes: number[] = [];
  for (const [field, value] of fields) {
    if (typeof value === 'number') bytes.push(...varint(field * 8), ...varint(value));
    else {
      const text = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
      bytes.push(...varint(field * 8 + 2), ...varint(text.length), ...text);
    }
  }
  return Buffer.from(bytes);
}

/** The collection's SQLite bytes. */
export function buildCollection(spec: FixtureSpec): Buffer {
  const current = spec.generation === 'anki21b';
  const db = new Database(':memory:');
  // Schema 18 as Anki writes it (capitals, `COLLATE unicase`), schema 11 for older packages.
  if (current) createAnkiSchema18(db);
  else db.exec(SCHEMA11);
  const models = Object.fromEntries(
    spec.noteTypes.map((type) => [
      type.id,
      {
        id: Number(type.id),
        name: type.name,
        type: type.kind === 'cloze' ? 1 : 0,
        flds: type.fields.map((name, ord) => ({ name, ord })),
        tmpls: type.templates.map((template, ord) => ({ ...template, ord })),
      },
    ]),
  );
  const decks = Object.fromEntries(spec.decks.map((deck) => [deck.id, deck]));
  db.prepare('insert into col values (1, ?, 0, 0, ?, 0, 0, 0, ?, ?, ?, ?, ?)').run(
    spec.crt ?? 1_700_000_000,
    spec.ver ?? (current ? 18 : 11),
    current
      ? ''
      : JSON.stringify({
          schedVer: spec.schedVer ?? 2,
          ...(spec.creationOffset === undefined ? {} : { creationOffset: spec.creationOffset }),
        }),
    current ? '' : JSON.stringify(models),
    current ? '' : JSON.stringify(decks),
    '{}',
    '{}',
  );
  if (current) {
    db.prepare("insert into config values ('schedVer', 0, 0, ?)").run(
      Buffer.from(String(spec.schedVer ?? 2)),
    );
    if (spec.creationOffset !== undefined) {
      db.prepare("insert into config values ('creationOffset', 0, 0, ?)").run(
        Buffer.from(String(spec.creationOffset)),
      );
    }
    for (const type of spec.noteTypes) {
      db.prepare('insert into notetypes values (?, ?, 0, 0, ?)').run(
        Number(type.id),
        type.name,
        protobuf(type.kind === 'cloze' ? [[1, 1]] : []),
      );
      type.fields.forEach((name, ord) =>
        db
          .prepare('insert into fields values (?, ?, ?, ?)')
          .run(Number(type.id), ord, name, Buffer.alloc(0)),
      );
      type.templates.forEach((template, ord) =>
        db.prepare('insert into templates values (?, ?, ?, 0, 0, ?)').run(
          Number(type.id),
          ord,
          template.name,
          protobuf([
            [1, template.qfmt],
            [2, template.afmt],
          ]),
        ),
      );
    }
    // A stock note type's fields left behind by Anki's exporter (no notetypes row).
    db.prepare('insert into fields values (9999, 0, ?, ?)').run('Phantom', Buffer.alloc(0));
    for (const deck of spec.decks) {
      db.prepare('insert into decks values (?, ?, 0, 0, ?, ?)').run(
        deck.id,
        deck.name.split('::').join('\x1f'),
        Buffer.alloc(0),
        Buffer.alloc(0),
      );
    }
  }
  let nextId = 1_600_000_000_000;
  for (const note of spec.notes) {
    const nid = note.id ?? nextId++;
    db.prepare('insert into notes values (?, ?, ?, 0, 0, ?, ?, ?, 0, 0, ?)').run(
      nid,
      note.guid,
      Number(note.mid),
      note.tags ?? '',
      note.fields.join('\x1f'),
      note.fields[0] ?? '',
      '',
    );
    for (const card of note.cards) {
      db.prepare(
        'insert into cards values (?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 0, ?)',
      ).run(
        card.id ?? nextId++,
        nid,
        card.did ?? spec.decks[0]?.id ?? 1,
        card.ord,
        card.type ?? 0,
        card.queue ?? card.type ?? 0,
        card.due ?? 0,
        card.ivl ?? 0,
        card.factor ?? 0,
        card.reps ?? 0,
        card.lapses ?? 0,
        card.odue ?? 0,
        card.odid ?? 0,
        card.data ?? '',
      );
    }
  }
  for (const entry of spec.revlog ?? []) {
    db.prepare('insert into revlog values (?, ?, 0, ?, ?, ?, ?, ?, ?)').run(
      entry.id,
      entry.cid,
      entry.ease,
      entry.ivl,
      entry.lastIvl,
      entry.factor ?? 2500,
      entry.time ?? 5000,
      entry.type,
    );
  }
  // Anki declares names `COLLATE unicase`, a collation only Anki has: the schema's text is
  // Anki's own, so the reader is tested against it (better-sqlite3 cannot create it).
  if (current) declareAnkiSchema18(db);
  const bytes = db.serialize();
  db.close();
  return bytes;
}

/** The dummy legacy collection Anki writes beside a current one ('please update'). */
function dummyCollection(): Buffer {
  return buildCollection({
    generation: 'anki2',
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name: 'Default' }],
    notes: [
      {
        guid: 'dummy',
        mid: STOCK.basic.id,
        fields: ['Please update to the latest Anki', ''],
        cards: [{ ord: 0 }],
      },
    ],
  });
}

/** The package's zip entries (change them to make broken packages). */
export function packageEntries(spec: FixtureSpec): ZipEntry[] {
  const collection = buildCollection(spec);
  const media = spec.media ?? [];
  if (spec.generation === 'anki21b') {
    // MediaEntries { repeated MediaEntry entries = 1 }, MediaEntry { name = 1, size = 2,
    // sha1 = 3 }; the list and every file zstd-compressed, a file's zip name its position.
    const list = protobuf(
      media.map((file): [number, Uint8Array] => [
        1,
        protobuf([
          [1, file.name],
          [2, file.data.length],
          [3, createHash('sha1').update(file.data).digest()],
        ]),
      ]),
    );
    return [
      { name: 'meta', data: protobuf([[1, 3]]) },
      { name: 'collection.anki21b', data: zlib.zstdCompressSync(collection) },
      { name: 'collection.anki2', data: dummyCollection(), deflate: true },
      { name: 'media', data: zlib.zstdCompressSync(list) },
      ...media.map((file, index) => ({
        name: String(index),
        data: zlib.zstdCompressSync(file.data),
      })),
    ];
  }
  const map = Object.fromEntries(media.map((file, index) => [String(index), file.name]));
  const entries: ZipEntry[] = [
    { name: `collection.${spec.generation}`, data: collection, deflate: true },
    { name: 'media', data: Buffer.from(JSON.stringify(map)) },
    ...media.map((file, index) => ({ name: String(index), data: file.data, deflate: true })),
  ];
  if (spec.generation === 'anki21') {
    entries.push({ name: 'collection.anki2', data: dummyCollection(), deflate: true });
  }
  return entries;
}

export function buildPackage(spec: FixtureSpec): Buffer {
  return writeZip(packageEntries(spec));
}

/** One Basic note in deck 'Languages::French': the route table's example. */
export function samplePackage(): Buffer {
  return buildPackage({
    generation: 'anki21b',
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name: 'Languages::French' }],
    notes: [
      { guid: 'sample-guid', mid: STOCK.basic.id, fields: ['chat', 'cat'], cards: [{ ord: 0 }] },
    ],
  });
}
