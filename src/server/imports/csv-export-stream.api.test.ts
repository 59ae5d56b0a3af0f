/**
 * Issue 21 item 8: a large CSV export is streamed — sent as it is read, a page of cards at a
 * time (chunked, no length known up front) — and its bytes are those the export always wrote:
 * the whole file of `cardsToCsv` over the cards in the export's order.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsToCsv } from '../../core/import/csv-export';
import type { TextImportResult } from '../../core/import/import-schemas';
import { createDb, type Db } from '../db/database';
import { toIso } from '../db/time';
import { createDeck, json, newUser } from '../../../test/support/fixtures';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

let server: TestServer;
let db: Db;

beforeAll(async () => {
  server = await startTestServer();
  db = createDb(
    server.databaseUrl
      ? { kind: 'postgres', url: server.databaseUrl, poolSize: 1 }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'mnemo.db') },
  );
});

afterAll(async () => {
  await db?.close();
  await server?.stop();
});

/** The file as the export wrote it before streaming: every row read at once, then joined. */
async function wholeFile(userId: string, deckId?: string): Promise<string> {
  let query = db.kysely
    .selectFrom('flashcards')
    .innerJoin('decks', 'decks.id', 'flashcards.deck_id')
    .select([
      'decks.name as deck',
      'flashcards.front_content',
      'flashcards.back_content',
      'flashcards.card_type',
      'flashcards.tags',
      'flashcards.card_state',
      'flashcards.due_date',
    ])
    .where('flashcards.user_id', '=', userId);
  if (deckId) query = query.where('flashcards.deck_id', '=', deckId);
  const rows = await query
    .orderBy('decks.name')
    .orderBy('flashcards.created_at')
    .orderBy('flashcards.id')
    .execute();
  const cards = rows.map((row) => ({
    deck: row.deck,
    front: row.front_content,
    back: row.back_content ?? '',
    type: row.card_type,
    tags: row.tags,
    state: row.card_state,
    due: toIso(row.due_date) ?? '',
  }));
  return cardsToCsv(cards, deckId === undefined);
}

/** The body's chunks as they arrive, and the whole body (its byte-order mark kept). */
async function readChunks(response: Response) {
  const chunks: Uint8Array[] = [];
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
  }
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.concat(chunks));
  return { chunks, text };
}

describe('a large CSV export', () => {
  it(
    'is streamed page by page, with the same bytes as the whole file',
    { timeout: 120_000 },
    async () => {
      const user = await newUser(server.url);
      const userId = (
        await json<{ user: { id: string } }>(await user.get('/api/auth/get-session'), 200)
      ).user.id;
      const first = await createDeck(user, 'Big, first');
      const second = await createDeck(user, '=Second');
      const long = 'x'.repeat(400);
      for (const [deck, count] of [
        [first, 2500],
        [second, 1500],
      ] as const) {
        // In parts of 500 rows (a JSON body is at most 1 MB).
        for (let from = 0; from < count; from += 500) {
          const size = Math.min(500, count - from);
          const text = Array.from(
            { length: size },
            (_, k) => `"${deck.name} q${from + k} ${long}","a${from + k}, ""quoted"""`,
          ).join('\n');
          const result = await json<TextImportResult>(
            await user.post(`/api/decks/${deck.id}/import/text`, { text }),
            201,
          );
          expect(result.imported_rows).toBe(size);
        }
      }

      const all = await user.get('/api/export/csv');
      expect(all.status).toBe(200);
      // Streamed: no length known before the last card is read, sent in chunks.
      expect(all.headers.get('content-length')).toBeNull();
      expect(all.headers.get('transfer-encoding')).toBe('chunked');
      const { chunks, text } = await readChunks(all);
      expect(chunks.length).toBeGreaterThan(1);
      expect(text).toBe(await wholeFile(userId));
      expect(text.split('\r\n')).toHaveLength(3 + 4000 + 1);

      const one = await user.get(`/api/decks/${first.id}/export/csv`);
      expect(one.headers.get('transfer-encoding')).toBe('chunked');
      const deckText = (await readChunks(one)).text;
      expect(deckText).toBe(await wholeFile(userId, first.id));
      expect(deckText.split('\r\n')).toHaveLength(3 + 2500 + 1);
    },
  );

  it('reads the cards as the client takes the file, not all before the first byte', async () => {
    // About 36 MB of cards, far more than the connection buffers between server and client.
    const user = await newUser(server.url);
    const first = await createDeck(user, 'A first');
    const last = await createDeck(user, 'Z last');
    await user.post(`/api/decks/${first.id}/import/text`, { text: 'a1,b1\na2,b2' });
    const big = 'y'.repeat(15_000);
    for (let from = 0; from < 2400; from += 60) {
      const text = Array.from({ length: 60 }, (_, k) => `${big} ${from + k},back`).join('\n');
      expect((await user.post(`/api/decks/${last.id}/import/text`, { text })).status).toBe(201);
    }
    const response = await user.get('/api/export/csv');
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [(await reader.read()).value!];
    // The file has begun; the last deck goes before the server has read its cards.
    expect((await user.request(`/api/decks/${last.id}`, { method: 'DELETE' })).status).toBe(200);
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
    }
    const lines = new TextDecoder().decode(Buffer.concat(chunks)).split('\r\n');
    expect(
      lines
        .slice(3, 5)
        .map((line) => line.split(',').slice(0, 3).join(','))
        .sort(),
    ).toEqual(['A first,a1,b1', 'A first,a2,b2']);
    expect(lines.at(-1)).toBe('');
    // Built whole before sending, the file held all 2,400 cards of the deleted deck.
    const lastDeckRows = lines.filter((line) => line.startsWith('Z last,')).length;
    expect(lastDeckRows).toBeLessThan(2400);
  }, 240_000);
});
