import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiImportJob } from '../../../core/anki/import-schemas';
import type { Deck } from '../../../core/deck-schemas';
import { createDb, type Db } from '../../db/database';
import { createDeck, json, newUser } from '../../../../test/support/fixtures';
import { importAnkiAndWait } from '../../../../test/support/anki-import';
import type { HttpClient } from '../../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../../test/support/test-server';
import { MAX_IMPORT_ATTEMPTS } from './job-worker';
import { buildPackage, type FixtureSpec, STOCK } from '../../../../test/support/anki/test-packages';

const spec = (notes: number): FixtureSpec => ({
  generation: 'anki21b',
  noteTypes: [STOCK.basic],
  decks: [{ id: 1, name: 'Default' }],
  notes: Array.from({ length: notes }, (_, index) => ({
    guid: `n${index}`,
    mid: STOCK.basic.id,
    fields: [`question ${index}`, `answer ${index}`],
    cards: [{ ord: 0 }],
  })),
});

function start(user: HttpClient, bytes: Uint8Array, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', new File([new Uint8Array(bytes)], 'deck.apkg'));
  return user.request('/api/import/anki', { method: 'POST', body: form });
}

const openDb = (server: TestServer): Db =>
  createDb(
    server.databaseUrl
      ? { kind: 'postgres', url: server.databaseUrl, poolSize: 2 }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'mnemo.db') },
  );

/** Every stored file below the user's folder (local storage). */
async function storedFiles(server: TestServer): Promise<string[]> {
  const root = path.join(server.dataDir, 'files');
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  const files: string[] = [];
  for (const entry of entries) {
    if ((await fs.stat(path.join(root, entry))).isFile()) files.push(entry);
  }
  return files;
}

describe('an Anki import as a background job', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 202 with a pending job, which completes with the summary and its upload removed', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'French');
    const response = await start(user, buildPackage(spec(1200)), { deck_id: deck.id });
    const job = await json<AnkiImportJob>(response, 202);
    expect(job).toMatchObject({
      status: 'pending',
      deck_id: deck.id,
      keep_decks: false,
      file_name: 'deck.apkg',
      summary: null,
      error: null,
    });
    // Follow it: progress is seen as it goes, done never past total.
    let seen = job;
    const phases = new Set<string>();
    while (seen.status === 'pending' || seen.status === 'processing') {
      seen = await json<AnkiImportJob>(await user.get(`/api/import/jobs/${job.id}?wait=5`), 200);
      if (seen.phase) phases.add(seen.phase);
      expect(seen.done).toBeLessThanOrEqual(seen.total);
    }
    expect(seen.status).toBe('completed');
    expect({ done: seen.done, total: seen.total }).toEqual({ done: 1200, total: 1200 });
    expect(seen.summary).toEqual({
      notes: 1200,
      notes_updated: 0,
      cards: 1200,
      cards_updated: 0,
      decks_created: [],
      reviews: 0,
      media: 0,
      skipped: [],
      changed: [],
    });
    expect(seen.completed_at).not.toBeNull();
    const decks = (await json<{ decks: Deck[] }>(await user.get('/api/decks'), 200)).decks;
    expect(decks.find((item) => item.id === deck.id)?.card_count).toBe(1200);
    // The stored package is gone, and it never was one of the user's uploaded files.
    expect((await storedFiles(server)).filter((file) => file.includes('imports'))).toEqual([]);
    expect((await json<{ files: unknown[] }>(await user.get('/api/files'), 200)).files).toEqual([]);
  });

  it('shows a job only to its owner', async () => {
    const user = await newUser(server.url);
    const other = await newUser(server.url);
    const done = await importAnkiAndWait(user, buildPackage(spec(2)), { keep_decks: 'true' });
    expect(done.status).toBe(200);
    const id = done.job!.id;
    expect((await other.get(`/api/import/jobs/${id}`)).status).toBe(404);
    expect((await user.get('/api/import/jobs/unknown')).status).toBe(404);
    expect((await user.get(`/api/import/jobs/${id}?wait=99`)).status).toBe(400);
  });
});

describe('the default upload limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('takes a package above the 10 MB of other uploads (ANKI_IMPORT_MAX_MB is 200)', async () => {
    const user = await newUser(server.url);
    // 11 MB of incompressible media: the package itself is above 10 MB.
    const bulky = buildPackage({
      ...spec(1),
      media: [{ name: 'noise.bin', data: randomBytes(11 * 1024 * 1024) }],
    });
    expect(bulky.length).toBeGreaterThan(10 * 1024 * 1024);
    const response = await start(user, bulky, { keep_decks: 'true' });
    expect(response.status, await response.clone().text()).toBe(202);
  });
});

describe('the upload limit (ANKI_IMPORT_MAX_MB)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ANKI_IMPORT_MAX_MB: '1' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a larger package with 413 and a clear message, and creates nothing', async () => {
    const user = await newUser(server.url);
    const large = new Uint8Array(1024 * 1024 + 10);
    large.set([0x50, 0x4b, 0x03, 0x04]);
    const response = await start(user, large, { keep_decks: 'true' });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'The Anki package is larger than 1 MB',
    );
    expect(await storedFiles(server)).toEqual([]);
    // A package within the limit is taken.
    expect(
      (await importAnkiAndWait(user, buildPackage(spec(3)), { keep_decks: 'true' })).status,
    ).toBe(200);
  });
});

describe('a job whose worker died', () => {
  let web: TestServer;
  let worker: TestServer | undefined;
  let db: Db;
  beforeAll(async () => {
    // No worker in the web process: jobs stay pending until the test says otherwise.
    web = await startTestServer({ env: { GENERATION_WORKERS: '0' } });
    db = openDb(web);
  });
  afterAll(async () => {
    await db?.close();
    await worker?.stop();
    await web?.stop();
  });

  it('is taken again once its lease expired, or failed clearly after too many attempts', async () => {
    const user = await newUser(web.url);
    const again = await json<AnkiImportJob>(
      await start(user, buildPackage(spec(5)), { keep_decks: 'true' }),
      202,
    );
    const tooOften = await json<AnkiImportJob>(
      await start(user, buildPackage(spec(5)), { keep_decks: 'true' }),
      202,
    );
    // Both were taken by a worker that died: processing, under a lease that has expired.
    const expired = new Date(Date.now() - 60_000).toISOString();
    for (const [id, attempts] of [
      [again.id, 1],
      [tooOften.id, MAX_IMPORT_ATTEMPTS],
    ] as const) {
      await db.kysely
        .updateTable('import_jobs')
        .set({
          status: 'processing',
          lease_owner: 'dead-worker',
          lease_expires_at: expired,
          attempts,
          phase: 'Converting cards',
        })
        .where('id', '=', id)
        .execute();
    }
    expect(
      (await json<AnkiImportJob>(await user.get(`/api/import/jobs/${again.id}`), 200)).status,
    ).toBe('processing');

    worker = await startTestServer({ shareWith: web });
    const follow = async (id: string) => {
      for (;;) {
        const job = await json<AnkiImportJob>(await user.get(`/api/import/jobs/${id}?wait=5`), 200);
        if (job.status === 'completed' || job.status === 'failed') return job;
      }
    };
    const finished = await follow(again.id);
    expect(finished.status).toBe('completed');
    expect(finished.summary?.cards).toBe(5);
    const failed = await follow(tooOften.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: {
        code: 'IMPORT_INTERRUPTED',
        message: 'The import was interrupted too many times; try again',
      },
    });
    const count = await sql<{ n: number }>`select count(*) as n from flashcards`.execute(db.kysely);
    expect(Number(count.rows[0]?.n)).toBe(5);
  });
});
