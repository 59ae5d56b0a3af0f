import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiImportJob } from '../../core/anki/import-schemas';
import type { FlashcardPage } from '../../core/flashcard-schemas';
import type { GenerationJob } from '../../core/generation-requests';
import { QUOTA_MESSAGES, type Usage } from '../../core/quota';
import { tinyPng } from '../../../test/support/anki/test-media';
import { buildPackage, STOCK } from '../../../test/support/anki/test-packages';
import { importAnkiAndWait } from '../../../test/support/anki-import';
import { createCard, createDeck, finishedJob, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Issue 21: per-user quotas of cards (USER_CARD_QUOTA) and stored bytes (USER_STORAGE_QUOTA_MB).
 * Every path that creates content refuses, writing nothing, when the quota would be passed;
 * `GET /api/usage` tells what is used.
 */
const CARD_QUOTA = 5;
const MB = 1024 * 1024;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { USER_CARD_QUOTA: String(CARD_QUOTA), USER_STORAGE_QUOTA_MB: '1' },
  });
});
afterAll(async () => {
  await server?.stop();
});

const usage = async (user: HttpClient) => json<Usage>(await user.get('/api/usage'), 200);
const errorOf = async (response: Response, status: number) =>
  (await json<{ error: { code: string; message: string } }>(response, status)).error;
const cardCount = async (user: HttpClient) =>
  (await json<FlashcardPage>(await user.get('/api/flashcards?limit=100'), 200)).flashcards.length;

/** A user with `count` cards in one deck. */
async function userWithCards(count: number) {
  const user = await newUser(server.url, 'quota');
  const deck = await createDeck(user, 'Full');
  for (let index = 0; index < count; index++) await createCard(user, deck.id, `Q${index}?`, 'A');
  return { user, deck };
}

/** A package of `count` Basic notes, the first showing `png` when given. */
function notesPackage(count: number, png?: Buffer) {
  return buildPackage({
    generation: 'anki21b',
    noteTypes: [STOCK.basic],
    decks: [{ id: 1, name: 'Imported' }],
    notes: Array.from({ length: count }, (_, index) => ({
      guid: `quota-${index}`,
      mid: STOCK.basic.id,
      fields: [index === 0 && png ? 'Dot <img src="dot.png">' : `Front ${index}`, 'Back'],
      cards: [{ ord: 0 }],
    })),
    media: png ? [{ name: 'dot.png', data: png }] : [],
  });
}

async function storedFiles(userId: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(path.join(dir, entry.name));
      else found.push(entry.name);
    }
  };
  await walk(path.join(server.dataDir, 'files', userId));
  return found;
}

const userIdOf = async (user: HttpClient) =>
  (await json<{ user: { id: string } }>(await user.get('/api/auth/get-session'), 200)).user.id;

describe('GET /api/usage', () => {
  it('answers the user’s own cards and bytes with the quotas', async () => {
    const { user } = await userWithCards(2);
    expect(await usage(user)).toEqual({
      storage_bytes: 0,
      storage_quota_bytes: MB,
      cards: 2,
      card_quota: CARD_QUOTA,
    });
    const other = await newUser(server.url, 'quota-other');
    expect((await usage(other)).cards).toBe(0);
    const png = tinyPng('usage');
    await json(await importAnkiAndWait(user, notesPackage(1, png), { keep_decks: 'true' }), 200);
    expect(await usage(user)).toMatchObject({ storage_bytes: png.length, cards: 3 });
  });
});

describe('the card quota', () => {
  it('refuses a card past it (403), and bulk create, duplicate and text import write nothing', async () => {
    const { user, deck } = await userWithCards(CARD_QUOTA - 1);
    await createCard(user, deck.id, 'Last?', 'Yes');
    const refused = await user.post('/api/flashcards', {
      deck_id: deck.id,
      card_type: 'qa',
      front_content: 'One more?',
      back_content: 'No',
    });
    expect(await errorOf(refused, 403)).toEqual({
      code: 'CARD_QUOTA_EXCEEDED',
      message: QUOTA_MESSAGES.cards(CARD_QUOTA, 1, CARD_QUOTA),
    });
    expect(QUOTA_MESSAGES.cards(5, 1, 5)).toBe(
      'Card count exceeds your 5 card limit: you have 5 and this adds 1',
    );
    const bulk = await user.post('/api/flashcards/bulk', {
      cards: [1, 2].map((n) => ({
        deck_id: deck.id,
        card_type: 'qa',
        front_content: `Bulk ${n}?`,
        back_content: 'B',
      })),
    });
    expect((await errorOf(bulk, 403)).code).toBe('CARD_QUOTA_EXCEEDED');
    expect((await errorOf(await user.post(`/api/decks/${deck.id}/duplicate`, {}), 403)).code).toBe(
      'CARD_QUOTA_EXCEEDED',
    );
    const text = await user.post(`/api/decks/${deck.id}/import/text`, {
      text: 'a\tb\nc\td',
      mapping: { front: 1, back: 2 },
      skip_bad_lines: false,
    });
    expect((await errorOf(text, 403)).code).toBe('CARD_QUOTA_EXCEEDED');
    expect(await cardCount(user)).toBe(CARD_QUOTA);
    const decks = await json<{ decks: unknown[] }>(await user.get('/api/decks'), 200);
    expect(decks.decks).toHaveLength(1); // the duplicate left no deck behind
  });

  it('refuses a whole Anki package that would pass it, nothing written or stored', async () => {
    const { user } = await userWithCards(CARD_QUOTA - 2);
    const answer = await importAnkiAndWait(user, notesPackage(3, tinyPng('cards')), {
      keep_decks: 'true',
    });
    const job = (answer as { job?: AnkiImportJob }).job;
    expect(job?.status).toBe('failed');
    expect(job?.error).toEqual({
      code: 'CARD_QUOTA_EXCEEDED',
      message: QUOTA_MESSAGES.cards(CARD_QUOTA - 2, 3, CARD_QUOTA),
    });
    expect(await cardCount(user)).toBe(CARD_QUOTA - 2);
    expect(await storedFiles(await userIdOf(user))).toEqual([]);
    // Two new notes fit.
    await json(await importAnkiAndWait(user, notesPackage(2), { keep_decks: 'true' }), 200);
    expect(await cardCount(user)).toBe(CARD_QUOTA);
  });

  it('fails a generation job whose cards would pass it, writing none', async () => {
    const { user, deck } = await userWithCards(CARD_QUOTA);
    const TEXT = readFileSync(
      new URL('../../../e2e/fixtures/texts/bash-intro.txt', import.meta.url),
      'utf8',
    );
    const job = await json<GenerationJob>(
      await user.post('/api/generation/text', {
        deckId: deck.id,
        content: TEXT,
        generationStrategy: 'key_concepts',
        requestedCardTypes: ['qa'],
      }),
      201,
    );
    const done = await finishedJob(user, job.id);
    expect(done.status).toBe('failed');
    expect(done.error_message).toMatch(/^Card count exceeds your 5 card limit: you have 5/);
    expect(await cardCount(user)).toBe(CARD_QUOTA);
  });
});

describe('the storage quota', () => {
  it('refuses an Anki package whose media would pass it, nothing stored or written', async () => {
    const user = await newUser(server.url, 'quota-media');
    // Zeros compress to nothing: a small package, a large file (issue 21's 240 MB from 11 kB).
    const big = tinyPng('\0'.repeat(MB + 1000));
    const bytes = notesPackage(1, big);
    expect(bytes.length).toBeLessThan(64 * 1024);
    const answer = await importAnkiAndWait(user, bytes, { keep_decks: 'true' });
    const job = (answer as { job?: AnkiImportJob }).job;
    expect(job?.error).toEqual({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message: QUOTA_MESSAGES.storage(0, big.length, MB),
    });
    expect(job?.error?.message).toBe(
      'Storage exceeds your 1 MB limit: you use 0 bytes and this needs 1 MB more',
    );
    expect(await storedFiles(await userIdOf(user))).toEqual([]);
    expect(await cardCount(user)).toBe(0);
  });

  it('refuses an upload that would pass it (413), storing nothing and making no job', async () => {
    const user = await newUser(server.url, 'quota-upload');
    const deck = await createDeck(user, 'Uploads');
    const body = new FormData();
    body.set('deckId', deck.id);
    body.set('generationStrategy', 'key_concepts');
    body.append('requestedCardTypes', 'qa');
    const text = 'Plants turn light into chemical energy. '.repeat(27_000); // ~1.1 MB
    body.set('file', new File([text], 'notes.txt', { type: 'text/plain' }));
    const refused = await user.request('/api/generation/file', { method: 'POST', body });
    expect(await errorOf(refused, 413)).toEqual({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message: QUOTA_MESSAGES.storage(0, Buffer.byteLength(text), MB),
    });
    expect(await storedFiles(await userIdOf(user))).toEqual([]);
    const jobs = await json<{ jobs?: unknown[] } | unknown[]>(
      await user.get('/api/generation/jobs'),
      200,
    );
    expect(Array.isArray(jobs) ? jobs : (jobs.jobs ?? [])).toEqual([]);
  });
});
