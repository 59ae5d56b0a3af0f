import SQLite from 'better-sqlite3';
import type { AnkiCollection } from './collection';
import { createAnkiSchema18, declareAnkiSchema18 } from './anki-schema';
import { ankiDeckConfigJson, ankiDeckJson, ankiModels, MODEL_IDS } from './models';
import { SCHEMA_11 } from './schema11';
import { configRows, deckConfigRows, deckRows, noteTypeRows, type Row } from './schema18-configs';

/**
 * The collection as a SQLite file, in either generation: schema 11 (`collection.anki21`, note
 * types and decks as JSON in `col`) or schema 18 (`collection.anki21b` before zstd; the same
 * JSON converted into rows and protobuf configs by `schema18-configs.ts`). Notes, cards and the
 * review log have the same shape in both. Built in memory and serialized here; the export
 * writes a file of its own (`collection-builder.ts`).
 */

export function insertAll(db: SQLite.Database, table: string, rows: readonly Row[]): void {
  if (rows.length === 0) return;
  const width = (rows[0] as Row).length;
  const insert = db.prepare(`insert into ${table} values (${Array(width).fill('?').join(', ')})`);
  for (const row of rows) insert.run(...row);
}

/** The empty tables of a collection of either generation. */
export function createCollectionTables(db: SQLite.Database, format: 'current' | 'legacy'): void {
  if (format === 'current') createAnkiSchema18(db);
  else db.exec(SCHEMA_11);
}

/**
 * The `col` row, and for schema 18 what schema 14 and 15 moved out of `col` (`conf`,
 * `models`, `decks`, `dconf` as rows and protobuf configs: `schema18-configs.ts`).
 */
export function writeCollectionHead(
  db: SQLite.Database,
  format: 'current' | 'legacy',
  col: AnkiCollection['col'],
): void {
  if (format === 'legacy') {
    db.prepare('insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)').run(
      col.crt,
      col.mod,
      col.mod,
      col.conf,
      col.models,
      col.decks,
      col.dconf,
      '{}',
    );
    return;
  }
  const mtimeSecs = Math.floor(col.mod / 1000);
  const types = noteTypeRows(col.models);
  db.prepare("insert into col values (1, ?, ?, ?, 18, 0, 0, 0, '', '', '', '', '')").run(
    col.crt,
    col.mod,
    col.mod,
  );
  insertAll(db, 'config', configRows(col.conf, mtimeSecs));
  insertAll(db, 'notetypes', types.notetypes);
  insertAll(db, 'fields', types.fields);
  insertAll(db, 'templates', types.templates);
  insertAll(db, 'decks', deckRows(col.decks));
  insertAll(db, 'deck_config', deckConfigRows(col.dconf));
}

/** The collection in memory, serialized (small collections: tests, the dummy collection). */
function collectionBytes(collection: AnkiCollection, format: 'current' | 'legacy'): Buffer {
  const db = new SQLite(':memory:');
  try {
    createCollectionTables(db, format);
    db.transaction(() => {
      writeCollectionHead(db, format, collection.col);
      insertAll(db, 'notes', collection.notes);
      insertAll(db, 'cards', collection.cards);
      insertAll(db, 'revlog', collection.revlog);
    })();
    if (format === 'current') declareAnkiSchema18(db);
    return db.serialize();
  } finally {
    db.close();
  }
}

/** Schema 11, read by every Anki since 2.1 (and by Anki 2.1.49 and older only). */
export function legacyCollectionBytes(collection: AnkiCollection): Buffer {
  return collectionBytes(collection, 'legacy');
}

/** Schema 18, what Anki 2.1.50 and later write into `collection.anki21b`. */
export function currentCollectionBytes(collection: AnkiCollection): Buffer {
  return collectionBytes(collection, 'current');
}

/** Anki's `exporting-colpkg-too-new` text, shown by an Anki too old for the package. */
export const TOO_NEW_TEXT =
  'Please update to the latest Anki version, then import the .colpkg/.apkg file again.';

/**
 * The `collection.anki2` Anki writes beside a current collection for older clients
 * (rslib colpkg/export.rs `write_dummy_collection`): a schema-11 collection whose one note asks
 * the user to update Anki.
 */
export function dummyCollectionBytes(now: number): Buffer {
  const note = 1;
  return legacyCollectionBytes({
    col: {
      crt: Math.floor(now / 1000),
      mod: now,
      conf: JSON.stringify({ schedVer: 2, nextPos: 2, curDeck: 1, activeDecks: [1] }),
      models: JSON.stringify(ankiModels(now)),
      decks: JSON.stringify({ '1': ankiDeckJson(1, 'Default', '', 1, now) }),
      dconf: JSON.stringify({ '1': ankiDeckConfigJson(1, 'Default', null, now) }),
    },
    notes: [
      [
        note,
        'update-anki',
        MODEL_IDS.basic,
        0,
        0,
        '',
        `${TOO_NEW_TEXT}\x1f`,
        TOO_NEW_TEXT,
        0,
        0,
        '',
      ],
    ],
    cards: [[2, note, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, '']],
    revlog: [],
  });
}
