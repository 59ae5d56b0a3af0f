import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import JSZip from 'jszip';
import type { AnkiCollection } from './collection';

/** Anki's schema 11 (rslib/src/storage/schema11.sql), which `collection.anki21` holds. */
const SCHEMA_11 = `
create table col (id integer primary key, crt integer not null, mod integer not null,
  scm integer not null, ver integer not null, dty integer not null, usn integer not null,
  ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
create table notes (id integer primary key, guid text not null, mid integer not null,
  mod integer not null, usn integer not null, tags text not null, flds text not null,
  sfld integer not null, csum integer not null, flags integer not null, data text not null);
create table cards (id integer primary key, nid integer not null, did integer not null,
  ord integer not null, mod integer not null, usn integer not null, type integer not null,
  queue integer not null, due integer not null, ivl integer not null, factor integer not null,
  reps integer not null, lapses integer not null, left integer not null, odue integer not null,
  odid integer not null, flags integer not null, data text not null);
create table revlog (id integer primary key, cid integer not null, usn integer not null,
  ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null,
  time integer not null, type integer not null);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

/**
 * The collection as an .apkg: a zip holding `collection.anki21` (schema 11, read by every Anki
 * since 2.1) and an empty media map. Written to a private temporary folder, removed after.
 */
export async function writeApkg(collection: AnkiCollection): Promise<Uint8Array> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mnemo-apkg-'));
  try {
    const file = path.join(dir, 'collection.anki21');
    const db = new SQLite(file);
    try {
      db.exec(SCHEMA_11);
      const { col } = collection;
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
      const note = db.prepare('insert into notes values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      const card = db.prepare(
        'insert into cards values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const review = db.prepare('insert into revlog values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
      db.transaction(() => {
        for (const row of collection.notes) note.run(...row);
        for (const row of collection.cards) card.run(...row);
        for (const row of collection.revlog) review.run(...row);
      })();
    } finally {
      db.close();
    }
    const zip = new JSZip();
    zip.file('collection.anki21', await fs.readFile(file));
    zip.file('media', '{}');
    return await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
