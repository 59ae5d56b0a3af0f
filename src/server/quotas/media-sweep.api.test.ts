import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flashcard, FlashcardPage } from '../../core/flashcard-schemas';
import { tinyMp3, tinyPng } from '../../../test/support/anki/test-media';
import { buildPackage, STOCK } from '../../../test/support/anki/test-packages';
import { importAnkiAndWait } from '../../../test/support/anki-import';
import { createCard, createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { freePort, startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Issue 21: media stay on storage while a card of their owner refers to them, and go when the
 * last one is deleted (a card, a deck) or edited away, on a local folder and on an S3 bucket.
 */
const PNG = tinyPng('sweep');
const MP3 = tinyMp3();
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const PNG_NAME = `${sha(PNG)}.png`;
const MP3_NAME = `${sha(MP3)}.mp3`;

/** Two notes: one shows the image, the other the image and the sound. */
const PACKAGE = buildPackage({
  generation: 'anki21b',
  noteTypes: [STOCK.basic],
  decks: [{ id: 1, name: 'Pictures' }],
  notes: [
    {
      guid: 'one',
      mid: STOCK.basic.id,
      fields: ['One <img src="a.png">', '1'],
      cards: [{ ord: 0 }],
    },
    {
      guid: 'two',
      mid: STOCK.basic.id,
      fields: ['Two <img src="a.png">', '2 [sound:b.mp3]'],
      cards: [{ ord: 0 }],
    },
  ],
  media: [
    { name: 'a.png', data: PNG },
    { name: 'b.mp3', data: MP3 },
  ],
});

const stored = async (user: HttpClient, name: string) => {
  const response = await user.get(`/api/media/${name}`);
  await response.arrayBuffer();
  return response.status === 200;
};

const storedBytes = async (user: HttpClient) =>
  (await json<{ storage_bytes: number }>(await user.get('/api/usage'), 200)).storage_bytes;

async function cardsOf(user: HttpClient, deckId: string): Promise<Flashcard[]> {
  const page = await json<FlashcardPage>(
    await user.get(`/api/flashcards?deck_id=${deckId}&limit=100`),
    200,
  );
  return page.flashcards;
}

async function importInto(user: HttpClient, name: string) {
  const deck = await createDeck(user, name);
  await json(await importAnkiAndWait(user, PACKAGE, { deck_id: deck.id }), 200);
  return deck;
}

const storages: [string, () => Promise<{ env: Record<string, string>; stop(): Promise<void> }>][] =
  [
    ['a local folder', async () => ({ env: {}, stop: async () => {} })],
    [
      'an S3 bucket',
      async () => {
        const port = await freePort();
        const dir = await fs.mkdtemp(path.join(import.meta.dirname, '../../../.tmp/s3-'));
        const s3 = new S3rver({
          port,
          address: '127.0.0.1',
          silent: true,
          directory: dir,
          configureBuckets: [{ name: 'user-files' }],
        }) as { run(): Promise<unknown>; close(): Promise<void> };
        await s3.run();
        return {
          env: {
            S3_BUCKET: 'user-files',
            S3_ENDPOINT: `http://127.0.0.1:${port}`,
            S3_ACCESS_KEY_ID: 'S3RVER',
            S3_SECRET_ACCESS_KEY: 'S3RVER',
            S3_FORCE_PATH_STYLE: 'true',
          },
          async stop() {
            await s3.close();
            await fs.rm(dir, { recursive: true, force: true });
          },
        };
      },
    ],
  ];

describe.each(storages)('media reference counting on %s', (_name, makeStorage) => {
  let server: TestServer;
  let storage: Awaited<ReturnType<(typeof storages)[number][1]>>;
  beforeAll(async () => {
    storage = await makeStorage();
    server = await startTestServer({ env: storage.env });
  });
  afterAll(async () => {
    await server?.stop();
    await storage?.stop();
  });

  it('keeps a file while a card uses it and removes it with the last card', async () => {
    const user = await newUser(server.url, 'sweep-cards');
    const deck = await importInto(user, 'Imported');
    expect(await stored(user, PNG_NAME)).toBe(true);
    expect(await stored(user, MP3_NAME)).toBe(true);
    expect(await storedBytes(user)).toBe(PNG.length + MP3.length);

    // The card with the sound goes: the sound goes, the image stays (the other card shows it).
    const cards = await cardsOf(user, deck.id);
    const two = cards.find((card) => card.front_content.startsWith('Two'))!;
    await json(await user.request(`/api/flashcards/${two.id}`, { method: 'DELETE' }), 200);
    expect(await stored(user, MP3_NAME)).toBe(false);
    expect(await stored(user, PNG_NAME)).toBe(true);
    expect(await storedBytes(user)).toBe(PNG.length);

    // Another deck's card refers to the image too: deleting the imported deck keeps it.
    const other = await createDeck(user, 'Other');
    const own = await createCard(user, other.id, `Again ![](mnemo-media:${PNG_NAME})`, 'x');
    await json(await user.request(`/api/decks/${deck.id}`, { method: 'DELETE' }), 200);
    expect(await stored(user, PNG_NAME)).toBe(true);

    // Editing the reference away removes the last use.
    await json(
      await user.request(`/api/flashcards/${own.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ front_content: 'No picture' }),
      }),
      200,
    );
    expect(await stored(user, PNG_NAME)).toBe(false);
    expect(await storedBytes(user)).toBe(0);
  });

  it('removes a deck’s files with the deck, and never another user’s', async () => {
    const owner = await newUser(server.url, 'sweep-deck');
    const neighbour = await newUser(server.url, 'sweep-neighbour');
    const deck = await importInto(owner, 'Going');
    await importInto(neighbour, 'Staying');
    await json(await owner.request(`/api/decks/${deck.id}`, { method: 'DELETE' }), 200);
    expect(await stored(owner, PNG_NAME)).toBe(false);
    expect(await stored(owner, MP3_NAME)).toBe(false);
    expect(await stored(neighbour, PNG_NAME)).toBe(true);
    expect(await stored(neighbour, MP3_NAME)).toBe(true);
  });
});
