import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../../core/deck-schemas';
import type { Flashcard, FlashcardPage } from '../../../core/flashcard-schemas';
import { runOnServerDatabase } from '../../../../test/support/database-access';
import { createDeck, json, newUser } from '../../../../test/support/fixtures';
import { IMPORT_OUTCOME, importAnkiAndWait } from '../../../../test/support/anki-import';
import type { HttpClient } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { IMPORT_JOB_MESSAGES } from '../../../core/anki/import-schemas';
import { PACKAGE_MESSAGES } from './package';
import {
  buildPackage,
  type FixtureSpec,
  packageEntries,
  protobuf,
  STOCK,
} from '../../../../test/support/anki/test-packages';
import { writeZip } from './zip-writer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const upload = (user: HttpClient, bytes: Uint8Array, fields: Record<string, string>) =>
  importAnkiAndWait(user, bytes, fields);

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

async function cardsOf(user: HttpClient, deckId?: string): Promise<Flashcard[]> {
  const query = deckId ? `deck_id=${deckId}&` : '';
  return (await json<FlashcardPage>(await user.get(`/api/flashcards?${query}limit=1000`), 200))
    .flashcards;
}

const decksOf = async (user: HttpClient) =>
  (await json<{ decks: Deck[] }>(await user.get('/api/decks'), 200)).decks;

describe('refusing what is not a readable Anki package', () => {
  const basic = (): FixtureSpec => ({
    generation: 'anki21b',
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name: 'Default' }],
    notes: [{ guid: 'x', mid: STOCK.basic.id, fields: ['q', 'a'], cards: [{ ord: 0 }] }],
  });
  const withEntries = (change: (entries: ReturnType<typeof packageEntries>) => void) => {
    const entries = packageEntries(basic());
    change(entries);
    return writeZip(entries);
  };
  const cases: [string, Uint8Array, number, string][] = [
    ['not a zip', new TextEncoder().encode('hello, not a zip'), 400, PACKAGE_MESSAGES.notPackage],
    [
      'a zip without a collection',
      writeZip([{ name: 'notes.txt', data: Buffer.from('hi') }]),
      400,
      PACKAGE_MESSAGES.noCollection,
    ],
    [
      'a zip bomb (declared size)',
      writeZip([
        { name: 'collection.anki2', data: Buffer.alloc(10), deflate: true, declaredSize: 2 ** 31 },
      ]),
      400,
      PACKAGE_MESSAGES.tooLarge(256 * 1024 * 1024),
    ],
    [
      'a zip bomb (ratio)',
      writeZip([{ name: 'collection.anki2', data: Buffer.alloc(20 * 1024 * 1024), deflate: true }]),
      400,
      PACKAGE_MESSAGES.suspicious,
    ],
    [
      'an entry inflating past its declared size',
      writeZip([
        {
          name: 'collection.anki2',
          data: Buffer.alloc(20 * 1024 * 1024),
          deflate: true,
          declaredSize: 100,
        },
      ]),
      202,
      PACKAGE_MESSAGES.damaged,
    ],
    [
      'a package from a newer Anki',
      withEntries((entries) => (entries[0]!.data = protobuf([[1, 4]]))),
      400,
      PACKAGE_MESSAGES.tooNew,
    ],
    [
      'a damaged collection',
      withEntries((entries) => (entries[1]!.data = zlib.zstdCompressSync(Buffer.from('junk')))),
      202,
      PACKAGE_MESSAGES.damaged,
    ],
    [
      'a collection whose notes are a view (an endless query)',
      withEntries((entries) => {
        const db = new Database(zlib.zstdDecompressSync(entries[1]!.data));
        db.exec(
          "drop table notes; create view notes as with recursive n(id) as (select 1 union all select id + 1 from n) select id, id as guid, 1 as mid, 0 as mod, 0 as usn, '' as tags, '' as flds, 0 as sfld, 0 as csum, 0 as flags, '' as data from n",
        );
        entries[1]!.data = zlib.zstdCompressSync(db.serialize());
        db.close();
      }),
      202,
      PACKAGE_MESSAGES.damaged,
    ],
    [
      'an unknown schema version',
      buildPackage({ ...basic(), ver: 19 }),
      202,
      'The Anki collection has schema version 19, which Mnemo cannot read',
    ],
  ];

  // What the zip's central directory and `meta` tell is refused at once (400, no job); the
  // rest only once the collection is inflated and read: the upload is accepted (202) and the
  // import job fails with the refusal's code and message.
  const inTheJob = new Map([
    ['an entry inflating past its declared size', 'DAMAGED_PACKAGE'],
    ['a damaged collection', 'DAMAGED_PACKAGE'],
    ['a collection whose notes are a view (an endless query)', 'DAMAGED_PACKAGE'],
    ['an unknown schema version', 'UNKNOWN_SCHEMA'],
  ]);

  it.each(cases)(
    '%s → a clear message and nothing imported',
    async (name, bytes, status, message) => {
      const user = await newUser(server.url);
      const response = await upload(user, bytes, { keep_decks: 'true' });
      expect(response.status).toBe(status);
      const code = inTheJob.get(name);
      if (code === undefined) {
        expect(response.headers.get(IMPORT_OUTCOME)).toBe('at-once');
        expect(response.job).toBeUndefined();
        expect((await errorOf(response)).message).toBe(message);
      } else {
        expect(response.headers.get(IMPORT_OUTCOME)).toBe('failed');
        expect(response.job).toMatchObject({
          status: 'failed',
          summary: null,
          error: { code, message },
        });
        expect(response.job?.completed_at).not.toBeNull();
      }
      expect(await decksOf(user)).toEqual([]);
    },
  );

  it('asks for a target, a file, and the user’s own deck', async () => {
    const user = await newUser(server.url);
    const other = await newUser(server.url);
    const theirs = await createDeck(other, 'Theirs');
    const response = await upload(user, buildPackage(basic()), {});
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(
      'Choose a deck for the cards, or keep the package’s decks',
    );
    const denied = await upload(user, buildPackage(basic()), { deck_id: theirs.id });
    expect(denied.status).toBe(404);
    expect(await cardsOf(other)).toEqual([]);
    const form = new FormData();
    form.set('keep_decks', 'true');
    const noFile = await user.request('/api/import/anki', { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
  });

  it('says an unexpected failure in plain words, never the exception’s own text (SQL, paths)', async () => {
    const user = await newUser(server.url);
    const { id } = (
      await json<{ user: { id: string } }>(await user.get('/api/auth/get-session'), 200)
    ).user;
    // The database refuses this user's cards with a text an operator, not a user, should read.
    const secret = 'disk I/O error at /var/lib/mnemo/private/mnemo.db';
    const postgres = Boolean(server.databaseUrl);
    const statements = postgres
      ? [
          `create function mnemo_test_refuse() returns trigger language plpgsql as $$ begin raise exception '${secret}'; end $$`,
          `create trigger mnemo_test_refuse before insert on flashcards for each row when (new.user_id = '${id}') execute function mnemo_test_refuse()`,
        ]
      : [
          `create trigger mnemo_test_refuse before insert on flashcards when new.user_id = '${id}' begin select raise(abort, '${secret}'); end`,
        ];
    for (const statement of statements) await runOnServerDatabase(server, statement, []);
    try {
      const response = await upload(user, buildPackage(basic()), { keep_decks: 'true' });
      expect(response.headers.get(IMPORT_OUTCOME)).toBe('failed');
      expect(response.job?.error).toEqual({
        code: 'IMPORT_FAILED',
        message: IMPORT_JOB_MESSAGES.unexpected,
      });
      expect(JSON.stringify(response.job)).not.toContain('/var/lib');
      expect(await cardsOf(user)).toEqual([]);
      // The operator still finds the cause in the log.
      expect(server.output()).toContain(secret);
    } finally {
      await runOnServerDatabase(
        server,
        'drop trigger mnemo_test_refuse' + (postgres ? ' on flashcards' : ''),
        [],
      );
      if (postgres) await runOnServerDatabase(server, 'drop function mnemo_test_refuse()', []);
    }
  });
});
