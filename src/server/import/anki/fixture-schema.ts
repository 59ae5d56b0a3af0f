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

export const SCHEMA11 = `
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
create index ix_cards_nid on cards (nid);`;

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
