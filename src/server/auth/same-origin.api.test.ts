import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * State-changing requests to /api/* are refused (403) unless they come from the app's own origin:
 * decided by `Origin`, else `Sec-Fetch-Site`, else `Referer`; a request carrying none of them is
 * refused too (browsers always send `Origin` with POST, PUT, PATCH and DELETE).
 */

let server: TestServer;
let user: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  user = new HttpClient(server.url);
  const response = await user.post('/api/auth/sign-up/email', {
    email: uniqueEmail('csrf'),
    password: 'a long enough password',
    name: 'csrf',
  });
  expect(response.status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

async function deckNames(): Promise<string[]> {
  const body = (await (await user.get('/api/decks')).json()) as { decks: { name: string }[] };
  return body.decks.map((deck) => deck.name);
}

/** A POST with exactly the given headers (and the session cookie), no Origin added. */
function createDeck(name: string, headers: Record<string, string>) {
  return fetch(`${server.url}/api/decks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: user.cookieHeader(), ...headers },
    body: JSON.stringify({ name }),
  });
}

describe('the same-origin check of /api/*', () => {
  const refused: Array<[string, (own: string) => Record<string, string>]> = [
    ['no Origin and a foreign Referer', () => ({ referer: 'https://evil.example/page' })],
    ['no Origin and Sec-Fetch-Site cross-site', () => ({ 'sec-fetch-site': 'cross-site' })],
    ['no Origin and Sec-Fetch-Site same-site', () => ({ 'sec-fetch-site': 'same-site' })],
    [
      'no Origin, Sec-Fetch-Site cross-site and our own Referer',
      (own) => ({ 'sec-fetch-site': 'cross-site', referer: `${own}/dashboard` }),
    ],
    ['no Origin, no Sec-Fetch-Site and no Referer', () => ({})],
    ['a malformed Referer', () => ({ referer: 'not a url' })],
    ['a foreign Origin', () => ({ origin: 'https://evil.example' })],
    [
      'a foreign Origin with our own Referer',
      (own) => ({ origin: 'https://evil.example', referer: `${own}/` }),
    ],
    ['Origin null', () => ({ origin: 'null' })],
    ['an Origin on another port', (own) => ({ origin: own.replace(/:\d+$/, ':1') })],
  ];
  for (const [name, headers] of refused) {
    it(`refuses a POST with ${name} (403) and creates nothing`, async () => {
      const deck = `refused ${name}`;
      const response = await createDeck(deck, headers(server.url));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: { code: 'FORBIDDEN_ORIGIN', message: 'Cross-origin request refused' },
      });
      expect(await deckNames()).not.toContain(deck);
    });
  }

  const allowed: Array<[string, (own: string) => Record<string, string>]> = [
    ['our own Origin', (own) => ({ origin: own })],
    ['no Origin and Sec-Fetch-Site same-origin', () => ({ 'sec-fetch-site': 'same-origin' })],
    ['no Origin and Sec-Fetch-Site none', () => ({ 'sec-fetch-site': 'none' })],
    ['no Origin and our own Referer', (own) => ({ referer: `${own}/dashboard?x=1` })],
  ];
  for (const [name, headers] of allowed) {
    it(`accepts a POST with ${name}`, async () => {
      const deck = `allowed ${name}`;
      const response = await createDeck(deck, headers(server.url));
      expect(response.status).toBe(201);
      expect(await deckNames()).toContain(deck);
    });
  }

  it('lets reads through without any of the headers', async () => {
    const response = await fetch(`${server.url}/api/decks`, {
      headers: { cookie: user.cookieHeader() },
    });
    expect(response.status).toBe(200);
  });

  it('guards the auth routes the same way: no Origin and a foreign Referer cannot sign out', async () => {
    const response = await fetch(`${server.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: user.cookieHeader(), referer: 'https://evil.example/' },
    });
    expect(response.status).toBe(403);
    expect((await user.get('/api/auth/get-session')).status).toBe(200);
    expect(await (await user.get('/api/auth/get-session')).json()).not.toBeNull();
  });

  it('the API test client sends our Origin with every state-changing request', async () => {
    const response = await user.post('/api/decks', { name: 'from the test client' });
    expect(response.status).toBe(201);
  });
});
