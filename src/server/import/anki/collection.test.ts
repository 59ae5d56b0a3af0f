import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { realAnkiPackage } from '../../../../test/support/real-anki';
import { readCollection, withoutUnicase } from './collection';
import { readAnkiPackage } from './package';
import { buildCollection, STOCK } from '../../../../test/support/anki/test-packages';

/** `sqlite_master` of a collection's bytes, as Anki's schema text (no SQLite statistics). */
function schemaOf(bytes: Buffer): { type: string; name: string; sql: string }[] {
  // From a file: Anki's collections are in WAL mode, which a serialized buffer cannot open.
  const folder = mkdtempSync(path.join(tmpdir(), 'mnemo-schema-'));
  writeFileSync(path.join(folder, 'c.sqlite'), bytes);
  const db = new Database(path.join(folder, 'c.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        "select type, name, sql from sqlite_master where name not like 'sqlite_%' order by name",
      )
      .all() as { type: string; name: string; sql: string }[];
  } finally {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const current = () =>
  buildCollection({
    generation: 'anki21b',
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name: 'Default' }],
    notes: [{ guid: 'g', mid: STOCK.basic.id, fields: ['front', 'back'], cards: [{ ord: 0 }] }],
  });

describe("Anki's unicase collation (issue 20)", () => {
  it('is replaced whatever its spelling, and nothing else is', () => {
    expect(withoutUnicase('name text NOT NULL COLLATE unicase,')).toBe(
      'name text NOT NULL COLLATE nocase,',
    );
    expect(withoutUnicase('name text not null collate unicase)')).toBe(
      'name text not null COLLATE nocase)',
    );
    expect(withoutUnicase('name TEXT Collate\n\t  UNICASE, x')).toBe('name TEXT COLLATE nocase, x');
    expect(withoutUnicase('a COLLATE "unicase", b collate [UniCase]')).toBe(
      'a COLLATE nocase, b COLLATE nocase',
    );
    expect(withoutUnicase('unicase text, b COLLATE unicase2')).toBe(
      'unicase text, b COLLATE unicase2',
    );
  });

  it('our test packages declare schema 18 word for word as a real Anki package does', async () => {
    const real = await readAnkiPackage(await realAnkiPackage('real/srs-benchmark.apkg'));
    const ours = schemaOf(current());
    expect(ours).toEqual(schemaOf(real.collection));
    // Capitals, as Anki writes them: the spelling the reader once missed.
    expect(
      ours.filter((row) => row.sql.includes('COLLATE unicase')).map((row) => row.name),
    ).toEqual(['deck_config', 'decks', 'fields', 'notetypes', 'tags', 'templates']);
  });

  it('a collection declaring COLLATE unicase in capitals is read', async () => {
    const collection = await readCollection(current(), 3);
    expect(collection.notes.map((note) => note.fields)).toEqual([['front', 'back']]);
    expect([...collection.decks.values()]).toEqual(['Default']);
    expect([...collection.noteTypes.values()].map((type) => type.fields)).toEqual([
      ['Front', 'Back'],
    ]);
  });

  it('a real Anki 2.1.50+ collection is read', async () => {
    const real = await readAnkiPackage(await realAnkiPackage('real/srs-benchmark.apkg'));
    const collection = await readCollection(real.collection, real.version);
    expect([collection.notes.length, collection.cards.length, collection.revlog.length]).toEqual([
      570, 1140, 13552,
    ]);
  });
});
