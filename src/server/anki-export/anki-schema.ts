import type SQLite from 'better-sqlite3';

/**
 * Schema 18 word for word as Anki 2.1.50 and later write it into `collection.anki21b`: the
 * statements of rslib/src/storage/schema11.sql and of the upgrade scripts
 * (rslib/src/storage/upgrades/schema14_upgrade.sql, schema15_upgrade.sql, schema17_upgrade.sql,
 * schema18_upgrade.sql; decks and tags recreated by upgrades/mod.rs), as `sqlite_master` holds
 * them in packages Anki wrote (the four current packages of `shared/data/anki/real/`, exported
 * from 2024 to 2025, hold this same text). Names are declared `COLLATE unicase`, in capitals: a
 * reader must cope with Anki's own spelling, so every package Mnemo writes (exports and test
 * packages alike) declares it so.
 */
export const ANKI_SCHEMA_18: readonly string[] = [
  `CREATE TABLE col (
  id integer PRIMARY KEY,
  crt integer NOT NULL,
  mod integer NOT NULL,
  scm integer NOT NULL,
  ver integer NOT NULL,
  dty integer NOT NULL,
  usn integer NOT NULL,
  ls integer NOT NULL,
  conf text NOT NULL,
  models text NOT NULL,
  decks text NOT NULL,
  dconf text NOT NULL,
  tags text NOT NULL
)`,
  `CREATE TABLE notes (
  id integer PRIMARY KEY,
  guid text NOT NULL,
  mid integer NOT NULL,
  mod integer NOT NULL,
  usn integer NOT NULL,
  tags text NOT NULL,
  flds text NOT NULL,
  -- The use of type integer for sfld is deliberate, because it means that integer values in this
  -- field will sort numerically.
  sfld integer NOT NULL,
  csum integer NOT NULL,
  flags integer NOT NULL,
  data text NOT NULL
)`,
  `CREATE TABLE cards (
  id integer PRIMARY KEY,
  nid integer NOT NULL,
  did integer NOT NULL,
  ord integer NOT NULL,
  mod integer NOT NULL,
  usn integer NOT NULL,
  type integer NOT NULL,
  queue integer NOT NULL,
  due integer NOT NULL,
  ivl integer NOT NULL,
  factor integer NOT NULL,
  reps integer NOT NULL,
  lapses integer NOT NULL,
  left integer NOT NULL,
  odue integer NOT NULL,
  odid integer NOT NULL,
  flags integer NOT NULL,
  data text NOT NULL
)`,
  `CREATE TABLE revlog (
  id integer PRIMARY KEY,
  cid integer NOT NULL,
  usn integer NOT NULL,
  ease integer NOT NULL,
  ivl integer NOT NULL,
  lastIvl integer NOT NULL,
  factor integer NOT NULL,
  time integer NOT NULL,
  type integer NOT NULL
)`,
  `CREATE INDEX ix_notes_usn ON notes (usn)`,
  `CREATE INDEX ix_cards_usn ON cards (usn)`,
  `CREATE INDEX ix_revlog_usn ON revlog (usn)`,
  `CREATE INDEX ix_cards_nid ON cards (nid)`,
  `CREATE INDEX ix_cards_sched ON cards (did, queue, due)`,
  `CREATE INDEX ix_revlog_cid ON revlog (cid)`,
  `CREATE INDEX ix_notes_csum ON notes (csum)`,
  `CREATE TABLE deck_config (
  id integer PRIMARY KEY NOT NULL,
  name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL,
  usn integer NOT NULL,
  config blob NOT NULL
)`,
  `CREATE TABLE config (
  KEY text NOT NULL PRIMARY KEY,
  usn integer NOT NULL,
  mtime_secs integer NOT NULL,
  val blob NOT NULL
) without rowid`,
  `CREATE TABLE fields (
  ntid integer NOT NULL,
  ord integer NOT NULL,
  name text NOT NULL COLLATE unicase,
  config blob NOT NULL,
  PRIMARY KEY (ntid, ord)
) without rowid`,
  `CREATE UNIQUE INDEX idx_fields_name_ntid ON fields (name, ntid)`,
  `CREATE TABLE templates (
  ntid integer NOT NULL,
  ord integer NOT NULL,
  name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL,
  usn integer NOT NULL,
  config blob NOT NULL,
  PRIMARY KEY (ntid, ord)
) without rowid`,
  `CREATE UNIQUE INDEX idx_templates_name_ntid ON templates (name, ntid)`,
  `CREATE INDEX idx_templates_usn ON templates (usn)`,
  `CREATE TABLE notetypes (
  id integer NOT NULL PRIMARY KEY,
  name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL,
  usn integer NOT NULL,
  config blob NOT NULL
)`,
  `CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name)`,
  `CREATE INDEX idx_notetypes_usn ON notetypes (usn)`,
  `CREATE TABLE decks (
  id integer PRIMARY KEY NOT NULL,
  name text NOT NULL COLLATE unicase,
  mtime_secs integer NOT NULL,
  usn integer NOT NULL,
  common blob NOT NULL,
  kind blob NOT NULL
)`,
  `CREATE UNIQUE INDEX idx_decks_name ON decks (name)`,
  `CREATE INDEX idx_notes_mid ON notes (mid)`,
  `CREATE INDEX idx_cards_odid ON cards (odid)
WHERE odid != 0`,
  `CREATE TABLE tags (
  tag text NOT NULL PRIMARY KEY COLLATE unicase,
  usn integer NOT NULL,
  collapsed boolean NOT NULL,
  config blob NULL
) without rowid`,
  `CREATE TABLE graves (
  oid integer NOT NULL,
  type integer NOT NULL,
  usn integer NOT NULL,
  PRIMARY KEY (oid, type)
) WITHOUT ROWID`,
  `CREATE INDEX idx_graves_pending ON graves (usn)`,
];

/** How Anki spells its collation in the schema. */
const UNICASE = 'COLLATE unicase';
/** Stands in while the file is written: better-sqlite3 cannot create Anki's `unicase`. */
const STAND_IN = 'COLLATE nocase';

/** Creates schema 18's tables and indexes (`nocase` standing in for `unicase`). */
export function createAnkiSchema18(db: SQLite.Database): void {
  for (const statement of ANKI_SCHEMA_18) db.exec(statement.replaceAll(UNICASE, STAND_IN));
}

/**
 * Once the rows are in: `ANALYZE` (as schema15_upgrade.sql ends) and each table and index
 * declared with Anki's own text again, `COLLATE unicase` included (with `writable_schema`).
 */
export function declareAnkiSchema18(db: SQLite.Database): void {
  db.exec('ANALYZE');
  db.unsafeMode(true);
  db.pragma('writable_schema = ON');
  try {
    const update = db.prepare('update sqlite_master set sql = ? where sql = ?');
    for (const statement of ANKI_SCHEMA_18) {
      if (statement.includes(UNICASE)) {
        update.run(statement, statement.replaceAll(UNICASE, STAND_IN));
      }
    }
  } finally {
    db.pragma('writable_schema = OFF');
    db.unsafeMode(false);
  }
}
