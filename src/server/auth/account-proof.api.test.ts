import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { ACCOUNT_PROOF_MESSAGES } from './account-proof';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new password';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

async function signUp(email = uniqueEmail('proof')) {
  const client = new HttpClient(server.url);
  const response = await client.post('/api/auth/sign-up/email', {
    email,
    password: PASSWORD,
    name: 'proof',
  });
  expect(response.status).toBe(200);
  return { client, email };
}

async function signIn(email: string, password = PASSWORD) {
  const client = new HttpClient(server.url);
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  return { client, response };
}

async function sessionUser(client: HttpClient) {
  const body = (await (await client.get('/api/auth/get-session')).json()) as {
    user: { email: string; emailVerified: boolean };
  } | null;
  return body?.user ?? null;
}

/** Asks for a magic link and follows it; returns the signed-in client. */
async function magicLinkSignIn(email: string) {
  const client = new HttpClient(server.url);
  const sent = Date.now();
  const request = await client.post('/api/auth/sign-in/magic-link', {
    email,
    callbackURL: '/auth/callback?returnTo=%2Fdashboard',
  });
  expect(request.status).toBe(200);
  const mail = await server.waitForMail(email, /sign-in link/, sent - 1000);
  const response = await client.get(
    mail.links.find((link) => link.includes('/magic-link/verify'))!,
  );
  expect(response.status).toBe(302);
  expect((await sessionUser(client))?.email).toBe(email);
  return client;
}

async function resetThroughLink(email: string) {
  const anonymous = new HttpClient(server.url);
  const requested = Date.now();
  await anonymous.post('/api/auth/request-password-reset', {
    email,
    redirectTo: '/auth/reset-password',
  });
  const mail = await server.waitForMail(email, /Reset your Mnemo password/, requested - 1000);
  const landing = await anonymous.get(
    mail.links.find((link) => link.includes('/reset-password/'))!,
  );
  const token = new URL(landing.headers.get('location') ?? '', server.url).searchParams.get(
    'token',
  );
  const reset = await anonymous.post('/api/auth/reset-password', {
    newPassword: NEW_PASSWORD,
    token,
  });
  expect(reset.status).toBe(200);
}

async function notices(client: HttpClient) {
  const response = await client.get('/api/auth/account/notices');
  expect(response.status).toBe(200);
  return (await response.json()) as { passwordRemoved: boolean };
}

describe('proving the e-mail address', () => {
  it('sends the confirmation e-mail at sign-up and starts unconfirmed', async () => {
    const { client, email } = await signUp();
    expect((await sessionUser(client))?.emailVerified).toBe(false);
    const mail = await server.waitForMail(email, /Confirm your e-mail/);
    expect(mail.links.some((link) => link.includes('/verify-email'))).toBe(true);
  });

  it('a password reset through the e-mailed link confirms the address', async () => {
    const { email } = await signUp();
    await resetThroughLink(email);
    const { client, response } = await signIn(email, NEW_PASSWORD);
    expect(response.status).toBe(200);
    expect((await sessionUser(client))?.emailVerified).toBe(true);
  });

  it('so a magic link afterwards keeps the password', async () => {
    const { email } = await signUp();
    await resetThroughLink(email);
    const client = await magicLinkSignIn(email);
    expect(await notices(client)).toEqual({ passwordRemoved: false });
    expect((await signIn(email, NEW_PASSWORD)).response.status).toBe(200);
    expect(
      (await server.outbox(email)).filter((mail) => /password was removed/.test(mail.subject)),
    ).toEqual([]);
  });

  it('a confirmed address keeps its password through a magic-link sign-in', async () => {
    const { client: first, email } = await signUp();
    const mail = await server.waitForMail(email, /Confirm your e-mail/);
    await first.get(mail.links.find((link) => link.includes('/verify-email'))!);
    expect((await sessionUser(first))?.emailVerified).toBe(true);
    await magicLinkSignIn(email);
    expect((await signIn(email)).response.status).toBe(200);
  });
});

describe('a password removed by the protection against pre-registered accounts', () => {
  it('is told by e-mail and by a notice, and a new one can be set in Settings', async () => {
    const { email } = await signUp();
    const client = await magicLinkSignIn(email);
    // better-auth removed the password: an unconfirmed account's password proves nothing.
    const refused = (await signIn(email)).response;
    expect(refused.status).toBe(401);
    // The answer says how to get in, not only 'Invalid email or password'.
    expect(((await refused.json()) as { message: string }).message).toBe(
      ACCOUNT_PROOF_MESSAGES.noPassword,
    );
    // Any other address keeps the usual answer.
    const unknown = (await signIn(uniqueEmail('nobody'))).response;
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { message: string }).message).toBe(
      'Invalid email or password',
    );
    expect((await sessionUser(client))?.emailVerified).toBe(true);

    const mail = await server.waitForMail(email, /Your Mnemo password was removed/);
    expect(mail.text).toContain('set a new password in Settings');
    expect(mail.links).toContain(`${server.url}/settings#password`);
    expect(await notices(client)).toEqual({ passwordRemoved: true });
    const accounts = (await (await client.get('/api/auth/list-accounts')).json()) as Array<{
      providerId: string;
    }>;
    expect(accounts.map((account) => account.providerId)).not.toContain('credential');

    const tooShort = await client.post('/api/auth/account/set-password', { newPassword: 'short' });
    expect(tooShort.status).toBe(400);

    const set = await client.post('/api/auth/account/set-password', { newPassword: NEW_PASSWORD });
    expect(set.status).toBe(200);
    expect(await notices(client)).toEqual({ passwordRemoved: false });
    expect((await signIn(email, NEW_PASSWORD)).response.status).toBe(200);

    // Only an account without a password can set one this way.
    const again = await client.post('/api/auth/account/set-password', {
      newPassword: 'another new password',
    });
    expect(again.status).toBe(400);
    expect((await signIn(email, NEW_PASSWORD)).response.status).toBe(200);
  });

  it('the notice can be dismissed', async () => {
    const { email } = await signUp();
    const client = await magicLinkSignIn(email);
    expect(await notices(client)).toEqual({ passwordRemoved: true });
    const dismiss = await client.post('/api/auth/account/notices/dismiss', {
      notice: 'password-removed',
    });
    expect(dismiss.status).toBe(200);
    expect(await notices(client)).toEqual({ passwordRemoved: false });
  });

  it('needs a session for the notices and for setting a password', async () => {
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.get('/api/auth/account/notices')).status).toBe(401);
    const set = await anonymous.post('/api/auth/account/set-password', {
      newPassword: NEW_PASSWORD,
    });
    expect(set.status).toBe(401);
  });
});
