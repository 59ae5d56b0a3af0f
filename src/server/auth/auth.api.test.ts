import { OAuth2Server } from 'oauth2-mock-server';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub } from '../../../test/support/fake-github';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

const PASSWORD = 'correct horse battery';

let server: TestServer;
let github: Awaited<ReturnType<typeof startFakeGitHub>>;
const oauth = new OAuth2Server();
/** Who the fake Google says is signing in next. */
let identity = { sub: 'google-1', email: 'someone@example.com', email_verified: true };

beforeAll(async () => {
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  oauth.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, identity, { name: identity.email.split('@')[0] });
  });
  oauth.service.on('beforeUserinfo', (response) => {
    response.body = { ...identity, name: identity.email.split('@')[0] };
  });
  github = await startFakeGitHub('gh-client', 'gh-secret');
  server = await startTestServer({
    env: {
      GITHUB_CLIENT_ID: 'gh-client',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_URL: github.url,
      GITHUB_API_URL: github.url,
      GOOGLE_CLIENT_ID: 'mnemo-test-client',
      GOOGLE_CLIENT_SECRET: 'mnemo-test-secret',
      GOOGLE_ISSUER_URL: oauth.issuer.url ?? '',
      RATE_LIMIT_SIGN_IN_MAX: '1000',
      RATE_LIMIT_MAX: '10000',
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await oauth.stop();
  await github?.stop();
});

async function signUp(email = uniqueEmail()) {
  const client = new HttpClient(server.url);
  const response = await client.post('/api/auth/sign-up/email', {
    email,
    password: PASSWORD,
    name: email.split('@')[0],
  });
  expect(response.status).toBe(200);
  return { client, email };
}

async function sessionOf(client: HttpClient) {
  const response = await client.get('/api/auth/get-session');
  return (await response.json()) as {
    user: { id: string; email: string; twoFactorEnabled?: boolean };
  } | null;
}

async function signIn(email: string, password = PASSWORD) {
  const client = new HttpClient(server.url);
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  return { client, response, body: (await response.json()) as Record<string, unknown> };
}

async function enableTotp(client: HttpClient) {
  const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  const code = totp.generate();
  const verify = await client.post('/api/auth/two-factor/verify-totp', { code });
  expect(verify.status).toBe(200);
  return { totp, backupCodes, enrolmentCode: code };
}

/**
 * A valid TOTP code not in `used`, so the replay guard does not refuse it: the server accepts
 * the codes of the previous, current and next 30-second steps.
 */
function freshCode(totp: OTPAuth.TOTP, used: string[]): string {
  const now = Date.now();
  const candidates = [now, now + 30_000, now - 30_000].map((timestamp) =>
    totp.generate({ timestamp }),
  );
  const code = candidates.find((candidate) => !used.includes(candidate));
  if (!code) throw new Error('no unused code');
  return code;
}

async function oauthSignIn(client: HttpClient, returnTo = '/dashboard', provider = 'google') {
  const start = await client.post('/api/auth/sign-in/social', {
    provider,
    callbackURL: `/auth/callback?returnTo=${encodeURIComponent(returnTo)}`,
    errorCallbackURL: `/login?returnTo=${encodeURIComponent(returnTo)}`,
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  expect(url.startsWith((provider === 'google' ? oauth.issuer.url : github.url) ?? 'missing')).toBe(
    true,
  );
  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = authorize.headers.get('location') ?? '';
  expect(callback.startsWith(`${server.url}/api/auth/callback/${provider}`)).toBe(true);
  return client.get(callback);
}

describe('e-mail and password', () => {
  it('signs up, reads the session, signs out and signs in again', async () => {
    const { client, email } = await signUp();
    expect((await sessionOf(client))?.user.email).toBe(email);
    const decks = await client.get('/api/decks');
    expect(decks.status).toBe(200);
    expect(await decks.json()).toEqual({ decks: [] });

    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await sessionOf(client)).toBeNull();
    expect((await client.get('/api/decks')).status).toBe(401);

    const again = await signIn(email);
    expect(again.response.status).toBe(200);
    expect((await sessionOf(again.client))?.user.email).toBe(email);
  });

  it('sends a verification e-mail on sign-up whose link verifies the address', async () => {
    const { client, email } = await signUp();
    const mail = await server.waitForMail(email, /Confirm your e-mail/);
    const link = mail.links.find((item) => item.includes('/verify-email'));
    expect(link).toBeDefined();
    const response = await client.get(link ?? '');
    expect(response.status).toBe(302);
    const session = (await (await client.get('/api/auth/get-session')).json()) as {
      user: { emailVerified: boolean };
    };
    expect(session.user.emailVerified).toBe(true);
  });

  it('refuses a wrong password, a short password and a duplicate e-mail', async () => {
    const { email } = await signUp();
    expect((await signIn(email, 'wrong password!')).response.status).toBe(401);
    const client = new HttpClient(server.url);
    const short = await client.post('/api/auth/sign-up/email', {
      email: uniqueEmail(),
      password: 'short',
      name: 'x',
    });
    expect(short.status).toBe(400);
    const duplicate = await client.post('/api/auth/sign-up/email', {
      email,
      password: PASSWORD,
      name: 'x',
    });
    expect(duplicate.status).toBeGreaterThanOrEqual(400);
    expect(duplicate.status).toBeLessThan(500);
  });

  it('answers 401 with the spec message to a protected API without a session', async () => {
    const response = await new HttpClient(server.url).get('/api/decks');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'User not authenticated' },
    });
  });
});

describe('password reset', () => {
  it('resets through the outbox link, revokes every session, and signs in with the new password', async () => {
    const { client: oldSession, email } = await signUp();
    const anonymous = new HttpClient(server.url);
    const requested = Date.now();
    const request = await anonymous.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/reset-password',
    });
    expect(request.status).toBe(200);
    const mail = await server.waitForMail(email, /Reset your Mnemo password/, requested - 1000);
    const link = mail.links.find((item) => item.includes('/reset-password/'));
    expect(link).toBeDefined();

    const landing = await anonymous.get(link ?? '');
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location') ?? '', server.url);
    expect(target.pathname).toBe('/auth/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await anonymous.post('/api/auth/reset-password', {
      newPassword: 'a brand new password',
      token,
    });
    expect(reset.status).toBe(200);
    expect(await sessionOf(oldSession)).toBeNull();
    expect((await signIn(email)).response.status).toBe(401);
    expect((await signIn(email, 'a brand new password')).response.status).toBe(200);

    const reused = await anonymous.post('/api/auth/reset-password', {
      newPassword: 'yet another password',
      token,
    });
    expect(reused.status).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const { email: known } = await signUp();
    const anonymous = new HttpClient(server.url);
    const reset = (address: string) =>
      anonymous.post('/api/auth/request-password-reset', {
        email: address,
        redirectTo: '/auth/reset-password',
      });
    const response = await reset(email);
    expect(response.status).toBe(200);
    // Mail goes out in the background, in the order asked: once the reset asked for a known
    // address after it has arrived, a mail to the unknown one would be in the outbox too.
    const requested = Date.now();
    expect((await reset(known)).status).toBe(200);
    await server.waitForMail(known, /Reset your Mnemo password/, requested - 1000);
    expect(await server.outbox(email)).toEqual([]);
  });
});

describe('magic link', () => {
  it('signs in through the outbox link and lands on the callback URL', async () => {
    const { email } = await signUp();
    const client = new HttpClient(server.url);
    const sent = Date.now();
    const request = await client.post('/api/auth/sign-in/magic-link', {
      email,
      callbackURL: '/auth/callback?returnTo=%2Fdashboard',
    });
    expect(request.status).toBe(200);
    const mail = await server.waitForMail(email, /sign-in link/, sent - 1000);
    const link = mail.links.find((item) => item.includes('/magic-link/verify'));
    const response = await client.get(link ?? '');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `${server.url}/auth/callback?returnTo=%2Fdashboard`,
    );
    expect((await sessionOf(client))?.user.email).toBe(email);
  });
});

describe('two-factor authentication', () => {
  it('enrols with a QR URI, challenges password sign-in and refuses a code used twice', async () => {
    const { client, email } = await signUp();
    const { totp, backupCodes, enrolmentCode } = await enableTotp(client);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    expect((await sessionOf(client))?.user.twoFactorEnabled).toBe(true);

    const first = await signIn(email);
    expect(first.body.twoFactorRedirect).toBe(true);
    expect(await sessionOf(first.client)).toBeNull();
    // The code screen offers the factors the account has: an app only, no phone.
    const methods = await first.client.get('/api/auth/two-factor/methods');
    expect(await methods.json()).toEqual({ methods: ['totp'] });
    expect((await client.get('/api/auth/two-factor/methods')).status).toBe(401);
    expect((await first.client.get('/api/decks')).status).toBe(401);

    const code = freshCode(totp, [enrolmentCode]);
    const wrong = await first.client.post('/api/auth/two-factor/verify-totp', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(401);
    const verified = await first.client.post('/api/auth/two-factor/verify-totp', { code });
    expect(verified.status).toBe(200);
    expect((await sessionOf(first.client))?.user.email).toBe(email);

    const second = await signIn(email);
    expect(second.body.twoFactorRedirect).toBe(true);
    const replay = await second.client.post('/api/auth/two-factor/verify-totp', { code });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { message: string }).message).toMatch(/already been used/);
    expect(await sessionOf(second.client)).toBeNull();

    const backup = await second.client.post('/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[0],
    });
    expect(backup.status).toBe(200);
    expect((await sessionOf(second.client))?.user.email).toBe(email);
  });

  it('challenges a magic-link sign-in too', async () => {
    const { client: owner, email } = await signUp();
    const { totp, enrolmentCode } = await enableTotp(owner);
    const client = new HttpClient(server.url);
    const sent = Date.now();
    await client.post('/api/auth/sign-in/magic-link', {
      email,
      callbackURL: '/auth/callback?returnTo=%2Fdashboard%3Fx%3D1',
    });
    const mail = await server.waitForMail(email, /sign-in link/, sent - 1000);
    const response = await client.get(
      mail.links.find((item) => item.includes('/magic-link/verify')) ?? '',
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `${server.url}/login?view=verify_otp&returnTo=%2Fdashboard%3Fx%3D1`,
    );
    expect(await sessionOf(client)).toBeNull();
    expect((await client.get('/api/decks')).status).toBe(401);
    const code = freshCode(totp, [enrolmentCode]);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(200);
    expect((await sessionOf(client))?.user.email).toBe(email);
  });

  it('can be disabled with the password', async () => {
    const { client, email } = await signUp();
    await enableTotp(client);
    const wrong = await client.post('/api/auth/two-factor/disable', {
      password: 'not the password',
    });
    expect(wrong.status).toBe(400);
    const disabled = await client.post('/api/auth/two-factor/disable', { password: PASSWORD });
    expect(disabled.status).toBe(200);
    const again = await signIn(email);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect((await sessionOf(again.client))?.user.email).toBe(email);
  });
});

describe('OAuth through a local OpenID Connect server', () => {
  it('signs a new user in with Google and returns to the callback URL', async () => {
    identity = { sub: `g-${Date.now()}`, email: uniqueEmail('google'), email_verified: true };
    const client = new HttpClient(server.url);
    const response = await oauthSignIn(client);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '', server.url).toString()).toBe(
      `${server.url}/auth/callback?returnTo=%2Fdashboard`,
    );
    expect((await sessionOf(client))?.user.email).toBe(identity.email);
  });

  it('signs a new user in with GitHub (private e-mail read from /user/emails)', async () => {
    const email = uniqueEmail('github');
    github.setIdentity({ id: Date.now(), login: 'octo', email, verified: true });
    const client = new HttpClient(server.url);
    const response = await oauthSignIn(client, '/dashboard', 'github');
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '', server.url).pathname).toBe(
      '/auth/callback',
    );
    expect((await sessionOf(client))?.user.email).toBe(email);
  });

  it('lists the configured providers for the login screen', async () => {
    const config = await (await fetch(`${server.url}/api/config`)).json();
    expect(config).toMatchObject({ oauthProviders: ['google', 'github'] });
  });

  it('challenges an OAuth sign-in when the account has two-factor on', async () => {
    const { client: owner, email } = await signUp();
    // Verify the e-mail so that Google may be linked to the account.
    const mail = await server.waitForMail(email, /Confirm your e-mail/);
    await owner.get(mail.links.find((item) => item.includes('/verify-email')) ?? '');
    const { totp, enrolmentCode } = await enableTotp(owner);

    identity = { sub: `g2-${Date.now()}`, email, email_verified: true };
    const client = new HttpClient(server.url);
    const response = await oauthSignIn(client);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `${server.url}/login?view=verify_otp&returnTo=%2Fdashboard`,
    );
    expect(await sessionOf(client)).toBeNull();
    const code = freshCode(totp, [enrolmentCode]);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(200);
    expect((await sessionOf(client))?.user.email).toBe(email);
  });

  it('does not take over an existing account whose e-mail is unverified', async () => {
    const { email } = await signUp();
    identity = { sub: `g3-${Date.now()}`, email, email_verified: true };
    const client = new HttpClient(server.url);
    const response = await oauthSignIn(client);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '', server.url);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBeTruthy();
    expect(await sessionOf(client)).toBeNull();
    // The password still works for the owner.
    expect((await signIn(email)).response.status).toBe(200);
  });

  it('signs nobody in from an ID token posted to /sign-in/social: only the redirect with PKCE and state', async () => {
    // better-auth signs in from a provider's ID token given in the body (Google One Tap), with
    // no redirect, state or PKCE; Mnemo never offers it (issue 21: every route that creates a
    // session is listed in docs/ARCHITECTURE.md).
    const email = uniqueEmail('id-token');
    const nonce = 'a-nonce-of-the-client';
    const token = await oauth.issuer.buildToken({
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, {
          aud: 'mnemo-test-client',
          sub: `g-id-${Date.now()}`,
          email,
          email_verified: true,
          nonce,
        });
      },
    });
    const client = new HttpClient(server.url);
    const response = await client.post('/api/auth/sign-in/social', {
      provider: 'google',
      idToken: { token, nonce },
    });
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await sessionOf(client)).toBeNull();
  });
});
