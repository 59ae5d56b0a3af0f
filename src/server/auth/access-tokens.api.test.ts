import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES } from '../../core/api-token-schemas';
import { runOnServerDatabase } from '../../../test/support/database-access';
import { BearerClient, bearerFor, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Signed access tokens (JWT): issued from a session or an API token, verified by a JWKS client
 * that is not ours (jose's remote key set) against the running server's /.well-known/jwks.json.
 */
let server: TestServer;
let user: HttpClient;

beforeAll(async () => {
  server = await startTestServer({ env: { TEST_CLOCK: 'true', JWT_EXPIRES_SECONDS: '600' } });
  user = await newUser(server.url, 'jwt');
});

afterAll(async () => {
  await server?.stop();
});

type Issued = { access_token: string; token_type: string; expires_in: number };

async function issue(client: HttpClient): Promise<string> {
  const issued = await json<Issued>(await client.post('/api/access-tokens'), 201);
  expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
  return issued.access_token;
}

async function errorOf(response: Response, status: number) {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { error: { message: string } }).error.message;
}

/** Ends every signing key now, as the rotation interval would. */
async function expireSigningKeys() {
  await runOnServerDatabase(server, 'update jwks set "expiresAt" = ?', [
    new Date(Date.now() - 60_000),
  ]);
}

describe('signed access tokens', () => {
  it('are issued from a session and verified with the published keys by jose', async () => {
    const token = await issue(user);
    const keys = createRemoteJWKSet(new URL(`${server.url}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(token, keys, {
      issuer: server.url,
      audience: server.url,
    });
    expect(protectedHeader.alg).toBe('EdDSA');
    const session = await json<{ user: { id: string; email: string } }>(
      await user.get('/api/auth/get-session'),
      200,
    );
    expect(payload).toMatchObject({ sub: session.user.id, email: session.user.email });
    expect((payload.exp ?? 0) - (payload.iat ?? Math.floor(Date.now() / 1000))).toBeLessThan(601);
    // better-auth's own endpoint publishes the same keys.
    const direct = await json<{ keys: unknown[] }>(await user.get('/api/auth/jwks'), 200);
    const wellKnown = await fetch(`${server.url}/.well-known/jwks.json`);
    expect(await wellKnown.json()).toEqual(direct);
  });

  it('are issued from an API token and work as a bearer on every route, without Origin', async () => {
    const script = await bearerFor(user, 'jwt maker');
    const token = await issue(script);
    const program = new BearerClient(server.url, token);
    const deck = await json<{ id: string }>(await program.post('/api/decks', { name: 'JWT' }), 201);
    expect((await user.get(`/api/decks/${deck.id}`)).status).toBe(200);
    // better-auth's GET /api/auth/token (from the session cookie) signs an equally usable token.
    const fromAuth = await json<{ token: string }>(await user.get('/api/auth/token'), 200);
    expect((await new BearerClient(server.url, fromAuth.token).get('/api/decks')).status).toBe(200);
  });

  it('cannot issue another token (no endless refresh)', async () => {
    const program = new BearerClient(server.url, await issue(user));
    expect(await errorOf(await program.post('/api/access-tokens'), 403)).toBe(
      API_TOKEN_MESSAGES.jwtFromJwt,
    );
  });

  it('are refused once expired', async () => {
    const program = new BearerClient(server.url, await issue(user));
    const later = new Date(Date.now() + 601_000).toISOString();
    expect(
      await errorOf(await program.get('/api/decks', { headers: { 'x-test-now': later } }), 401),
    ).toBe(API_TOKEN_MESSAGES.jwtExpired);
  });

  it("answer 'Invalid JWT signature' when the signature or the payload was changed", async () => {
    const token = await issue(user);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const other = await newUser(server.url, 'victim');
    const otherSession = await json<{ user: { id: string } }>(
      await other.get('/api/auth/get-session'),
      200,
    );
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: otherSession.user.id })).toString(
      'base64url',
    );
    for (const bad of [`${header}.${payload}.${flipped}`, `${header}.${forged}.${signature}`]) {
      const answer = await new BearerClient(server.url, bad).get('/api/decks');
      expect(await errorOf(answer, 401)).toBe(API_TOKEN_MESSAGES.jwtSignature);
    }
  });

  it('keep verifying after the signing key rotates', async () => {
    const before = await issue(user);
    await expireSigningKeys();
    const after = await issue(user);
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);
    const published = await json<{ keys: { kid: string }[] }>(
      await fetch(`${server.url}/.well-known/jwks.json`),
      200,
    );
    expect(published.keys.map((key) => key.kid)).toEqual(
      expect.arrayContaining([decodeProtectedHeader(before).kid, decodeProtectedHeader(after).kid]),
    );
    const keys = createRemoteJWKSet(new URL(`${server.url}/.well-known/jwks.json`));
    for (const token of [before, after]) {
      await jwtVerify(token, keys, { issuer: server.url, audience: server.url });
      expect((await new BearerClient(server.url, token).get('/api/decks')).status).toBe(200);
    }
  });

  it('are described in the OpenAPI document with the auth routes and the bearer scheme', async () => {
    const document = await json<{
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security: Record<string, unknown>[] }>>;
    }>(await fetch(`${server.url}/api/openapi.json`), 200);
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/get-session',
      '/api/auth/token',
      '/.well-known/jwks.json',
      '/api/api-tokens',
      '/api/access-tokens',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    expect(document.paths['/api/decks']?.get?.security).toEqual([{ session: [] }, { bearer: [] }]);
    const reference = await fetch(`${server.url}/api/docs`);
    expect(reference.status).toBe(200);
    expect(await reference.text()).toContain('/.well-known/jwks.json');
  });
});
