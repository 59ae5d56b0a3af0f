import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnServerDatabase } from '../../../test/support/database-access';
import { newUser } from '../../../test/support/fixtures';
import { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

// The session cookie read in one query (session-reader.ts), and what it hands to better-auth.

let server: TestServer;
const COOKIE = 'better-auth.session_token';
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

/** A second client holding the same cookies (the same browser, another tab). */
function sameCookies(user: HttpClient): HttpClient {
  const copy = new HttpClient(server.url);
  for (const [name, value] of user.cookies) copy.cookies.set(name, value);
  return copy;
}

const tokenOf = (user: HttpClient) => decodeURIComponent(user.cookies.get(COOKIE)!).split('.')[0]!;

async function expiresAt(user: HttpClient): Promise<number | undefined> {
  const [row] = await runOnServerDatabase(
    server,
    'select "expiresAt" from "session" where "token" = ?',
    [tokenOf(user)],
  );
  return row ? new Date(row.expiresAt as string | Date).getTime() : undefined;
}

describe('the session cookie of an API request', () => {
  it('lets a signed-in user in, and nobody without a valid signature', async () => {
    const user = await newUser(server.url);
    expect((await user.get('/api/decks')).status).toBe(200);

    const forged = sameCookies(user);
    const [token, signature] = decodeURIComponent(user.cookies.get(COOKIE)!).split('.');
    const otherSignature = `${signature!.slice(0, 10)}${signature![10] === 'A' ? 'B' : 'A'}${signature!.slice(11)}`;
    forged.cookies.set(COOKIE, encodeURIComponent(`${token}.${otherSignature}`));
    expect((await forged.get('/api/decks')).status).toBe(401);
    forged.cookies.set(COOKIE, encodeURIComponent(token!));
    expect((await forged.get('/api/decks')).status).toBe(401);
    forged.cookies.set(COOKIE, 'nonsense');
    expect((await forged.get('/api/decks')).status).toBe(401);
  });

  it('refuses a session at once after its sign-out', async () => {
    const user = await newUser(server.url);
    const tab = sameCookies(user);
    expect((await tab.get('/api/decks')).status).toBe(200);
    expect((await user.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await tab.get('/api/decks')).status).toBe(401);
  });

  it('refuses an expired session, and better-auth removes it', async () => {
    const user = await newUser(server.url);
    await runOnServerDatabase(server, 'update "session" set "expiresAt" = ? where "token" = ?', [
      new Date(Date.now() - 1000),
      tokenOf(user),
    ]);
    expect((await user.get('/api/decks')).status).toBe(401);
    expect(await expiresAt(user)).toBeUndefined();
  });

  it('lets better-auth extend a session a day old, as its own reads do', async () => {
    const user = await newUser(server.url);
    const fresh = (await expiresAt(user))!;
    expect(fresh).toBeGreaterThan(Date.now() + 29 * DAY);
    // Not yet a day old: read without a write.
    expect((await user.get('/api/decks')).status).toBe(200);
    expect(await expiresAt(user)).toBe(fresh);
    // Signed in two days ago: 28 days left, so this request extends it to 30.
    await runOnServerDatabase(server, 'update "session" set "expiresAt" = ? where "token" = ?', [
      new Date(Date.now() + 28 * DAY),
      tokenOf(user),
    ]);
    expect((await user.get('/api/decks')).status).toBe(200);
    expect(await expiresAt(user)).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('refuses the session of a deleted account', async () => {
    const user = await newUser(server.url);
    const tab = sameCookies(user);
    const [row] = await runOnServerDatabase(
      server,
      'select "userId" from "session" where "token" = ?',
      [tokenOf(user)],
    );
    await runOnServerDatabase(server, 'delete from "user" where "id" = ?', [row!.userId]);
    expect((await tab.get('/api/decks')).status).toBe(401);
  });
});
