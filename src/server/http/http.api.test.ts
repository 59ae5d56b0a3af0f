import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

let server: TestServer;
let user: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  user = new HttpClient(server.url);
  const email = uniqueEmail();
  const response = await user.post('/api/auth/sign-up/email', {
    email,
    password: 'a long enough password',
    name: 'tester',
  });
  expect(response.status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

async function deckCount(client: HttpClient) {
  const body = (await (await client.get('/api/decks')).json()) as { decks: unknown[] };
  return body.decks.length;
}

describe('health', () => {
  it('answers /healthz and /readyz on the configured database', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      engine: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      database: true,
      migrated: true,
    });
  });
});

describe('every response', () => {
  it('carries security headers, a CSP and a request id', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await user.get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});

describe('bad input changes nothing', () => {
  it('creates a deck from a valid body (the control case)', async () => {
    const before = await deckCount(user);
    const response = await user.post('/api/decks', { name: '  Biology  ', description: '   ' });
    expect(response.status).toBe(201);
    const deck = (await response.json()) as {
      name: string;
      description: string | null;
      card_count: number;
    };
    expect(deck).toMatchObject({ name: 'Biology', description: null, card_count: 0 });
    expect(await deckCount(user)).toBe(before + 1);
  });

  const cases: Array<[string, () => Promise<Response>, number, RegExp]> = [
    ['malformed JSON', () => user.post('/api/decks', '{"name": "x",'), 400, /Malformed JSON/],
    ['a wrong type', () => user.post('/api/decks', { name: 42 }), 400, /Deck name is required/],
    ['an empty name', () => user.post('/api/decks', { name: '   ' }), 400, /Deck name is required/],
    [
      'an unknown field',
      () => user.post('/api/decks', { name: 'x', admin: true }),
      400,
      /Unknown field: admin/,
    ],
    [
      'a name over the limit',
      () => user.post('/api/decks', { name: 'x'.repeat(201) }),
      400,
      /at most 200 characters/,
    ],
    [
      'a body that is not JSON',
      () => user.post('/api/decks', 'name=x', { headers: { 'content-type': 'text/plain' } }),
      415,
      /must be JSON/,
    ],
    [
      'a body over 1 MB',
      () => user.post('/api/decks', { name: 'x', description: 'y'.repeat(1024 * 1024 + 10) }),
      413,
      /1 MB/,
    ],
    [
      'a POST from a foreign Origin',
      () => user.post('/api/decks', { name: 'x' }, { headers: { origin: 'https://evil.example' } }),
      403,
      /Cross-origin request refused/,
    ],
  ];

  for (const [name, send, status, message] of cases) {
    it(`refuses ${name} with ${status} and a clear message`, async () => {
      const before = await deckCount(user);
      const response = await send();
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.message).toMatch(message);
      expect(await deckCount(user)).toBe(before);
    });
  }

  it('refuses a foreign Origin on the auth routes too', async () => {
    const response = await new HttpClient(server.url, 'https://evil.example').post(
      '/api/auth/sign-up/email',
      {
        email: uniqueEmail(),
        password: 'a long enough password',
        name: 'x',
      },
    );
    expect(response.status).toBe(403);
  });

  it('answers 401 to a protected route without a session and creates nothing', async () => {
    const anonymous = new HttpClient(server.url);
    const response = await anonymous.post('/api/decks', { name: 'x' });
    expect(response.status).toBe(401);
  });

  it("never shows one user's deck to another", async () => {
    const created = (await (await user.post('/api/decks', { name: 'Private' })).json()) as {
      id: string;
    };
    const other = new HttpClient(server.url);
    await other.post('/api/auth/sign-up/email', {
      email: uniqueEmail('other'),
      password: 'a long enough password',
      name: 'other',
    });
    expect(await deckCount(other)).toBe(0);
    const response = await other.get(`/api/decks/${created.id}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Deck not found' },
    });
    expect((await user.get(`/api/decks/${created.id}`)).status).toBe(200);
  });
});

describe('process lifecycle', () => {
  it('refuses to start with an invalid setting and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', DATABASE_URL: 'mysql://nope' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT: must be a whole number');
    expect(output).toContain('DATABASE_URL: must be a URL starting with postgres://');
  });

  it('shuts down gracefully on SIGTERM', async () => {
    const own = await startTestServer();
    const code = await own.stop('SIGTERM');
    expect(code).toBe(0);
    expect(own.output()).toContain('"msg":"stopped"');
  });
});
