import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck, DeckStats } from '../../core/deck-schemas';
import { createCard, createDeck, json, newUser, snapshot } from '../../../test/support/fixtures';
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

const notFound = (message: string) => ({ error: { code: 'NOT_FOUND', message } });

describe('decks', () => {
  it('creates a deck with the spec defaults, trimmed, without an empty description', async () => {
    const deck = await json<Deck>(
      await user.post('/api/decks', { name: '  Spanish verbs ', description: '  ' }),
      201,
    );
    expect(deck).toMatchObject({
      name: 'Spanish verbs',
      description: null,
      card_count: 0,
      due_count: 0,
      new_cards_per_day: 20,
      max_reviews_per_day: 200,
      last_studied_at: null,
    });
    expect(deck.created_at).toBe(deck.updated_at);
    expect(await json<Deck>(await user.get(`/api/decks/${deck.id}`), 200)).toEqual(deck);
  });

  it('lists decks by updated_at descending and moves an edited deck to the top', async () => {
    const owner = await newUser(server.url);
    const first = await createDeck(owner, 'First');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await createDeck(owner, 'Second');
    let list = await json<{ decks: Deck[] }>(await owner.get('/api/decks'), 200);
    expect(list.decks.map((deck) => deck.id)).toEqual([second.id, first.id]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await json(
      await owner.request(`/api/decks/${first.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ description: 'now updated' }),
      }),
      200,
    );
    list = await json<{ decks: Deck[] }>(await owner.get('/api/decks'), 200);
    expect(list.decks.map((deck) => deck.id)).toEqual([first.id, second.id]);
  });

  it('searches name or description, case-insensitively, with wildcards taken literally', async () => {
    const owner = await newUser(server.url);
    await createDeck(owner, 'Organic Chemistry', 'Carbon compounds');
    await createDeck(owner, 'History', 'The 100% true story of CHEMISTS');
    await createDeck(owner, 'Music');
    const names = async (search: string) =>
      (
        await json<{ decks: Deck[] }>(
          await owner.get(`/api/decks?search=${encodeURIComponent(search)}`),
          200,
        )
      ).decks
        .map((deck) => deck.name)
        .sort();
    expect(await names('chemist')).toEqual(['History', 'Organic Chemistry']);
    expect(await names('CARBON')).toEqual(['Organic Chemistry']);
    expect(await names('100%')).toEqual(['History']);
    expect(await names('%')).toEqual(['History']);
    expect(await names('_')).toEqual([]);
    expect(await names('')).toEqual(['History', 'Music', 'Organic Chemistry']);
  });

  it('updates name, description and daily limits, and refuses bad values', async () => {
    const deck = await createDeck(user, 'To edit');
    const patch = (body: unknown) =>
      user.request(`/api/decks/${deck.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const updated = await json<Deck>(
      await patch({
        name: ' Edited ',
        description: 'New text',
        new_cards_per_day: 5,
        max_reviews_per_day: 50,
      }),
      200,
    );
    expect(updated).toMatchObject({
      name: 'Edited',
      description: 'New text',
      new_cards_per_day: 5,
      max_reviews_per_day: 50,
    });
    expect(updated.updated_at >= updated.created_at).toBe(true);
    const before = await snapshot(user);
    for (const [body, message] of [
      [{ name: '   ' }, 'Deck name is required'],
      [{ new_cards_per_day: -1 }, 'Daily limits must be whole numbers from 0 to 9999'],
      [{ max_reviews_per_day: 2.5 }, 'Daily limits must be whole numbers from 0 to 9999'],
      [{}, 'Nothing to update'],
      [{ card_count: 99 }, 'Unknown field: card_count'],
    ] as const) {
      const response = await patch(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
        message,
      );
    }
    expect(await snapshot(user)).toEqual(before);
    expect(
      await json(
        await user.request('/api/decks/nope', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'x' }),
        }),
        404,
      ),
    ).toEqual(notFound('Deck not found'));
  });

  it('deletes a deck together with its cards', async () => {
    const owner = await newUser(server.url);
    const deck = await createDeck(owner, 'Doomed');
    const keep = await createDeck(owner, 'Kept');
    const card = await createCard(owner, deck.id);
    await createCard(owner, keep.id);
    expect(
      await json(await owner.request(`/api/decks/${deck.id}`, { method: 'DELETE' }), 200),
    ).toEqual({
      deleted: true,
    });
    expect((await owner.get(`/api/decks/${deck.id}`)).status).toBe(404);
    expect((await owner.get(`/api/flashcards/${card.id}`)).status).toBe(404);
    const { cards } = await snapshot(owner);
    expect(cards).toHaveLength(1);
    expect((await owner.request(`/api/decks/${deck.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it("duplicates a deck as '{name} Copy' with fresh copies of its cards", async () => {
    const owner = await newUser(server.url);
    const deck = await createDeck(owner, 'Physics', 'Forces and motion');
    const card = await createCard(owner, deck.id, 'F = ?', 'm·a');
    await createCard(owner, deck.id, 'Unit of force?', 'newton');
    // An edited card: the copy is not edited.
    await json(
      await owner.request(`/api/flashcards/${card.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ back_content: 'mass times acceleration' }),
      }),
      200,
    );
    const copy = await json<Deck>(await owner.post(`/api/decks/${deck.id}/duplicate`, {}), 201);
    expect(copy).toMatchObject({
      name: 'Physics Copy',
      description: 'Forces and motion',
      card_count: 2,
    });
    const cards = await json<{ flashcards: Array<Record<string, unknown>> }>(
      await owner.get(`/api/flashcards?deck_id=${copy.id}`),
      200,
    );
    expect(cards.flashcards).toHaveLength(2);
    for (const copied of cards.flashcards) {
      expect(copied).toMatchObject({
        is_edited: false,
        source_job_id: null,
        card_state: 'new',
        deck_id: copy.id,
      });
    }
    expect(cards.flashcards.map((item) => item.back_content).sort()).toEqual([
      'mass times acceleration',
      'newton',
    ]);
    const named = await json<Deck>(
      await owner.post(`/api/decks/${deck.id}/duplicate`, { name: 'Mine' }),
      201,
    );
    expect(named.name).toBe('Mine');
    expect((await owner.post('/api/decks/unknown/duplicate', {})).status).toBe(404);
  });

  it('counts cards per state', async () => {
    const owner = await newUser(server.url);
    const deck = await createDeck(owner, 'Stats');
    await createCard(owner, deck.id);
    await createCard(owner, deck.id, 'Q2', 'A2');
    expect(await json<DeckStats>(await owner.get(`/api/decks/${deck.id}/stats`), 200)).toEqual({
      total: 2,
      new: 2,
      learning: 0,
      review: 0,
      suspended: 0,
      due: 2,
    });
    const listed = await json<Deck>(await owner.get(`/api/decks/${deck.id}`), 200);
    expect(listed).toMatchObject({ card_count: 2, new_count: 2, due_count: 2 });
    expect(await json(await owner.get('/api/decks/nope/stats'), 404)).toEqual(
      notFound('Deck not found'),
    );
  });
});
