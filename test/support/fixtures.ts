import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FixtureIds } from '../../src/server/http/route-table';
import { mediaPackage } from './anki/test-media';
import { samplePackage } from './anki/test-packages';
import { importAnkiAndWait } from './anki-import';
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
  expect(response.status, await response.clone().text()).toBe(200);
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
  const upload = new FormData();
  upload.set('deckId', deck.id);
  upload.set(
    'file',
    new File(['Oxygen is a chemical element with the symbol O and atomic number 8.'], 'o.txt', {
      type: 'text/plain',
    }),
  );
  const fileJob = await json<{ source_file_path: string }>(
    await client.request('/api/generation/file', { method: 'POST', body: upload }),
    201,
  );
  // An Anki import job, done: a card with an image of this user's own (a stored media file),
  // in the second deck.
  const imported = await importAnkiAndWait(client, mediaPackage(randomUUID()), {
    deck_id: other.id,
  });
  expect(imported.job?.status).toBe('completed');
  const cards = await json<{ flashcards: { front_content: string }[] }>(
    await client.get(`/api/flashcards?deck_id=${other.id}`),
    200,
  );
  const mediaName = cards.flashcards
    .map((card) => /mnemo-media:([^)\s]+)/.exec(card.front_content)?.[1])
    .find(Boolean);
  expect(mediaName).toBeTruthy();
  const apiToken = await json<{ api_token: { id: string } }>(
    await client.post('/api/api-tokens', { name: 'Fixture token' }),
    201,
  );
  return {
    apiTokenId: apiToken.api_token.id,
    importJobId: imported.job!.id,
    mediaName: mediaName!,
    filePath: fileJob.source_file_path,
    deckId: deck.id,
    otherDeckId: other.id,
    cardId: first.id,
    cardIds: [first.id, second.id],
    sessionId: started.session.id,
    jobId: job.id,
    ankiPackage: new Uint8Array(samplePackage()),
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
  const files = await json<{ files: unknown[] }>(await client.get('/api/files'), 200);
  const tokens = await json<{ api_tokens: { id: string; name: string }[] }>(
    await client.get('/api/api-tokens'),
    200,
  );
  return {
    decks: decks.decks,
    cards: cards.flashcards,
    stats,
    files: files.files,
    apiTokens: tokens.api_tokens.map(({ id, name }) => ({ id, name })),
  };
}

export type JobStatusAnswer = { jobId: string; status: string; error_message: string | null };

/** Follows a job with the long-poll status endpoint until it leaves pending/processing. */
export async function finishedJob(
  user: HttpClient,
  jobId: string,
  timeoutMs = 30_000,
): Promise<JobStatusAnswer> {
  const deadline = Date.now() + timeoutMs;
  let known = 'pending';
  for (;;) {
    const status = await json<JobStatusAnswer>(
      await user.get(`/api/generation/jobs/${jobId}/status?known=${known}&wait=5`),
      200,
    );
    if (status.status === 'completed' || status.status === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${status.status}`);
    known = status.status;
  }
}

/** A program's client: no cookies, no Origin, `Authorization: Bearer <token>` on every request. */
export class BearerClient extends HttpClient {
  constructor(
    baseUrl: string,
    readonly token: string,
  ) {
    super(baseUrl, null);
  }

  override request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${this.token}`);
    return super.request(pathOrUrl, { ...init, headers });
  }
}

/** A new API token of a signed-in user, and a client that uses it. */
export async function bearerFor(client: HttpClient, name = 'Script'): Promise<BearerClient> {
  const created = await json<{ token: string }>(
    await client.post('/api/api-tokens', { name }),
    201,
  );
  return new BearerClient(client.baseUrl, created.token);
}
