import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import JSZip from 'jszip';
import type { AnkiCollection } from './collection';
import { SCHEMA_11 } from './schema11';

/**
 * The collection as an .apkg: a zip holding `collection.anki21` (schema 11, read by every Anki
 * since 2.1) and its media in the legacy form (entries "0", "1"… and the JSON map
 * `{"0": name, …}` in `media`). Written to a private temporary folder, removed after.
 */
export async function writeApkg(
  collection: AnkiCollection,
  media: Array<{ name: string; data: Uint8Array }> = [],
): Promise<Uint8Array> {
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
    const map: Record<string, string> = {};
    media.forEach((file, index) => {
      map[String(index)] = file.name;
      zip.file(String(index), file.data, { compression: 'STORE' });
    });
    zip.file('media', JSON.stringify(map));
    return await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
