import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnServerDatabase } from '../../../test/support/database-access';
import { startFakeTwilio, twilioEnv } from '../../../test/support/fake-twilio';
import { bearerFor, json, PASSWORD } from '../../../test/support/fixtures';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Issue 21 (3, 4): what could hand an account to someone holding only a session needs the
 * password again within minutes and is told to the account's address; API tokens are made
 * from a session only, and a password reset takes them back.
 */
let server: TestServer;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;

beforeAll(async () => {
  twilio = await startFakeTwilio('AC-reauth', 'twilio-secret');
  server = await startTestServer({
    env: {
      ...twilioEnv('AC-reauth', twilio.url),
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await twilio?.stop();
});

async function signUp() {
  const email = uniqueEmail('reauth');
  const client = new HttpClient(server.url);
  const response = await client.post('/api/auth/sign-up/email', {
    email,
    password: PASSWORD,
    name: 'r',
  });
  expect(response.status).toBe(200);
  return { client, email };
}

/** Makes the client's session one signed in ten minutes ago (a cookie taken, say). */
async function ageSession(client: HttpClient) {
  const cookie = [...client.cookies.entries()].find(([name]) => name.endsWith('session_token'));
  const token = decodeURIComponent(cookie![1]).split('.')[0]!;
  await runOnServerDatabase(server, 'update "session" set "createdAt" = ? where "token" = ?', [
    new Date(Date.now() - 10 * 60_000),
    token,
  ]);
}

const subjects = async (email: string) =>
  (await server.outbox(email)).map((message) => message.subject);

describe('re-authentication', () => {
  it('asks an old session for its password before it makes an API token, then tells the owner', async () => {
    const { client, email } = await signUp();
    await ageSession(client);
    const refused = await client.post('/api/api-tokens', { name: 'Stolen' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: 'REAUTH_REQUIRED', message: 'Confirm your password to continue' },
    });
    const wrong = await client.post('/api/auth/account/confirm-password', { password: 'guess' });
    expect(wrong.status).toBe(400);
    expect((await client.post('/api/api-tokens', { name: 'Stolen' })).status).toBe(403);

    expect(
      (await client.post('/api/auth/account/confirm-password', { password: PASSWORD })).status,
    ).toBe(200);
    await json(await client.post('/api/api-tokens', { name: 'Mine' }), 201);
    const notice = await server.waitForMail(email, /security notice/);
    expect(notice.text).toContain('An API token named "Mine" was created');
  });

  it('asks an old session for its password before it changes the phone, then tells the owner', async () => {
    const { client, email } = await signUp();
    await ageSession(client);
    const phone = '+15550200001';
    const refused = await client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone });
    expect(refused.status).toBe(403);
    expect(twilio.messages.filter((message) => message.to === phone)).toHaveLength(0);

    await client.post('/api/auth/account/confirm-password', { password: PASSWORD });
    expect(
      (await client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone })).status,
    ).toBe(200);
    const verify = await client.post('/api/auth/phone-number/verify', {
      phoneNumber: phone,
      code: twilio.lastCode(phone),
      updatePhoneNumber: true,
    });
    expect(verify.status).toBe(200);
    const notice = await server.waitForMail(email, /security notice/);
    expect(notice.text).toContain('A phone number was confirmed for sign-in codes');
  });

  it('tells the owner when two-factor sign-in is turned off', async () => {
    const { client, email } = await signUp();
    const phone = '+15550200002';
    await client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone });
    await client.post('/api/auth/phone-number/verify', {
      phoneNumber: phone,
      code: twilio.lastCode(phone),
      updatePhoneNumber: true,
    });
    await client.post('/api/auth/two-factor/send-otp', {});
    expect(
      (await client.post('/api/auth/two-factor/verify-otp', { code: twilio.lastCode(phone) }))
        .status,
    ).toBe(200);
    const off = await client.post('/api/auth/two-factor/disable', { password: PASSWORD });
    expect(off.status).toBe(200);
    await expect
      .poll(() => subjects(email))
      .toContain('Mnemo security notice: two-factor sign-in was turned off');
  });
});

describe('a password set on an account without one', () => {
  /** Signs in by a magic link: on an unconfirmed account it removes the password. */
  async function magicLink(email: string) {
    const client = new HttpClient(server.url);
    const sent = Date.now();
    await client.post('/api/auth/sign-in/magic-link', {
      email,
      callbackURL: '/auth/callback?returnTo=%2Fsettings',
    });
    // Only a link sent for this request (an earlier one is used up).
    const mail = await server.waitForMail(email, /sign-in link/, sent);
    await client.get(mail.links.find((link) => link.includes('/magic-link/verify')) ?? '');
    return client;
  }

  it('needs a recent sign-in (a taken cookie would otherwise make a lasting way in), then tells the owner', async () => {
    const { email } = await signUp();
    const client = await magicLink(email);
    const accounts = await json<{ providerId: string }[]>(
      await client.get('/api/auth/list-accounts'),
      200,
    );
    expect(accounts.map((account) => account.providerId)).not.toContain('credential');
    await ageSession(client);
    const refused = await client.post('/api/auth/account/set-password', {
      newPassword: 'a password of the thief',
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'REAUTH_REQUIRED',
      message: 'This account has no password: sign out and sign in again to continue',
    });
    const thief = await new HttpClient(server.url).post('/api/auth/sign-in/email', {
      email,
      password: 'a password of the thief',
    });
    expect(thief.status).toBe(401);

    const fresh = await magicLink(email);
    const set = await fresh.post('/api/auth/account/set-password', {
      newPassword: 'a password of the owner',
    });
    expect(set.status).toBe(200);
    await expect.poll(() => subjects(email)).toContain('Mnemo security notice: a password was set');
  });
});

describe('API tokens', () => {
  it('are made, listed and revoked from a session only, never with a bearer token', async () => {
    const { client } = await signUp();
    const bearer = await bearerFor(client);
    for (const [method, path] of [
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
      ['DELETE', '/api/api-tokens'],
      ['DELETE', '/api/api-tokens/some-id'],
    ] as const) {
      const response = await bearer.request(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? JSON.stringify({ name: 'Minted' }) : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    // A short-lived access token made with the API token cannot make one either.
    const { access_token: jwt } = await json<{ access_token: string }>(
      await bearer.post('/api/access-tokens', {}),
      201,
    );
    const fromJwt = await fetch(`${server.url}/api/api-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Minted' }),
    });
    expect(fromJwt.status).toBe(403);
    const list = await json<{ api_tokens: unknown[] }>(await client.get('/api/api-tokens'), 200);
    expect(list.api_tokens).toHaveLength(1);
    // Data routes still take the token.
    expect((await bearer.get('/api/decks')).status).toBe(200);
  });

  it('reach data routes, never account routes', async () => {
    const { client } = await signUp();
    const bearer = await bearerFor(client);
    const { access_token: jwt } = await json<{ access_token: string }>(
      await bearer.post('/api/access-tokens', {}),
      201,
    );
    for (const token of [bearer.token, jwt]) {
      // Sent as a script would, from the app's own origin (so only the credential decides).
      const send = (method: string, path: string, body?: unknown) =>
        fetch(`${server.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            origin: server.url,
            'content-type': 'application/json',
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      for (const [method, path, body] of [
        ['GET', '/api/auth/list-sessions'],
        [
          'POST',
          '/api/auth/change-password',
          { currentPassword: PASSWORD, newPassword: 'taken over by a script' },
        ],
        ['POST', '/api/auth/revoke-other-sessions', {}],
        ['POST', '/api/auth/two-factor/enable', { password: PASSWORD }],
        ['POST', '/api/auth/phone-number/send-otp', { phoneNumber: '+15550100999' }],
        ['POST', '/api/auth/account/confirm-password', { password: PASSWORD }],
        ['GET', '/api/auth/token'],
        ['GET', '/api/ai-settings'],
        ['GET', '/api/api-tokens'],
      ] as const) {
        const response = await send(method, path, body);
        await response.body?.cancel();
        expect([401, 403], `${method} ${path}`).toContain(response.status);
      }
      expect((await send('GET', '/api/decks')).status).toBe(200);
    }
    // The password is still the owner's.
    const again = await new HttpClient(server.url).post('/api/auth/sign-in/email', {
      email: (
        (await (await client.get('/api/auth/get-session')).json()) as { user: { email: string } }
      ).user.email,
      password: PASSWORD,
    });
    expect(again.status).toBe(200);
  });

  it('are all revoked at once when the user asks, and by a password reset', async () => {
    const { client, email } = await signUp();
    const first = await bearerFor(client, 'One');
    await bearerFor(client, 'Two');
    expect(await json(await client.request('/api/api-tokens', { method: 'DELETE' }), 200)).toEqual({
      revoked: 2,
    });
    expect((await first.get('/api/decks')).status).toBe(401);

    const third = await bearerFor(client, 'Three');
    const anonymous = new HttpClient(server.url);
    const asked = Date.now();
    await anonymous.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/reset-password',
    });
    const mail = await server.waitForMail(email, /Reset your Mnemo password/, asked - 1000);
    const landing = await anonymous.get(
      mail.links.find((link) => link.includes('/reset-password/'))!,
    );
    const token = new URL(landing.headers.get('location')!, server.url).searchParams.get('token');
    const reset = await anonymous.post('/api/auth/reset-password', {
      newPassword: 'a brand new password',
      token,
    });
    expect(reset.status).toBe(200);
    expect((await third.get('/api/decks')).status).toBe(401);
  });
});
