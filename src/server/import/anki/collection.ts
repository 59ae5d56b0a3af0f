/**
 * Reading an Anki collection (issue 12): the SQLite file is written to a private temp folder and
 * opened read-only with better-sqlite3 (after `replaceUnicase` on that copy), whatever database
 * Mnemo itself runs on. Schema 11
 * (legacy packages: note types and decks as JSON in `col`, rslib/src/storage/schema11.sql) and
 * schema 18 (current packages: `notetypes`, `fields`, `templates`, `decks` tables with protobuf
 * configs, deck names joined by \x1f). Notes, cards and revlog have the same shape in both.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type AnkiDeckSettings, currentDeckSettings, legacyDeckSettings } from './deck-settings';
import type { AnkiNoteType } from '../../../core/anki/cards';
import { v1RevlogToV2 } from '../../../core/anki/scheduling';
import { badRequest } from '../../http/errors';
import { PACKAGE_MESSAGES } from './package';
import { readMessage } from './protobuf';
import { checkRowCounts, DEFAULT_ROW_LIMITS, type RowLimits } from './row-limits';

export { DEFAULT_ROW_LIMITS, ROW_MESSAGES, type RowLimits } from './row-limits';

export interface AnkiNote {
  id: number;
  guid: string;
  mid: string;
  tags: string;
  fields: string[];
}

export interface AnkiCard {
  id: number;
  nid: number;
  /** The card's home deck (the original deck when it sits in a filtered deck). */
  did: string;
  ord: number;
  type: number;
  queue: number;
  due: number;
  ivl: number;
  factor: number;
  reps: number;
  lapses: number;
  /** Learning steps remaining (and, in the thousands, those doable today: legacy v2). */
  left: number;
  data: string;
}

export interface AnkiReview {
  id: number;
  cid: number;
  ease: number;
  ivl: number;
  lastIvl: number;
  factor: number;
  time: number;
  type: number;
}

export interface AnkiCollection {
  /** The collection's creation (seconds since the epoch): review due days count from it. */
  crt: number;
  /** Minutes west of UTC at the creation (Anki's `creationOffset`), null when not written. */
  creationOffset: number | null;
  /** The scheduler the collection was studied with (1: the v1 scheduler's three buttons). */
  schedVer: number;
  noteTypes: Map<string, AnkiNoteType>;
  /** Deck names as Anki shows them ('Parent::Child') by id. */
  decks: Map<string, string>;
  /** Descriptions and options of the decks, by id (deck-settings.ts). */
  deckSettings: Map<string, AnkiDeckSettings>;
  notes: AnkiNote[];
  /** New cards in Anki's order (their position), after the others. */
  cards: AnkiCard[];
  revlog: AnkiReview[];
}

export const SCHEMA_MESSAGES = {
  unknownSchema: (version: unknown) =>
    `The Anki collection has schema version ${String(version)}, which Mnemo cannot read`,
} as const;

const damaged = () => badRequest(PACKAGE_MESSAGES.damaged, 'DAMAGED_PACKAGE');

interface LegacyModel {
  id?: number | string;
  name?: string;
  type?: number;
  flds?: { name?: string; ord?: number }[];
  tmpls?: { name?: string; ord?: number; qfmt?: string; afmt?: string }[];
}

function legacyNoteTypes(json: string): Map<string, AnkiNoteType> {
  const models = JSON.parse(json) as Record<string, LegacyModel>;
  const types = new Map<string, AnkiNoteType>();
  for (const [key, model] of Object.entries(models)) {
    const byOrd = <T extends { ord?: number }>(list: T[] = []) =>
      [...list].sort((a, b) => (a.ord ?? 0) - (b.ord ?? 0));
    types.set(String(model.id ?? key), {
      id: String(model.id ?? key),
      name: model.name ?? '',
      kind: model.type === 1 ? 'cloze' : 'normal',
      fields: byOrd(model.flds).map((field) => field.name ?? ''),
      templates: byOrd(model.tmpls).map((template) => ({
        name: template.name ?? '',
        qfmt: template.qfmt ?? '',
        afmt: template.afmt ?? '',
      })),
    });
  }
  return types;
}

function legacyDecks(json: string): Map<string, string> {
  const decks = JSON.parse(json) as Record<string, { id?: number | string; name?: string }>;
  return new Map(
    Object.entries(decks).map(([key, deck]) => [String(deck.id ?? key), deck.name ?? 'Default']),
  );
}

function currentNoteTypes(db: Database.Database): Map<string, AnkiNoteType> {
  const types = new Map<string, AnkiNoteType>();
  for (const row of db.prepare('select id, name, config from notetypes').all() as {
    id: number;
    name: string;
    config: Buffer;
  }[]) {
    const config = readMessage(row.config);
    types.set(String(row.id), {
      id: String(row.id),
      name: row.name,
      kind: config?.varint(1) === 1 ? 'cloze' : 'normal',
      fields: [],
      templates: [],
    });
  }
  // Only fields and templates of note types present (exports leave stock types' fields behind).
  for (const row of db.prepare('select ntid, ord, name from fields order by ntid, ord').all() as {
    ntid: number;
    name: string;
  }[]) {
    types.get(String(row.ntid))?.fields.push(row.name);
  }
  for (const row of db
    .prepare('select ntid, ord, name, config from templates order by ntid, ord')
    .all() as { ntid: number; name: string; config: Buffer }[]) {
    const config = readMessage(row.config);
    types.get(String(row.ntid))?.templates.push({
      name: row.name,
      qfmt: config?.string(1) ?? '',
      afmt: config?.string(2) ?? '',
    });
  }
  return types;
}

function currentDecks(db: Database.Database): Map<string, string> {
  const rows = db.prepare('select id, name from decks').all() as { id: number; name: string }[];
  return new Map(rows.map((row) => [String(row.id), row.name.split('\x1f').join('::')]));
}

/**
 * The collection is untrusted and read synchronously: every table read must be a plain table
 * (a view could hide an endless recursive query) without generated columns (which could
 * compute huge values), and SQL functions in the schema are not trusted.
 */
function checkTables(db: Database.Database, names: string[]): void {
  db.pragma('trusted_schema = OFF');
  for (const name of names) {
    const kind = db.prepare('select type from sqlite_master where name = ?').get(name) as
      { type: string } | undefined;
    if (kind?.type !== 'table') throw damaged();
    const columns = db.prepare(`pragma table_xinfo("${name}")`).all() as { hidden: number }[];
    if (columns.some((column) => column.hidden !== 0)) throw damaged();
  }
}

/** `schedVer` of the collection's settings; Anki reads a missing one as 1. */
function schedVerOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : 1;
}

/** A key of schema 11's `col.conf` JSON (undefined when missing or unreadable). */
function legacyConfig(conf: string, key: string): unknown {
  try {
    return (JSON.parse(conf) as Record<string, unknown> | null)?.[key];
  } catch {
    return undefined;
  }
}

/** Schema 18 keeps the settings as JSON values in `config` (the column is declared `KEY`). */
function currentConfig(db: Database.Database, key: string): unknown {
  const exists = db
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'config'")
    .get();
  if (!exists) return undefined;
  checkTables(db, ['config']);
  const row = db.prepare('select cast(val as text) as val from config where key = ?').get(key) as
    { val: string } | undefined;
  try {
    return row ? (JSON.parse(row.val) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** `creationOffset` (minutes west of UTC when the collection was made), when Anki wrote one. */
function creationOffsetOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 23 * 60
    ? value
    : null;
}

const LEGACY_TABLES = ['col', 'notes', 'cards', 'revlog'];
const CURRENT_TABLES = [...LEGACY_TABLES, 'notetypes', 'fields', 'templates', 'decks'];

function readAll(db: Database.Database, version: 1 | 2 | 3, limits: RowLimits): AnkiCollection {
  checkTables(db, LEGACY_TABLES);
  checkRowCounts(db, limits);
  const col = db.prepare('select crt, ver, conf, models, decks, dconf from col').get() as
    | { crt: number; ver: number; conf: string; models: string; decks: string; dconf: string }
    | undefined;
  if (!col) throw damaged();
  const hasTables =
    db.prepare("select 1 from sqlite_master where type = 'table' and name = 'notetypes'").get() !==
    undefined;
  const legacy = col.ver === 11 && !hasTables;
  if (!legacy && !(hasTables && col.ver >= 15 && col.ver <= 18)) {
    throw badRequest(SCHEMA_MESSAGES.unknownSchema(col.ver), 'UNKNOWN_SCHEMA');
  }
  if (version === 3 && legacy) throw damaged();
  if (!legacy) checkTables(db, CURRENT_TABLES);
  const noteTypes = legacy ? legacyNoteTypes(col.models) : currentNoteTypes(db);
  const decks = legacy ? legacyDecks(col.decks) : currentDecks(db);
  const hasDeckConfig =
    db.prepare("select 1 from sqlite_master where name = 'deck_config'").get() !== undefined;
  if (!legacy && hasDeckConfig) checkTables(db, ['deck_config']);
  const deckSettings = legacy ? legacyDeckSettings(col.decks, col.dconf) : currentDeckSettings(db);
  const notes = (
    db.prepare('select id, guid, mid, tags, flds from notes order by id').all() as {
      id: number;
      guid: string;
      mid: number;
      tags: string;
      flds: string;
    }[]
  ).map((row) => ({
    id: row.id,
    guid: row.guid,
    mid: String(row.mid),
    tags: row.tags,
    fields: row.flds.split('\x1f'),
  }));
  const cards = (
    db
      .prepare(
        `select id, nid, did, ord, type, queue, due, ivl, factor, reps, lapses, left, odid, odue, data
         from cards order by case when type = 0 then (case when odid = 0 then due else odue end)
         else -1 end, nid, ord`,
      )
      .all() as (Omit<AnkiCard, 'did'> & { did: number; odid: number; odue: number })[]
  ).map(({ odid, odue, ...card }) => ({
    ...card,
    did: String(odid || card.did),
    due: odid ? odue : card.due,
  }));
  const config = (key: string) => (legacy ? legacyConfig(col.conf, key) : currentConfig(db, key));
  const schedVer = schedVerOf(config('schedVer'));
  const creationOffset = creationOffsetOf(config('creationOffset'));
  const revlog = (
    db
      .prepare('select id, cid, ease, ivl, lastIvl, factor, time, type from revlog order by id')
      .all() as AnkiReview[]
  ).map((entry) => (schedVer === 1 ? v1RevlogToV2(entry) : entry));
  return {
    crt: col.crt,
    creationOffset,
    schedVer,
    noteTypes,
    decks,
    deckSettings,
    notes,
    cards,
    revlog,
  };
}

/** `COLLATE unicase` however it is spelt: any case, any spacing, the name quoted or not. */
const UNICASE = /\bcollate\s+(?:unicase|"unicase"|'unicase'|`unicase`|\[unicase\])(?![\w$])/gi;

/** The schema text with Anki's `unicase` collation replaced by SQLite's `nocase`. */
export function withoutUnicase(sql: string): string {
  return sql.replace(UNICASE, 'COLLATE nocase');
}

/**
 * Schema 18 declares names `COLLATE unicase` (Anki writes it in capitals), a collation only
 * Anki registers: SQLite cannot even scan a WITHOUT ROWID table that uses it ('no query
 * solution'). Our private copy's schema says `nocase` instead (ASCII case-folding; only the
 * order of those indexes differs).
 */
function replaceUnicase(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    // LIKE is case-insensitive: every spelling is found, and replaced by `withoutUnicase`.
    const rows = db
      .prepare("select type, name, sql from sqlite_master where sql like '%unicase%'")
      .all() as { type: string; name: string; sql: string }[];
    const changed = rows.filter((row) => withoutUnicase(row.sql) !== row.sql);
    if (changed.length === 0) return;
    db.unsafeMode(true);
    db.pragma('writable_schema = ON');
    const update = db.prepare('update sqlite_master set sql = ? where type = ? and name = ?');
    for (const row of changed) update.run(withoutUnicase(row.sql), row.type, row.name);
    db.pragma('writable_schema = OFF');
  } finally {
    db.close();
  }
}

/** Reads the collection; a file that is not an Anki collection is a 400. */
export async function readCollection(
  bytes: Buffer,
  version: 1 | 2 | 3,
  limits: RowLimits = DEFAULT_ROW_LIMITS,
): Promise<AnkiCollection> {
  const folder = await mkdtemp(path.join(tmpdir(), 'mnemo-anki-'));
  const file = path.join(folder, 'collection.sqlite');
  try {
    await writeFile(file, bytes, { mode: 0o600 });
    let db: Database.Database;
    try {
      replaceUnicase(file);
      db = new Database(file, { readonly: true, fileMustExist: true });
    } catch {
      throw damaged();
    }
    try {
      return readAll(db, version, limits);
    } catch (error) {
      if (error instanceof Error && error.name === 'HttpError') throw error;
      if (error instanceof Error && 'status' in error) throw error;
      throw damaged();
    } finally {
      db.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
