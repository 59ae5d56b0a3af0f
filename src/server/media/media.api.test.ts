import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiImportSummary } from '../../core/anki/import-schemas';
import type { Flashcard, FlashcardPage } from '../../core/flashcard-schemas';
import { MEDIA_SKIPPED } from '../import/anki/media';
import { parseMediaMap } from '../import/anki/package-media';
import { tinyMp3, tinyPng } from '../../../test/support/anki/test-media';
import { buildPackage, type FixtureSpec, STOCK } from '../../../test/support/anki/test-packages';
import { importAnkiAndWait } from '../../../test/support/anki-import';
import { json, newUser } from '../../../test/support/fixtures';
import { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Media of Anki packages end to end (issue 12): imported (by bytes, stored once, fields
 * rewritten), served to their owner only, left out of the uploads list, exported again.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const PNG = tinyPng('media test');
const MP3 = tinyMp3();
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const PNG_NAME = `${sha(PNG)}.png`;
const MP3_NAME = `${sha(MP3)}.mp3`;

const spec = (generation: FixtureSpec['generation']): FixtureSpec => ({
  generation,
  noteTypes: [STOCK.basic],
  decks: [{ id: 1, name: 'Pictures' }],
  notes: [
    {
      guid: 'dot',
      mid: STOCK.basic.id,
      fields: ['What colour? <img src="red dot.png">', 'Red [sound:red.mp3]'],
      cards: [{ ord: 0 }],
    },
    {
      guid: 'broken',
      mid: STOCK.basic.id,
      fields: ['Gone <img src="gone.jpg">', 'Evil <img src="evil.svg">'],
      cards: [{ ord: 0 }],
    },
  ],
  media: [
    { name: 'red dot.png', data: PNG },
    { name: 'red.mp3', data: MP3 },
    { name: 'evil.svg', data: SVG },
  ],
});

/** Imports through the job (202, then its summary), answered as one response. */
const upload = (user: HttpClient, bytes: Uint8Array, fields: Record<string, string>) =>
  importAnkiAndWait(user, bytes, fields);

async function cardsOf(user: HttpClient): Promise<Flashcard[]> {
  const page = await json<FlashcardPage>(await user.get('/api/flashcards?limit=1000'), 200);
  return page.flashcards.sort((a, b) => a.front_content.localeCompare(b.front_content));
}

/** The user's stored media files, from the storage folder. */
async function storedMedia(userId: string): Promise<string[]> {
  const dir = path.join(server.dataDir, 'files', userId, 'media');
  return (await fs.readdir(dir).catch(() => [] as string[])).sort();
}

async function userId(user: HttpClient): Promise<string> {
  const session = await json<{ user: { id: string } }>(
    await user.get('/api/auth/get-session'),
    200,
  );
  return session.user.id;
}

describe.each(['anki2', 'anki21', 'anki21b'] as const)('media of a %s package', (generation) => {
  it('are imported, served to their owner only, stored once, exported and imported again', async () => {
    const owner = await newUser(server.url, 'media-owner');
    const summary = await json<AnkiImportSummary>(
      await upload(owner, buildPackage(spec(generation)), { keep_decks: 'true' }),
      200,
    );
    expect(summary.cards).toBe(2);
    expect(summary.media).toBe(2);
    expect(summary.skipped).toEqual(
      expect.arrayContaining([
        { reason: MEDIA_SKIPPED.missing, count: 1, notes: ['“Gone” (gone.jpg)'], more_notes: 0 },
        { reason: MEDIA_SKIPPED.refused, count: 1, notes: ['“Gone” (evil.svg)'], more_notes: 0 },
      ]),
    );
    expect(summary.skipped).toHaveLength(2);
    const [broken, dot] = await cardsOf(owner);
    expect(dot!.front_content).toBe(`What colour? ![](mnemo-media:${PNG_NAME})`);
    expect(dot!.back_content).toBe(`Red ![sound](mnemo-media:${MP3_NAME})`);
    // The missing and the refused file stay references as text, never stored.
    expect(broken!.front_content).toContain('gone.jpg');
    expect(broken!.back_content).toContain('evil.svg');
    const id = await userId(owner);
    expect(await storedMedia(id)).toEqual([MP3_NAME, PNG_NAME].sort());

    // Served to the owner, with its type, never kept by the browser (nothing is left in its
    // cache after sign-out, issue 21), never sniffed.
    const image = await owner.get(`/api/media/${PNG_NAME}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('private, no-store');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const sound = await owner.get(`/api/media/${MP3_NAME}`);
    expect(sound.headers.get('content-type')).toBe('audio/mpeg');
    // Another user's file is not found; anonymous is 401; a malformed name is 404.
    const stranger = await newUser(server.url, 'media-stranger');
    const foreign = await stranger.get(`/api/media/${PNG_NAME}`);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Media file not found' },
    });
    expect((await new HttpClient(server.url).get(`/api/media/${PNG_NAME}`)).status).toBe(401);
    for (const bad of ['..%2F..%2Fsecret', 'x.png', `${sha(PNG)}.svg`]) {
      expect((await owner.get(`/api/media/${bad}`)).status).toBe(404);
    }

    // Re-import: nothing new, nothing duplicated.
    const again = await json<AnkiImportSummary>(
      await upload(owner, buildPackage(spec(generation)), { keep_decks: 'true' }),
      200,
    );
    expect(again).toMatchObject({ cards: 0, cards_updated: 0, media: 2 });
    expect(await cardsOf(owner)).toHaveLength(2);
    expect(await storedMedia(id)).toEqual([MP3_NAME, PNG_NAME].sort());

    // Settings → Uploaded files lists uploads only, not media.
    const files = await json<{ files: unknown[] }>(await owner.get('/api/files'), 200);
    expect(files.files).toEqual([]);

    // Export, both generations: the package carries the files its cards show, under the names
    // they came with (issue 20 item 7), which its fields use.
    let bytes = new Uint8Array();
    for (const format of ['legacy', 'current'] as const) {
      const exported = await owner.get(`/api/export/anki?time_zone=UTC&format=${format}`);
      expect(exported.status).toBe(200);
      bytes = new Uint8Array(await exported.arrayBuffer());
      const zip = await JSZip.loadAsync(bytes);
      const version = format === 'legacy' ? 2 : 3;
      const map = parseMediaMap(await zip.file('media')!.async('uint8array'), version);
      expect([...map.keys()].sort()).toEqual(['red dot.png', 'red.mp3']);
      for (const [name, entry] of map) {
        const stored = await zip.file(entry)!.async('uint8array');
        const data = version === 3 ? zlib.zstdDecompressSync(stored) : Buffer.from(stored);
        expect(data.equals(name === 'red dot.png' ? PNG : MP3)).toBe(true);
      }
    }

    // Round trip (the current package) into a fresh account: the image is there, their own.
    const fresh = await newUser(server.url, 'media-fresh');
    await json(await upload(fresh, bytes, { keep_decks: 'true' }), 200);
    const freshCards = await cardsOf(fresh);
    const freshDot = freshCards.find((card) => card.front_content.startsWith('What colour?'));
    expect(freshDot!.front_content).toContain(`mnemo-media:${PNG_NAME}`);
    expect(freshDot!.back_content).toContain(`mnemo-media:${MP3_NAME}`);
    const freshImage = await fresh.get(`/api/media/${PNG_NAME}`);
    expect(Buffer.from(await freshImage.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
