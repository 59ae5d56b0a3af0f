import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, API_TOKENS_PER_USER_MAX } from '../../core/api-token-schemas';
import { BearerClient, bearerFor, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/** API tokens: created, listed and revoked by a signed-in user, used by programs as a bearer. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { TEST_CLOCK: 'true', GENERATION_WORKERS: '0' } });
});

afterAll(async () => {
  await server?.stop();
});

type Listed = {
  api_tokens: {
    id: string;
    name: string;
    prefix: string;
    last_used_at: string | null;
    expires_at: string | null;
  }[];
};

async function errorOf(response: Response, status: number) {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { error: { message: string } }).error.message;
}

describe('API tokens', () => {
  let user: HttpClient;
  beforeAll(async () => {
    user = await newUser(server.url, 'tokens');
  });

  it('creates a named token shown once, lists it without its secret, and uses it', async () => {
    const created = await json<{ token: string; api_token: { id: string; prefix: string } }>(
      await user.post('/api/api-tokens', { name: '  CI script  ' }),
      201,
    );
    expect(created.token).toMatch(/^mnemo_pat_[\w-]{43}$/);
    expect(created.token.startsWith(created.api_token.prefix)).toBe(true);
    const listed = await json<Listed>(await user.get('/api/api-tokens'), 200);
    const row = listed.api_tokens.find((token) => token.id === created.api_token.id);
    expect(row).toMatchObject({ name: 'CI script', last_used_at: null, expires_at: null });
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const script = new BearerClient(server.url, created.token);
    // A program sends no Origin: a state-changing bearer request passes the same-origin check.
    const deck = await json<{ id: string }>(
      await script.post('/api/decks', { name: 'From a script' }),
      201,
    );
    const decks = await json<{ decks: { id: string }[] }>(await user.get('/api/decks'), 200);
    expect(decks.decks.map((item) => item.id)).toContain(deck.id);
    const used = await json<Listed>(await user.get('/api/api-tokens'), 200);
    expect(
      used.api_tokens.find((token) => token.id === created.api_token.id)?.last_used_at,
    ).toEqual(expect.any(String));
  });

  it('refuses a revoked token (401) and a second revocation (404)', async () => {
    const created = await json<{ token: string; api_token: { id: string } }>(
      await user.post('/api/api-tokens', { name: 'Short-lived' }),
      201,
    );
    const script = new BearerClient(server.url, created.token);
    expect((await script.get('/api/decks')).status).toBe(200);
    const path = `/api/api-tokens/${created.api_token.id}`;
    expect((await user.request(path, { method: 'DELETE' })).status).toBe(200);
    expect(await errorOf(await script.get('/api/decks'), 401)).toBe(API_TOKEN_MESSAGES.invalid);
    expect(await errorOf(await script.post('/api/decks', { name: 'x' }), 401)).toBe(
      API_TOKEN_MESSAGES.invalid,
    );
    expect(await errorOf(await user.request(path, { method: 'DELETE' }), 404)).toBe(
      API_TOKEN_MESSAGES.notFound,
    );
  });

  it('refuses a token past its expiry', async () => {
    const created = await json<{ token: string; api_token: { expires_at: string } }>(
      await user.post('/api/api-tokens', { name: 'A day', expires_in_days: 1 }),
      201,
    );
    const script = new BearerClient(server.url, created.token);
    expect((await script.get('/api/decks')).status).toBe(200);
    const later = new Date(new Date(created.api_token.expires_at).getTime() + 1000).toISOString();
    const refused = await script.get('/api/decks', { headers: { 'x-test-now': later } });
    expect(await errorOf(refused, 401)).toBe(API_TOKEN_MESSAGES.invalid);
  });

  it('refuses bad names, unknown fields and bad expiries with nothing created', async () => {
    const before = await json<Listed>(await user.get('/api/api-tokens'), 200);
    expect(await errorOf(await user.post('/api/api-tokens', { name: '   ' }), 400)).toBe(
      API_TOKEN_MESSAGES.nameRequired,
    );
    expect(await errorOf(await user.post('/api/api-tokens', { name: 'x'.repeat(101) }), 400)).toBe(
      API_TOKEN_MESSAGES.nameTooLong,
    );
    expect(
      await errorOf(await user.post('/api/api-tokens', { name: 'a', expires_in_days: 0.5 }), 400),
    ).toBe(API_TOKEN_MESSAGES.expiry);
    expect((await user.post('/api/api-tokens', { name: 'a', scope: 'admin' })).status).toBe(400);
    expect(await json<Listed>(await user.get('/api/api-tokens'), 200)).toEqual(before);
  });

  it(`allows at most ${API_TOKENS_PER_USER_MAX} tokens per user`, async () => {
    const busy = await newUser(server.url, 'many-tokens');
    for (let index = 0; index < API_TOKENS_PER_USER_MAX; index++) {
      expect((await busy.post('/api/api-tokens', { name: `t${index}` })).status).toBe(201);
    }
    expect(await errorOf(await busy.post('/api/api-tokens', { name: 'one more' }), 409)).toBe(
      API_TOKEN_MESSAGES.tooMany,
    );
  });

  it('refuses malformed and unknown bearers, and never falls back to the cookie', async () => {
    const headers = (authorization: string) => ({ headers: { authorization } });
    expect(await errorOf(await user.get('/api/decks', headers('Basic abc')), 401)).toBe(
      API_TOKEN_MESSAGES.badHeader,
    );
    expect(await errorOf(await user.get('/api/decks', headers('Bearer')), 401)).toBe(
      API_TOKEN_MESSAGES.badHeader,
    );
    expect(await errorOf(await user.get('/api/decks', headers('Bearer nonsense')), 401)).toBe(
      API_TOKEN_MESSAGES.invalidBearer,
    );
    const unknown = `Bearer mnemo_pat_${'A'.repeat(43)}`;
    expect(await errorOf(await user.get('/api/decks', headers(unknown)), 401)).toBe(
      API_TOKEN_MESSAGES.invalid,
    );
  });

  it('keeps the same-origin check for cookie requests and for better-auth routes', async () => {
    // A cookie without Origin is still refused, bearer or not on /api/auth/*.
    const noOrigin = await fetch(`${server.url}/api/decks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookieHeader() },
      body: JSON.stringify({ name: 'forged' }),
    });
    expect(noOrigin.status).toBe(403);
    const script = await bearerFor(user, 'auth routes');
    const signOut = await fetch(`${server.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: user.cookieHeader(),
        authorization: `Bearer ${script.token}`,
      },
      body: '{}',
    });
    expect(signOut.status).toBe(403);
    expect((await user.get('/api/decks')).status).toBe(200);
  });

  it("a user's token never reaches another user's data", async () => {
    const other = await newUser(server.url, 'other');
    const deck = await json<{ id: string }>(await other.post('/api/decks', { name: 'Mine' }), 201);
    const script = await bearerFor(user, 'snoop');
    expect((await script.get(`/api/decks/${deck.id}`)).status).toBe(404);
    expect((await script.request(`/api/decks/${deck.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await other.get(`/api/decks/${deck.id}`)).status).toBe(200);
  });
});
