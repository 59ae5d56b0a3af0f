import { expect } from 'vitest';
import type { FixtureIds } from '../http/route-table';
import { HttpClient, uniqueEmail } from './http-client';

export const PASSWORD = 'a long enough password';

/** Signs a new user up and returns their client. */
export async function newUser(baseUrl: string, prefix = 'user'): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const email = uniqueEmail(prefix);
  const response = await client.post('/api/auth/sign-up/email', {
    email,
    password: PASSWORD,
    name: prefix,
  });
  expect(response.status).toBe(200);
  return client;
}

export async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

export async function createDeck(client: HttpClient, name = 'Deck', description?: string) {
  return json<{ id: string; name: string; card_count: number }>(
    await client.post('/api/decks', { name, ...(description ? { description } : {}) }),
    201,
  );
}

export async function createCard(
  client: HttpClient,
  deckId: string,
  front = 'What is the capital of France?',
  back = 'Paris',
  cardType: 'qa' | 'cloze' = 'qa',
) {
  return json<{ id: string; deck_id: string }>(
    await client.post('/api/flashcards', {
      deck_id: deckId,
      card_type: cardType,
      front_content: front,
      back_content: back,
    }),
    201,
  );
}

/** Two decks and three cards (two in the first deck, one in the second). */
export async function createFixtures(client: HttpClient): Promise<FixtureIds> {
  const deck = await createDeck(client, 'Alpha deck', 'a deck about a capital');
  const other = await createDeck(client, 'Beta deck');
  const first = await createCard(client, deck.id);
  const second = await createCard(client, deck.id, 'Largest planet?', 'Jupiter');
  await createCard(client, other.id, 'Smallest planet?', 'Mercury');
  const started = await json<{ session: { id: string } }>(
    await client.post(`/api/decks/${deck.id}/study/sessions`, { time_zone: 'UTC' }),
    201,
  );
  const job = await json<{ id: string }>(
    await client.post('/api/generation/text', {
      deckId: deck.id,
      content: 'Paris is the capital of France. It lies on the Seine, a river in the north.',
    }),
    201,
  );
  return {
    deckId: deck.id,
    otherDeckId: other.id,
    cardId: first.id,
    cardIds: [first.id, second.id],
    sessionId: started.session.id,
    jobId: job.id,
  };
}

/** Everything a user can see through the API, to prove a request changed nothing. */
export async function snapshot(client: HttpClient) {
  const decks = await json<{ decks: unknown[] }>(await client.get('/api/decks'), 200);
  const cards = await json<{ flashcards: unknown[] }>(
    await client.get('/api/flashcards?limit=10000'),
    200,
  );
  const stats = await json<unknown>(await client.get('/api/stats'), 200);
  return { decks: decks.decks, cards: cards.flashcards, stats };
}
