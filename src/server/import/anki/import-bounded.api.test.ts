/**
 * Issue 21 item 5: one large Anki package must not stop everyone else. A package over the row
 * limits is refused whole; a large one is written in short transactions, so the job's progress
 * moves while it writes and other users' requests are answered meanwhile.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnkiImportJob, IMPORT_JOB_MESSAGES } from '../../../core/anki/import-schemas';
import type { Deck } from '../../../core/deck-schemas';
import { createDb } from '../../db/database';
import { createDeck, json, newUser } from '../../../../test/support/fixtures';
import { importAnkiAndWait } from '../../../../test/support/anki-import';
import type { HttpClient } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { buildPackage, type FixtureSpec, STOCK } from '../../../../test/support/anki/test-packages';
import { ROW_MESSAGES } from './collection';
import { IMPORT_PHASES } from './convert';

/** `notes` Basic review cards in deck 'Big', each with `reviewsPerCard` revlog entries. */
function bigSpec(notes: number, reviewsPerCard: number): FixtureSpec {
  const base = 1_600_000_000_000;
  return {
    generation: 'anki21b',
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name: 'Big' }],
    notes: Array.from({ length: notes }, (_, i) => ({
      guid: `big-${i}`,
      mid: STOCK.basic.id,
      fields: [`Question ${i}`, `Answer ${i}`],
      cards: [{ ord: 0, id: 1_000_000 + i, type: 2, queue: 2, due: 100, ivl: 5, factor: 2500 }],
    })),
    revlog: Array.from({ length: notes * reviewsPerCard }, (_, k) => ({
      id: base + k * 1000,
      cid: 1_000_000 + (k % notes),
      ease: 3,
      ivl: 5,
      lastIvl: 1,
      type: 1,
    })),
  };
}

const decksOf = async (user: HttpClient) =>
  (await json<{ decks: Deck[] }>(await user.get('/api/decks'), 200)).decks;

describe('an Anki package over the row limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { ANKI_IMPORT_MAX_CARDS: '20', ANKI_IMPORT_MAX_REVIEWS: '50' },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    ['review rows', bigSpec(10, 6), ROW_MESSAGES.tooMany(60, 'review rows', 50)],
    ['notes', bigSpec(21, 0), ROW_MESSAGES.tooMany(21, 'notes', 20)],
  ])(
    'is refused whole (%s), with the count and the limit, and nothing is written',
    async (_, spec, message) => {
      const user = await newUser(server.url);
      const response = await importAnkiAndWait(user, buildPackage(spec), { keep_decks: 'true' });
      expect(response.job?.status).toBe('failed');
      expect(response.job?.error).toEqual({ code: 'TOO_MANY_ROWS', message });
      expect(await decksOf(user)).toEqual([]);
    },
  );

  it('says the numbers as people read them', () => {
    expect(ROW_MESSAGES.tooMany(1_000_000, 'review rows', 500_000)).toBe(
      'This package holds 1,000,000 review rows; the limit is 500,000.',
    );
  });

  it('takes a package at the limits', async () => {
    const user = await newUser(server.url);
    const response = await importAnkiAndWait(user, buildPackage(bigSpec(10, 5)), {
      keep_decks: 'true',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ cards: 10, reviews: 50 });
  });
});

describe('a large Anki package', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(
    'is written in short transactions: progress moves while it writes, and others are answered',
    { timeout: 300_000 },
    async () => {
      const cards = 3000;
      const reviews = cards * 10;
      const owner = await newUser(server.url);
      const other = await newUser(server.url, 'other');
      await createDeck(other, 'Mine');
      const form = new FormData();
      form.set('keep_decks', 'true');
      form.set('file', new File([new Uint8Array(buildPackage(bigSpec(cards, 10)))], 'big.apkg'));
      let job = await json<AnkiImportJob>(
        await owner.request('/api/import/anki', { method: 'POST', body: form }),
        202,
      );
      // While the job writes, its progress is seen between 0 and the end, and another user's
      // requests are answered (a single long transaction held every other request until it ended).
      const writingSeen: number[] = [];
      let othersAnsweredWhileWriting = 0;
      const deadline = Date.now() + 300_000;
      while (job.status === 'pending' || job.status === 'processing') {
        if (Date.now() > deadline) throw new Error('the import did not end');
        job = await json<AnkiImportJob>(await owner.get(`/api/import/jobs/${job.id}`), 200);
        const writing = job.status === 'processing' && job.phase === IMPORT_PHASES.writing;
        if (writing) writingSeen.push(job.done);
        expect((await decksOf(other)).map((deck) => deck.name)).toEqual(['Mine']);
        if (writing) othersAnsweredWhileWriting++;
      }
      expect(job.status).toBe('completed');
      expect(writingSeen.some((done) => done > 0 && done < cards + reviews)).toBe(true);
      expect(othersAnsweredWhileWriting).toBeGreaterThan(0);
      expect(job.summary).toMatchObject({ cards, reviews, decks_created: ['Big'] });
      expect({ done: job.done, total: job.total }).toEqual({
        done: cards + reviews,
        total: cards + reviews,
      });
      const deck = (await decksOf(owner)).find((item) => item.name === 'Big');
      expect(deck?.card_count).toBe(cards);
      // The review history: one import session for the deck, its counts matching the rows.
      const db = createDb(
        server.databaseUrl
          ? { kind: 'postgres', url: server.databaseUrl, poolSize: 1 }
          : { kind: 'sqlite', file: path.join(server.dataDir, 'mnemo.db') },
      );
      try {
        const sessions = await db.kysely
          .selectFrom('learning_sessions')
          .select(['id', 'cards_studied', 'good_count'])
          .where('deck_id', '=', deck!.id)
          .execute();
        expect(sessions.map((row) => [Number(row.cards_studied), Number(row.good_count)])).toEqual([
          [reviews, reviews],
        ]);
        const { n } = await db.kysely
          .selectFrom('card_reviews')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('session_id', '=', sessions[0]!.id)
          .executeTakeFirstOrThrow();
        expect(Number(n)).toBe(reviews);
      } finally {
        await db.close();
      }
    },
  );
});

describe('an Anki package whose reading needs more memory than an import may use', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The conversion thread's heap is bounded (ANKI_IMPORT_MEMORY_MB): past it the thread is
    // stopped and the package refused, whatever its rows, instead of the process growing.
    server = await startTestServer({ env: { ANKI_IMPORT_MEMORY_MB: '64' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(
    'is refused in plain words, nothing is written, and the server goes on',
    { timeout: 300_000 },
    async () => {
      const user = await newUser(server.url);
      const big = buildPackage(bigSpec(40_000, 5));
      const response = await importAnkiAndWait(user, big, { keep_decks: 'true' });
      expect(response.job?.status).toBe('failed');
      expect(response.job?.error).toEqual({
        code: 'IMPORT_TOO_LARGE',
        message: IMPORT_JOB_MESSAGES.tooMuchMemory,
      });
      expect(await decksOf(user)).toEqual([]);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const small = await importAnkiAndWait(user, buildPackage(bigSpec(10, 5)), {
        keep_decks: 'true',
      });
      expect(await small.json()).toMatchObject({ cards: 10, reviews: 50 });
    },
  );
});
