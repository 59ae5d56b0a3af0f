import { SCHEMA_11 } from './schema11';

/**
 * Anki's schema 18, the collection inside `collection.anki21b`: schema 11
 * (rslib/src/storage/schema11.sql) as rslib's upgrade scripts leave it
 * (rslib/src/storage/upgrades/schema14_upgrade.sql, schema15_upgrade.sql, the tags table of
 * schema 17 and schema18_upgrade.sql's graves): note types, fields, templates, decks and deck
 * options in tables of their own with protobuf configs, the collection's settings as JSON values
 * in `config`.
 *
 * Anki declares its names `collate unicase`, a collation only Anki registers (better-sqlite3
 * cannot create it): the tables are created with `nocase` standing in and renamed to `unicase`
 * once written (`UNICASE_RENAME`), so the file declares what Anki's own does.
 */
export const SCHEMA_18 = `${SCHEMA_11.replace(
  /create table graves \(usn integer not null, oid integer not null, type integer not null\);\n/,
  '',
)}
create table graves (oid integer not null, type integer not null, usn integer not null,
  primary key (oid, type)) without rowid;
create index idx_graves_pending on graves (usn);
create table deck_config (id integer primary key not null, name text not null collate nocase,
  mtime_secs integer not null, usn integer not null, config blob not null);
create table config (key text not null primary key, usn integer not null,
  mtime_secs integer not null, val blob not null) without rowid;
create table fields (ntid integer not null, ord integer not null,
  name text not null collate nocase, config blob not null, primary key (ntid, ord)) without rowid;
create unique index idx_fields_name_ntid on fields (name, ntid);
create table templates (ntid integer not null, ord integer not null,
  name text not null collate nocase, mtime_secs integer not null, usn integer not null,
  config blob not null, primary key (ntid, ord)) without rowid;
create unique index idx_templates_name_ntid on templates (name, ntid);
create index idx_templates_usn on templates (usn);
create table notetypes (id integer not null primary key, name text not null collate nocase,
  mtime_secs integer not null, usn integer not null, config blob not null);
create unique index idx_notetypes_name on notetypes (name);
create index idx_notetypes_usn on notetypes (usn);
create table decks (id integer primary key not null, name text not null collate nocase,
  mtime_secs integer not null, usn integer not null, common blob not null, kind blob not null);
create unique index idx_decks_name on decks (name);
create index idx_notes_mid on notes (mid);
create index idx_cards_odid on cards (odid) where odid != 0;
create table tags (tag text not null primary key collate nocase, usn integer not null,
  collapsed boolean not null, config blob null) without rowid;
`;

/** Run with `writable_schema` on, after the rows are in: the names as Anki declares them. */
export const UNICASE_RENAME =
  "update sqlite_master set sql = replace(sql, 'collate nocase', 'collate unicase') where sql like '%collate nocase%'";
