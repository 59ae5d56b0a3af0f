/**
 * The .apkg export's work in its thread (issue 21 item 8): the main thread hands over the
 * user's cards and answers a page at a time (export-thread.ts), and this builder writes them
 * into a SQLite collection on disk, then the package as a zip file beside it (zip-file.ts),
 * the media files one by one. Memory holds a page, a note's cards and one media file, not the
 * deck: cards wait in a staging database (attached, deleted at the end) until every page is in,
 * because a note's cards (cloze siblings) may come in different pages and the collection's
 * start depends on the earliest due date of all of them.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import type { AnkiPackageFormat } from '../../core/anki-export/export-schemas';
import { mediaNamesIn } from '../../core/anki-export/field-html';
import { ankiMediaName, packageMediaNames } from '../../core/anki-export/media-names';
import { declareAnkiSchema18 } from './anki-schema';
import {
  AnkiCollectionRows,
  type ExportCard,
  type ExportDeck,
  type ExportReview,
} from './collection';
import {
  createCollectionTables,
  dummyCollectionBytes,
  insertAll,
  writeCollectionHead,
} from './collection-files';
import { proto } from './protobuf-writer';
import { ZipFile } from './zip-file';

/** Staged cards read back per page when the notes are written. */
const NOTE_PAGE = 500;
/** PackageMetadata.Version LATEST (package.ts). */
const VERSION_LATEST = 3;

export interface BuildStart {
  dir: string;
  format: AnkiPackageFormat;
  now: string;
  timeZone: string;
  decks: ExportDeck[];
}

export class CollectionBuilder {
  private readonly db: SQLite.Database;
  private readonly collectionFile: string;
  private readonly mediaNames = new Set<string>();
  /** Each stored media file's name in the package (its original name where known). */
  private packageNames = new Map<string, string>();
  private firstDue: number | null = null;
  private seq = 0;
  private rows: AnkiCollectionRows | null = null;
  private lastRevlogId = -Infinity;
  private zip: ZipFile | null = null;
  private readonly mediaSeen = new Set<string>();
  private readonly mediaIndex = proto();
  private readonly legacyMap: Record<string, string> = {};
  private mediaCount = 0;

  constructor(private readonly start: BuildStart) {
    this.collectionFile = path.join(start.dir, 'collection');
    this.db = new SQLite(this.collectionFile);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    createCollectionTables(this.db, start.format);
    this.db.prepare('attach database ? as stage').run(path.join(start.dir, 'stage'));
    this.db.exec(
      'create table stage.cards (seq integer primary key, note_key text not null, ' +
        'card_id text not null, first integer, anki_id integer, json text not null)',
    );
    this.db.exec('begin');
  }

  /** A page of cards, in the package's order: staged. */
  cards(cards: ExportCard[]): void {
    const insert = this.db.prepare(
      'insert into stage.cards (seq, note_key, card_id, json) values (?, ?, ?, ?)',
    );
    for (const card of cards) {
      insert.run(++this.seq, card.note_id ?? card.id, card.id, JSON.stringify(card));
      const due = Date.parse(card.due_date);
      if (this.firstDue === null || due < this.firstDue) this.firstDue = due;
      for (const name of mediaNamesIn(card.front_content + '\n' + card.back_content)) {
        this.mediaNames.add(name);
      }
    }
  }

  /** Every card is in: the stored media files they refer to (whose original names are asked). */
  referenced(): string[] {
    return [...this.mediaNames];
  }

  /**
   * Every card is in: the notes and cards, each note where its first card came, their media
   * referred to by the names the files get in the package (`originals`: the names known).
   */
  notes(originals: [string, string][] = []): void {
    const { decks, now, timeZone } = this.start;
    const firstDue = this.firstDue === null ? null : new Date(this.firstDue);
    this.packageNames = packageMediaNames([...this.mediaNames], new Map(originals));
    const rows = new AnkiCollectionRows(
      decks,
      new Date(now),
      timeZone,
      firstDue,
      this.packageNames,
    );
    this.rows = rows;
    this.db.exec('create index stage.cards_note on cards (note_key)');
    this.db.exec(
      'update stage.cards set first = (select min(seq) from stage.cards as c ' +
        'where c.note_key = cards.note_key)',
    );
    this.db.exec('create index stage.cards_order on cards (first, seq)');
    const page = this.db.prepare(
      'select seq, first, note_key, json from stage.cards where (first, seq) > (?, ?) ' +
        'order by first, seq limit ?',
    );
    const setId = this.db.prepare('update stage.cards set anki_id = ? where seq = ?');
    const write = (key: string, cards: ExportCard[], seqs: number[]) => {
      const made = rows.note(key, cards);
      insertAll(this.db, 'notes', [made.note]);
      insertAll(this.db, 'cards', made.cards);
      made.ids.forEach(([, ankiId], index) => setId.run(ankiId, seqs[index]));
    };
    // The cards of one note, gathered across pages until the next note begins.
    let key: string | null = null;
    let cards: ExportCard[] = [];
    let seqs: number[] = [];
    let after = [-1, -1];
    for (;;) {
      const found = page.all(after[0], after[1], NOTE_PAGE) as {
        seq: number;
        first: number;
        note_key: string;
        json: string;
      }[];
      if (found.length === 0) break;
      for (const row of found) {
        if (key !== row.note_key) {
          if (key !== null) write(key, cards, seqs);
          key = row.note_key;
          cards = [];
          seqs = [];
        }
        cards.push(JSON.parse(row.json) as ExportCard);
        seqs.push(row.seq);
        after = [row.first, row.seq];
      }
    }
    if (key !== null) write(key, cards, seqs);
    this.db.exec('create index stage.cards_id on cards (card_id)');
  }

  /** A page of answers, oldest first; one of a card not exported is left out. */
  reviews(reviews: ExportReview[]): void {
    const rows = this.rows as AnkiCollectionRows;
    const find = this.db.prepare('select anki_id from stage.cards where card_id = ?').pluck();
    const revlog: number[][] = [];
    for (const review of reviews) {
      const cid = find.get(review.card_id) as number | undefined;
      if (cid === undefined || cid === null) continue;
      // Revlog ids are unique: answers in the same millisecond get the next free one.
      const id = Math.max(Date.parse(review.reviewed_at), this.lastRevlogId + 1);
      this.lastRevlogId = id;
      revlog.push(rows.revlog(review, cid, id));
    }
    insertAll(this.db, 'revlog', revlog);
  }

  /**
   * The collection is complete: its head, the file closed, and the package begun with it.
   * Returns the media files the cards refer to, to be handed in one by one.
   */
  async collection(): Promise<string[]> {
    const { format } = this.start;
    const col = (this.rows as AnkiCollectionRows).col();
    writeCollectionHead(this.db, format, col);
    this.db.exec('commit');
    this.db.exec('detach database stage');
    await fs.rm(path.join(this.start.dir, 'stage'), { force: true });
    if (format === 'current') declareAnkiSchema18(this.db);
    this.db.close();
    this.zip = await ZipFile.create(path.join(this.start.dir, 'package.apkg'));
    const file = () => createReadStream(this.collectionFile);
    if (format === 'current') {
      await this.zip.add('meta', proto().varint(1, VERSION_LATEST).finish());
      await this.zip.add('collection.anki21b', file().pipe(zlib.createZstdCompress()));
      await this.zip.add('collection.anki2', dummyCollectionBytes(col.mod));
    } else {
      await this.zip.add('collection.anki21', file(), true);
    }
    await fs.rm(this.collectionFile, { force: true });
    return [...this.mediaNames];
  }

  /** One stored media file (null: gone from storage, left out; the card keeps its reference). */
  async media(name: string, data: Uint8Array | null): Promise<void> {
    const ankiName = data === null ? null : ankiMediaName(this.packageNames.get(name) ?? name);
    if (data === null || ankiName === null || this.mediaSeen.has(ankiName)) return;
    this.mediaSeen.add(ankiName);
    const index = String(this.mediaCount++);
    const zip = this.zip as ZipFile;
    if (this.start.format === 'legacy') {
      this.legacyMap[index] = ankiName;
      await zip.add(index, data, true);
      return;
    }
    await zip.add(index, zlib.zstdCompressSync(data));
    const sha1 = createHash('sha1').update(data).digest();
    this.mediaIndex.message(
      1,
      proto().string(1, ankiName).varint(2, data.length).bytesField(3, sha1),
    );
  }

  /** The package finished: its file and size. */
  async close(): Promise<{ file: string; size: number }> {
    const zip = this.zip as ZipFile;
    if (this.start.format === 'legacy')
      await zip.add('media', Buffer.from(JSON.stringify(this.legacyMap)), true);
    else await zip.add('media', zlib.zstdCompressSync(this.mediaIndex.finish()));
    const size = await zip.close();
    return { file: path.join(this.start.dir, 'package.apkg'), size };
  }

  /** Stops after a failure: files closed (the caller removes the folder). */
  async abandon(): Promise<void> {
    if (this.db.open) this.db.close();
    await this.zip?.abandon();
  }
}
