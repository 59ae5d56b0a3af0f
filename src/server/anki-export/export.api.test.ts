import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeck, newUser } from '../../../test/support/fixtures';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { studiedDeck } from '../../../test/support/studied-deck';

/**
 * Export to Anki, the legacy package (`format=legacy`): the .apkg holds a schema-11 collection with every key Anki's schema-11
 * reader requires (rslib: notetype, decks and deckconfig `schema11.rs`), the notes (Basic and
 * Cloze), each card's scheduling, the review log and tags. The current generation:
 * `export-current.api.test.ts`.
 */
let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'apkg-test-'));
});

afterAll(async () => {
  await server?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

const TZ = 'Europe/Paris';

async function openPackage(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/octet-stream');
  const zip = await JSZip.loadAsync(new Uint8Array(await response.arrayBuffer()));
  expect(Object.keys(zip.files).sort()).toEqual(['collection.anki21', 'media']);
  expect(await zip.file('media')?.async('string')).toBe('{}');
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.anki21`);
  await fs.writeFile(file, (await zip.file('collection.anki21')?.async('uint8array')) ?? []);
  return new SQLite(file, { readonly: true });
}

const hasKeys = (value: object, keys: string[]) =>
  expect(Object.keys(value)).toEqual(expect.arrayContaining(keys));

describe('export to Anki (.apkg)', () => {
  it('writes a schema-11 collection with notes, scheduling, review log and tags', async () => {
    const user = await newUser(server.url);
    const { deck } = await studiedDeck(user, TZ);
    const response = await user.get(
      `/api/decks/${deck.id}/export/anki?time_zone=${TZ}&format=legacy`,
    );
    expect(response.headers.get('content-disposition')).toContain('(Anki 2.1.49 and older).apkg');
    const db = await openPackage(response);
    try {
      const col = db.prepare('select * from col').get() as Record<string, string | number>;
      expect(col.ver).toBe(11);
      const models = Object.values(JSON.parse(String(col.models))) as Record<string, unknown>[];
      expect(models.map((model) => model.type).sort()).toEqual([0, 1]);
      for (const model of models) {
        hasKeys(model, ['id', 'name', 'type', 'mod', 'usn', 'sortf', 'tmpls', 'flds', 'css']);
        for (const field of model.flds as object[]) {
          hasKeys(field, ['name', 'ord', 'sticky', 'rtl', 'font', 'size']);
        }
        for (const template of model.tmpls as object[]) hasKeys(template, ['name', 'ord', 'qfmt']);
      }
      const decks = Object.values(JSON.parse(String(col.decks))) as Record<string, unknown>[];
      expect(decks.map((item) => item.name).sort()).toEqual(['Default', 'Geography::Europe']);
      for (const item of decks) {
        hasKeys(item, [
          'id',
          'name',
          'usn',
          'lrnToday',
          'revToday',
          'newToday',
          'timeToday',
          'collapsed',
          'dyn',
          'conf',
        ]);
      }
      for (const conf of Object.values(JSON.parse(String(col.dconf))) as Record<string, object>[]) {
        hasKeys(conf, ['id', 'mod', 'name', 'usn', 'maxTaken', 'autoplay', 'timer', 'new']);
        hasKeys(conf.new as object, ['delays', 'initialFactor', 'ints', 'order', 'perDay']);
        hasKeys(conf.rev as object, ['ease4', 'ivlFct', 'maxIvl', 'perDay']);
        hasKeys(conf.lapse as object, ['delays', 'leechAction', 'leechFails', 'minInt', 'mult']);
      }

      const notes = db.prepare('select * from notes order by id').all() as Record<
        string,
        unknown
      >[];
      expect(notes).toHaveLength(2);
      const [basic, cloze] = notes as [Record<string, unknown>, Record<string, unknown>];
      expect(basic.flds).toBe(
        'Capital of <strong>France</strong>?\x1fParis, on the \\(x^2\\) Seine',
      );
      expect(basic.tags).toBe(' geo europe::capitals ');
      expect(basic.sfld).toBe('Capital of France?');
      // Text and Back Extra (issue 20 item 10: the back was dropped).
      expect(String(cloze.flds).split('\x1f')).toEqual([
        '{{c1::Madrid}} is the capital of {{c2::Spain}}',
        'Madrid is the capital of Spain',
      ]);

      const cards = db.prepare('select * from cards order by nid, ord').all() as Record<
        string,
        number
      >[];
      expect(cards.map((card) => [card.ord, card.type, card.queue])).toEqual([
        [0, 2, 2], // the Q&A card, answered Good: review, 1 day
        [0, 0, 0], // c1, new
        [1, 1, 1], // c2, answered Again: learning
      ]);
      const [review] = cards as [Record<string, number>];
      expect(review.ivl).toBe(1);
      expect(review.factor).toBe(2500);
      // Due in days since the collection's creation: tomorrow's study day.
      const dueDay = Number(col.crt) + Number(review.due) * 86_400;
      expect(dueDay * 1000).toBeGreaterThan(Date.now());
      expect(dueDay * 1000 - Date.now()).toBeLessThan(2 * 86_400_000);
      expect(cards[2]?.due).toBeGreaterThan(Date.now() / 1000); // a timestamp, a minute on

      const revlog = db.prepare('select * from revlog order by id').all() as Record<
        string,
        number
      >[];
      expect(revlog.map((row) => [row.ease, row.type, row.time])).toEqual([
        [3, 0, 4000],
        [1, 0, 4000],
      ]);
      expect(revlog[0]?.ivl).toBe(1);
      expect(revlog[1]?.ivl).toBe(-60);
    } finally {
      db.close();
    }
  });

  it('exports the same notes with the same GUIDs twice; all decks at once; others get 404', async () => {
    const user = await newUser(server.url);
    const { deck } = await studiedDeck(user, TZ);
    const guids = async (url: string) => {
      const db = await openPackage(await user.get(url));
      try {
        return (db.prepare('select guid from notes order by guid').all() as { guid: string }[])
          .map((row) => row.guid)
          .join(',');
      } finally {
        db.close();
      }
    };
    const once = await guids(`/api/decks/${deck.id}/export/anki?time_zone=${TZ}&format=legacy`);
    expect(await guids(`/api/decks/${deck.id}/export/anki?time_zone=${TZ}&format=legacy`)).toBe(
      once,
    );
    await createDeck(user, 'Empty');
    const all = await openPackage(await user.get(`/api/export/anki?time_zone=${TZ}&format=legacy`));
    try {
      const decks = JSON.parse(
        String((all.prepare('select decks from col').get() as { decks: string }).decks),
      ) as Record<string, { name: string }>;
      expect(
        Object.values(decks)
          .map((item) => item.name)
          .sort(),
      ).toEqual(['Default', 'Empty', 'Geography::Europe']);
    } finally {
      all.close();
    }
    const other = await newUser(server.url);
    expect(
      (await other.get(`/api/decks/${deck.id}/export/anki?time_zone=${TZ}&format=legacy`)).status,
    ).toBe(404);
    expect((await user.get(`/api/decks/${deck.id}/export/anki?time_zone=Mars/Base`)).status).toBe(
      400,
    );
  });
});
