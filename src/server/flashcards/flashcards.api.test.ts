import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../core/deck-schemas';
import type { Flashcard, FlashcardPage } from '../../core/flashcard-schemas';
import { apiRoutes } from '../api-routes';
import type { FixtureIds } from '../http/route-table';
import { createCard, createDeck, json, newUser, snapshot } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const patch = (client: HttpClient, path: string, body: unknown) =>
  client.request(path, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const errorMessage = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

async function cardCount(client: HttpClient, deckId: string) {
  return (await json<Deck>(await client.get(`/api/decks/${deckId}`), 200)).card_count;
}

describe('creating cards', () => {
  it('creates a Q&A card (default type) and a cloze card, counting them on the deck', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user);
    const qa = await json<Flashcard>(
      await user.post('/api/flashcards', {
        deck_id: deck.id,
        front_content: ' Q ',
        back_content: ' A ',
      }),
      201,
    );
    expect(qa).toMatchObject({
      card_type: 'qa',
      front_content: 'Q',
      back_content: 'A',
      is_edited: false,
      source_job_id: null,
      card_state: 'new',
      interval_days: 0,
      ease_factor: 2.5,
      review_count: 0,
    });
    const cloze = await createCard(
      user,
      deck.id,
      'The {{c1::mitochondria}} is the powerhouse',
      'The mitochondria is the powerhouse',
      'cloze',
    );
    expect(cloze.deck_id).toBe(deck.id);
    expect(await cardCount(user, deck.id)).toBe(2);
  });

  it('refuses empty or over-long content, a wrong type and a foreign deck, changing nothing', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user);
    const before = await snapshot(user);
    const cases: Array<[unknown, number, string]> = [
      [
        { deck_id: deck.id, front_content: '  ', back_content: 'A' },
        400,
        'Front content is required',
      ],
      [
        { deck_id: deck.id, front_content: 'Q', back_content: '\n' },
        400,
        'Back content is required',
      ],
      [{ deck_id: deck.id, front_content: 'Q' }, 400, 'Back content is required'],
      [
        { deck_id: deck.id, front_content: 'x'.repeat(20_001), back_content: 'A' },
        400,
        'at most 20000',
      ],
      [
        { deck_id: deck.id, card_type: 'essay', front_content: 'Q', back_content: 'A' },
        400,
        'qa or cloze',
      ],
      [
        { deck_id: 'no-such-deck', front_content: 'Q', back_content: 'A' },
        404,
        'Deck not found or access denied',
      ],
      [{ front_content: 'Q', back_content: 'A' }, 400, 'deck_id'],
    ];
    for (const [body, status, message] of cases) {
      const response = await user.post('/api/flashcards', body);
      expect(response.status).toBe(status);
      expect(await errorMessage(response)).toContain(message);
    }
    expect(await snapshot(user)).toEqual(before);
  });

  it("bulk-creates into several decks, and refuses the whole batch when one deck is not the user's", async () => {
    const user = await newUser(server.url);
    const stranger = await newUser(server.url);
    const a = await createDeck(user, 'A');
    const b = await createDeck(user, 'B');
    const foreign = await createDeck(stranger, 'Foreign');
    const created = await json<{ flashcards: Flashcard[] }>(
      await user.post('/api/flashcards/bulk', {
        cards: [
          { deck_id: a.id, front_content: '1', back_content: 'one' },
          { deck_id: a.id, front_content: '2', back_content: 'two' },
          { deck_id: b.id, card_type: 'cloze', front_content: '{{c1::3}}', back_content: '3' },
        ],
      }),
      201,
    );
    expect(created.flashcards).toHaveLength(3);
    expect(await cardCount(user, a.id)).toBe(2);
    expect(await cardCount(user, b.id)).toBe(1);
    const before = await snapshot(user);
    const refused = await user.post('/api/flashcards/bulk', {
      cards: [
        { deck_id: a.id, front_content: 'x', back_content: 'y' },
        { deck_id: foreign.id, front_content: 'x', back_content: 'y' },
      ],
    });
    expect(refused.status).toBe(404);
    expect(await errorMessage(refused)).toBe('One or more decks not found or access denied');
    expect(await snapshot(user)).toEqual(before);
    expect(await cardCount(stranger, foreign.id)).toBe(0);
    expect((await user.post('/api/flashcards/bulk', { cards: [] })).status).toBe(400);
  });
});

describe('cloze syntax', () => {
  it('refuses a cloze card without a valid deletion on create, bulk create and update', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user);
    const qa = await createCard(user, deck.id, 'Plain {{ braces }} are fine', 'yes');
    const cloze = await createCard(
      user,
      deck.id,
      '{{c1::Paris}} is the capital of France',
      'Paris is the capital of France',
      'cloze',
    );
    const before = await snapshot(user);
    const bad = (front: string) => ({
      deck_id: deck.id,
      card_type: 'cloze',
      front_content: front,
      back_content: 'x',
    });
    for (const [front, message] of [
      ['No deletion here', 'Cloze cards need at least one deletion such as {{c1::answer}}'],
      ['{{c1::Paris is open', 'A cloze deletion is not closed'],
      ['{{c0::Paris}}', 'Cloze numbers start at 1'],
    ] as const) {
      const single = await user.post('/api/flashcards', bad(front));
      expect(single.status).toBe(400);
      expect(await errorMessage(single)).toContain(message);
      const bulk = await user.post('/api/flashcards/bulk', {
        cards: [{ deck_id: deck.id, front_content: 'ok', back_content: 'ok' }, bad(front)],
      });
      expect(bulk.status).toBe(400);
      expect(await errorMessage(bulk)).toContain(message);
    }
    // Changing only the front of a stored cloze card, or only the type of a plain card.
    const frontOnly = await patch(user, `/api/flashcards/${cloze.id}`, { front_content: 'gone' });
    expect(frontOnly.status).toBe(400);
    expect(await errorMessage(frontOnly)).toContain('need at least one deletion');
    const typeOnly = await patch(user, `/api/flashcards/${qa.id}`, { card_type: 'cloze' });
    expect(typeOnly.status).toBe(400);
    expect(await snapshot(user)).toEqual(before);
  });
});

describe('reading cards', () => {
  it('lists newest first with filters and pagination', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user);
    const other = await createDeck(user, 'Other');
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push(
        (
          await createCard(
            user,
            deck.id,
            index % 2 ? `{{c1::Q${index}}}` : `Q${index}`,
            `A${index}`,
            index % 2 ? 'cloze' : 'qa',
          )
        ).id,
      );
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await createCard(user, other.id);
    await json(await patch(user, `/api/flashcards/${ids[0]}`, { back_content: 'changed' }), 200);

    const page1 = await json<FlashcardPage>(
      await user.get(`/api/flashcards?deck_id=${deck.id}&limit=2`),
      200,
    );
    expect(page1.flashcards.map((card) => card.front_content)).toEqual(['Q4', '{{c1::Q3}}']);
    expect(page1).toMatchObject({ total: 5, limit: 2, offset: 0, next_offset: 2 });
    const page3 = await json<FlashcardPage>(
      await user.get(`/api/flashcards?deck_id=${deck.id}&limit=2&offset=4`),
      200,
    );
    expect(page3.flashcards.map((card) => card.front_content)).toEqual(['Q0']);
    expect(page3.next_offset).toBeNull();

    const cloze = await json<FlashcardPage>(
      await user.get(`/api/flashcards?deck_id=${deck.id}&card_type=cloze`),
      200,
    );
    expect(cloze.flashcards.map((card) => card.front_content)).toEqual([
      '{{c1::Q3}}',
      '{{c1::Q1}}',
    ]);
    const edited = await json<FlashcardPage>(await user.get('/api/flashcards?is_edited=true'), 200);
    expect(edited.flashcards.map((card) => card.id)).toEqual([ids[0]]);
    const all = await json<FlashcardPage>(await user.get('/api/flashcards'), 200);
    expect(all.total).toBe(6);
    const bySource = await json<FlashcardPage>(
      await user.get('/api/flashcards?source_job_id=job-1'),
      200,
    );
    expect(bySource.total).toBe(0);

    for (const query of [
      'limit=0',
      'limit=10001',
      'offset=-1',
      'is_edited=maybe',
      'card_type=essay',
      'colour=red',
    ]) {
      expect((await user.get(`/api/flashcards?${query}`)).status).toBe(400);
    }
    expect((await user.get('/api/flashcards?deck_id=unknown')).status).toBe(404);
  });

  it('gets one card, and answers 404 for unknown or malformed ids', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user);
    const card = await createCard(user, deck.id);
    expect((await json<Flashcard>(await user.get(`/api/flashcards/${card.id}`), 200)).id).toBe(
      card.id,
    );
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-an-id', "' or 1=1 --"]) {
      const response = await user.get(`/api/flashcards/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(await errorMessage(response)).toBe('Flashcard not found');
    }
  });

  it('searches front and back case-insensitively, optionally in one deck', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'One');
    const other = await createDeck(user, 'Two');
    await createCard(user, deck.id, 'What is PHOTOSYNTHESIS?', 'Light to sugar');
    await createCard(user, deck.id, 'Chlorophyll colour?', 'Green, for photosynthesis');
    await createCard(user, other.id, 'Photosynthesis happens in?', 'Chloroplasts');
    await createCard(user, other.id, 'Unrelated', 'Nothing');
    const found = async (query: string) =>
      (
        await json<{ flashcards: Flashcard[] }>(
          await user.get(`/api/flashcards/search?${query}`),
          200,
        )
      ).flashcards.length;
    expect(await found('q=photosynthesis')).toBe(3);
    expect(await found(`q=photosynthesis&deck_id=${deck.id}`)).toBe(2);
    expect(await found('q=green')).toBe(1);
    expect(await found('q=%25')).toBe(0);
    expect((await user.get('/api/flashcards/search?q=')).status).toBe(400);
    expect((await user.get('/api/flashcards/search')).status).toBe(400);
  });
});

describe('changing cards', () => {
  it('updates type, front and back and marks the card as edited', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user);
    const card = await createCard(user, deck.id);
    const updated = await json<Flashcard>(
      await patch(user, `/api/flashcards/${card.id}`, {
        card_type: 'cloze',
        front_content: 'The capital of France is {{c1::Paris}}',
        back_content: 'The capital of France is Paris',
      }),
      200,
    );
    expect(updated).toMatchObject({ card_type: 'cloze', is_edited: true });
    expect(updated.updated_at >= updated.created_at).toBe(true);
    const before = await snapshot(user);
    for (const [body, message] of [
      [{ front_content: '' }, 'Front content is required'],
      [{ back_content: '   ' }, 'Back content is required'],
      [{}, 'Nothing to update'],
      [{ is_edited: false }, 'Unknown field: is_edited'],
    ] as const) {
      const response = await patch(user, `/api/flashcards/${card.id}`, body);
      expect(response.status).toBe(400);
      expect(await errorMessage(response)).toContain(message);
    }
    expect(await snapshot(user)).toEqual(before);
    expect((await patch(user, '/api/flashcards/unknown', { front_content: 'x' })).status).toBe(404);
  });

  it('deletes one card or several (all or nothing), keeping the count exact', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user);
    const cards = [];
    for (let index = 0; index < 4; index++)
      cards.push(await createCard(user, deck.id, `Q${index}`, 'A'));
    expect(
      await json(await user.request(`/api/flashcards/${cards[0]?.id}`, { method: 'DELETE' }), 200),
    ).toEqual({
      deleted: 1,
    });
    expect(await cardCount(user, deck.id)).toBe(3);
    expect(
      (await user.request(`/api/flashcards/${cards[0]?.id}`, { method: 'DELETE' })).status,
    ).toBe(404);

    const before = await snapshot(user);
    const partly = await user.post('/api/flashcards/bulk-delete', {
      ids: [cards[1]?.id, 'unknown'],
    });
    expect(partly.status).toBe(404);
    expect(await errorMessage(partly)).toBe('Flashcard not found');
    expect(await snapshot(user)).toEqual(before);

    expect(
      await json(
        await user.post('/api/flashcards/bulk-delete', {
          ids: [cards[1]?.id, cards[2]?.id, cards[2]?.id],
        }),
        200,
      ),
    ).toEqual({ deleted: 2 });
    expect(await cardCount(user, deck.id)).toBe(1);
    expect((await user.post('/api/flashcards/bulk-delete', { ids: [] })).status).toBe(400);
  });

  it("moves cards to another deck and refuses a target that is not the user's", async () => {
    const user = await newUser(server.url);
    const stranger = await newUser(server.url);
    const from = await createDeck(user, 'From');
    const to = await createDeck(user, 'To');
    const foreign = await createDeck(stranger, 'Foreign');
    const a = await createCard(user, from.id, 'a', 'a');
    const b = await createCard(user, from.id, 'b', 'b');
    expect(
      await json(
        await user.post('/api/flashcards/move', { ids: [a.id, b.id], target_deck_id: to.id }),
        200,
      ),
    ).toEqual({
      moved: 2,
    });
    expect(await cardCount(user, from.id)).toBe(0);
    expect(await cardCount(user, to.id)).toBe(2);
    expect((await json<Flashcard>(await user.get(`/api/flashcards/${a.id}`), 200)).deck_id).toBe(
      to.id,
    );
    expect(
      await json(
        await user.post('/api/flashcards/move', { ids: [a.id], target_deck_id: to.id }),
        200,
      ),
    ).toEqual({
      moved: 0,
    });

    const before = await snapshot(user);
    const refused = await user.post('/api/flashcards/move', {
      ids: [a.id],
      target_deck_id: foreign.id,
    });
    expect(refused.status).toBe(404);
    expect(await errorMessage(refused)).toBe('Target deck not found or access denied');
    const unknownCard = await user.post('/api/flashcards/move', {
      ids: ['unknown'],
      target_deck_id: from.id,
    });
    expect(unknownCard.status).toBe(404);
    expect(await snapshot(user)).toEqual(before);
    expect(await cardCount(stranger, foreign.id)).toBe(0);
  });
});

describe('card_count under concurrency', () => {
  it('stays exact with concurrent inserts, deletes and moves', async () => {
    const user = await newUser(server.url);
    const deck = await createDeck(user, 'Busy');
    const side = await createDeck(user, 'Side');
    const seed = await Promise.all(
      Array.from({ length: 20 }, (_, index) => createCard(user, deck.id, `seed ${index}`, 'x')),
    );
    await Promise.all([
      ...Array.from({ length: 30 }, (_, index) => createCard(user, deck.id, `new ${index}`, 'y')),
      ...seed
        .slice(0, 10)
        .map((card) => user.request(`/api/flashcards/${card.id}`, { method: 'DELETE' })),
      user.post('/api/flashcards/bulk-delete', { ids: seed.slice(10, 15).map((card) => card.id) }),
      user.post('/api/flashcards/move', {
        ids: seed.slice(15, 18).map((card) => card.id),
        target_deck_id: side.id,
      }),
      user.post('/api/flashcards/bulk', {
        cards: Array.from({ length: 10 }, (_, index) => ({
          deck_id: deck.id,
          front_content: `b${index}`,
          back_content: 'z',
        })),
      }),
    ]);
    const actual = async (deckId: string) =>
      (await json<FlashcardPage>(await user.get(`/api/flashcards?deck_id=${deckId}&limit=1`), 200))
        .total;
    expect(await actual(deck.id)).toBe(20 + 30 - 10 - 5 - 3 + 10);
    expect(await cardCount(user, deck.id)).toBe(await actual(deck.id));
    expect(await cardCount(user, side.id)).toBe(3);
  });
});

describe("another user's card", () => {
  it('answers 404 on every route that takes a card id, and the card is unchanged', async () => {
    const owner = await newUser(server.url);
    const intruder = await newUser(server.url);
    const deck = await createDeck(owner, 'Mine');
    const theirs = await createDeck(intruder, 'Theirs');
    const card = await createCard(owner, deck.id, 'Owned?', 'Yes');
    const before = await json<Flashcard>(await owner.get(`/api/flashcards/${card.id}`), 200);
    // The intruder's own decks wherever a deck is asked for: only the card is foreign.
    const ids = {
      deckId: theirs.id,
      otherDeckId: theirs.id,
      cardId: card.id,
      cardIds: [card.id],
    } as FixtureIds;
    const cardRoutes = apiRoutes.filter(
      (item) =>
        item.path.startsWith('/flashcards') &&
        (item.path.includes(':cardId') ||
          JSON.stringify(item.example.body?.(ids) ?? null).includes(card.id)),
    );
    // Every card route of the table (a new one joins this list, and this test).
    expect(cardRoutes.map((item) => `${item.method} ${item.path}`).sort()).toEqual([
      'delete /flashcards/:cardId',
      'get /flashcards/:cardId',
      'patch /flashcards/:cardId',
      'post /flashcards/:cardId/bury',
      'post /flashcards/:cardId/suspend',
      'post /flashcards/:cardId/unbury',
      'post /flashcards/:cardId/unsuspend',
      'post /flashcards/bulk-delete',
      'post /flashcards/bulk-suspend',
      'post /flashcards/move',
    ]);
    for (const item of cardRoutes) {
      const body = item.example.body?.(ids);
      const response = await intruder.request(`/api${item.path.replace(':cardId', card.id)}`, {
        method: item.method.toUpperCase(),
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${item.method} ${item.path}`).toBe(404);
    }
    expect(await json<Flashcard>(await owner.get(`/api/flashcards/${card.id}`), 200)).toEqual(
      before,
    );
    expect(await cardCount(intruder, theirs.id)).toBe(0);
  });
});
