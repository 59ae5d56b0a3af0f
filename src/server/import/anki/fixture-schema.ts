/**
 * Anki's stock note types and its collection schemas (schema 11 from
 * rslib/src/storage/schema11.sql; schema 18's note type and deck tables from the upgrades), for
 * the fixture packages of `test-packages.ts`. `nocase` stands for Anki's own `unicase`
 * collation, which better-sqlite3 cannot create; the builder renames it afterwards.
 */
import type { AnkiNoteType } from '../../../core/anki/cards';

const AFMT = '{{FrontSide}}\n\n<hr id=answer>\n\n';
export const STOCK: Record<'basic' | 'reversed' | 'optional' | 'cloze', AnkiNoteType> = {
  basic: {
    id: '1001',
    name: 'Basic',
    kind: 'normal',
    fields: ['Front', 'Back'],
    templates: [{ name: 'Card 1', qfmt: '{{Front}}', afmt: `${AFMT}{{Back}}` }],
  },
  reversed: {
    id: '1002',
    name: 'Basic (and reversed card)',
    kind: 'normal',
    fields: ['Front', 'Back'],
    templates: [
      { name: 'Card 1', qfmt: '{{Front}}', afmt: `${AFMT}{{Back}}` },
      { name: 'Card 2', qfmt: '{{Back}}', afmt: `${AFMT}{{Front}}` },
    ],
  },
  optional: {
    id: '1003',
    name: 'Basic (optional reversed card)',
    kind: 'normal',
    fields: ['Front', 'Back', 'Add Reverse'],
    templates: [
      { name: 'Card 1', qfmt: '{{Front}}', afmt: `${AFMT}{{Back}}` },
      {
        name: 'Card 2',
        qfmt: '{{#Add Reverse}}{{Back}}{{/Add Reverse}}',
        afmt: `${AFMT}{{Front}}`,
      },
    ],
  },
  cloze: {
    id: '1004',
    name: 'Cloze',
    kind: 'cloze',
    fields: ['Text', 'Back Extra'],
    templates: [
      { name: 'Cloze', qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>\n{{Back Extra}}' },
    ],
  },
};

/** The legacy collection schema: the one the .apkg export writes. */
export { SCHEMA_11 as SCHEMA11 } from '../../anki-export/schema11';

export const SCHEMA18 = `
create table notetypes (id integer not null primary key, name text not null collate nocase,
  mtime_secs integer not null, usn integer not null, config blob not null);
create table fields (ntid integer not null, ord integer not null, name text not null collate nocase,
  config blob not null, primary key (ntid, ord)) without rowid;
create table templates (ntid integer not null, ord integer not null, name text not null collate nocase,
  mtime_secs integer not null, usn integer not null, config blob not null,
  primary key (ntid, ord)) without rowid;
create table decks (name text not null primary key collate nocase, id integer not null,
  mtime_secs integer not null, usn integer not null, common blob not null, kind blob not null);
create table tags (tag text not null primary key collate nocase, usn integer not null,
  collapsed boolean not null, config blob null) without rowid;`;
