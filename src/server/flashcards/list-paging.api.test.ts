import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardPage } from '../../core/flashcard-schemas';
import { CURSOR_MESSAGE } from '../../core/list-cursor';
import { createDeck, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

let server: TestServer;
let user: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  user = await newUser(server.url);
});

afterAll(async () => {
  await server?.stop();
});

const page = (query: string) => user.get(`/api/flashcards?${query}`);

describe('keyset paging of the card list', () => {
  it('walks a deck page by page with next_cursor: every card once, in the list order', async () => {
    const deck = await createDeck(user, 'Paged');
    // One bulk insert: many cards share a created_at, so the id breaks the ties.
    const cards = Array.from({ length: 25 }, (_, index) => ({
      deck_id: deck.id,
      front_content: `Front ${index}`,
      back_content: `Back ${index}`,
    }));
    await json(await user.post('/api/flashcards/bulk', { cards }), 201);
    const all = await json<FlashcardPage>(await page(`deck_id=${deck.id}&limit=100`), 200);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `deck_id=${deck.id}&limit=10${cursor ? `&after=${cursor}` : ''}`;
      const result: FlashcardPage = await json<FlashcardPage>(await page(query), 200);
      expect(result.total).toBe(25);
      seen.push(...result.flashcards.map((card) => card.id));
      cursor = result.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.flashcards.map((card) => card.id));
    expect(all.next_cursor).toBeNull();
  });

  it('filters by status on the server while paging', async () => {
    const deck = await createDeck(user, 'Filtered');
    const created = await json<{ flashcards: { id: string }[] }>(
      await user.post('/api/flashcards/bulk', {
        cards: Array.from({ length: 6 }, (_, index) => ({
          deck_id: deck.id,
          front_content: `F${index}`,
          back_content: `B${index}`,
        })),
      }),
      201,
    );
    const ids = created.flashcards.slice(0, 3).map((card) => card.id);
    await json(await user.post('/api/flashcards/bulk-suspend', { ids, suspended: true }), 200);
    const first = await json<FlashcardPage>(
      await page(`deck_id=${deck.id}&status=suspended&limit=2`),
      200,
    );
    const second = await json<FlashcardPage>(
      await page(`deck_id=${deck.id}&status=suspended&limit=2&after=${first.next_cursor}`),
      200,
    );
    expect([...first.flashcards, ...second.flashcards].map((card) => card.id).sort()).toEqual(
      [...ids].sort(),
    );
    expect(second.next_cursor).toBeNull();
  });

  it('refuses a cursor it did not give', async () => {
    for (const bad of ['nonsense', 'W10', '%00']) {
      const response = await page(`limit=5&after=${bad}`);
      expect((await json<{ error: { message: string } }>(response, 400)).error.message).toBe(
        CURSOR_MESSAGE,
      );
    }
  });
});
