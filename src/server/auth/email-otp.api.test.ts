import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnServerDatabase } from '../../../test/support/database-access';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/** Sign-in with a six-digit code sent by e-mail (better-auth's emailOTP plugin). */
let server: TestServer;
const PASSWORD = 'a long enough password';

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

async function signUp(email = uniqueEmail('otp')) {
  const client = new HttpClient(server.url);
  const response = await client.post('/api/auth/sign-up/email', {
    email,
    password: PASSWORD,
    name: 'otp',
  });
  expect(response.status).toBe(200);
  return { client, email };
}

/** Asks for a code and reads it from the outbox (the new e-mail, not an earlier one). */
async function sendCode(client: HttpClient, email: string): Promise<string> {
  const codeMails = async () =>
    (await server.outbox(email)).filter((mail) => /sign-in code/.test(mail.subject));
  const before = (await codeMails()).length;
  const response = await client.post('/api/auth/email-otp/send-verification-otp', {
    email,
    type: 'sign-in',
  });
  expect(response.status, await response.clone().text()).toBe(200);
  await expect.poll(async () => (await codeMails()).length, { timeout: 10_000 }).toBe(before + 1);
  const mail = (await codeMails()).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  expect(mail?.subject).toBe(`${code} is your Mnemo sign-in code`);
  return code ?? '';
}

async function session(client: HttpClient) {
  return (await (await client.get('/api/auth/get-session')).json()) as {
    user: { email: string };
  } | null;
}

const signInWith = (client: HttpClient, email: string, otp: string) =>
  client.post('/api/auth/sign-in/email-otp', { email, otp });

async function errorOf(response: Response, status: number) {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as { code: string; message: string };
}

describe('sign-in with an e-mailed code', () => {
  it('signs in with the six-digit code, which then works no more', async () => {
    const { email } = await signUp();
    const client = new HttpClient(server.url);
    const code = await sendCode(client, email);
    expect((await signInWith(client, email, code)).status).toBe(200);
    expect((await session(client))?.user.email).toBe(email);
    expect((await client.get('/api/decks')).status).toBe(200);
    const again = new HttpClient(server.url);
    expect((await errorOf(await signInWith(again, email, code), 400)).code).toBe('INVALID_OTP');
    expect(await session(again)).toBeNull();
  });

  it('refuses a wrong code, and after three wrong tries the right one too', async () => {
    const { email } = await signUp();
    const client = new HttpClient(server.url);
    const code = await sendCode(client, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await errorOf(await signInWith(client, email, wrong), 400)).code).toBe('INVALID_OTP');
    }
    expect((await errorOf(await signInWith(client, email, code), 403)).code).toBe(
      'TOO_MANY_ATTEMPTS',
    );
    expect(await session(client)).toBeNull();
    // A new code works.
    expect((await signInWith(client, email, await sendCode(client, email))).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { email } = await signUp();
    const client = new HttpClient(server.url);
    const code = await sendCode(client, email);
    await runOnServerDatabase(
      server,
      'update verification set "expiresAt" = ? where identifier = ?',
      [new Date(Date.now() - 1000), `sign-in-otp-${email}`],
    );
    expect((await errorOf(await signInWith(client, email, code), 400)).code).toBe('OTP_EXPIRED');
    expect(await session(client)).toBeNull();
  });

  it('refuses an empty or malformed address and sends nothing', async () => {
    const client = new HttpClient(server.url);
    for (const email of ['', 'not an address']) {
      const response = await client.post('/api/auth/email-otp/send-verification-otp', {
        email,
        type: 'sign-in',
      });
      expect(response.status).toBe(400);
    }
    // Mail goes out in the background, in the order asked: once a code asked for after them has
    // arrived, a mail for either refused address would be in the outbox too.
    const { email: known } = await signUp();
    await sendCode(new HttpClient(server.url), known);
    expect(await server.outbox('')).toEqual([]);
    expect(await server.outbox('not an address')).toEqual([]);
  });

  it('asks for the second factor when the account has two-factor on', async () => {
    const { client: owner, email } = await signUp();
    const enable = await owner.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    const enrolment = totp.generate();
    expect((await owner.post('/api/auth/two-factor/verify-totp', { code: enrolment })).status).toBe(
      200,
    );

    const client = new HttpClient(server.url);
    const answer = await signInWith(client, email, await sendCode(client, email));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await session(client)).toBeNull();
    expect((await client.get('/api/decks')).status).toBe(401);
    const now = Date.now();
    const code = [now, now + 30_000, now - 30_000]
      .map((timestamp) => totp.generate({ timestamp }))
      .find((candidate) => candidate !== enrolment);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(200);
    expect((await session(client))?.user.email).toBe(email);
  });
});
