import { betterAuth } from 'better-auth';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import type { SmsSender } from '../sms/sms';
import { runOnServerDatabase } from '../../../test/support/database-access';
import { startFakeTwilio, twilioEnv } from '../../../test/support/fake-twilio';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { authOptions } from './auth';
import { DISABLED_AUTH_PATHS } from './auth-routes';

/**
 * Which better-auth routes answer (issue 21): every route a plugin brings is either one Mnemo
 * uses (listed here, and tested where it is used) or refused. A new plugin or a better-auth
 * upgrade that adds a route fails this test until the route is listed or disabled.
 */
const SERVED = [
  'GET /account/notices',
  'POST /account/confirm-password',
  'POST /account/notices/dismiss',
  'POST /account/set-password',
  'GET /callback/:id',
  'POST /callback/:id',
  'POST /change-password',
  'POST /email-otp/send-verification-otp',
  'GET /error',
  'GET /get-session',
  'POST /get-session',
  'GET /jwks',
  'GET /list-accounts',
  'GET /list-sessions',
  'GET /magic-link/verify',
  'GET /ok',
  'POST /phone-number/send-otp',
  'POST /phone-number/verify',
  'POST /request-password-reset',
  'POST /reset-password',
  'GET /reset-password/:token',
  'POST /revoke-other-sessions',
  'POST /send-verification-email',
  'POST /sign-in/email',
  'POST /sign-in/email-otp',
  'POST /sign-in/magic-link',
  'POST /sign-in/social',
  'POST /sign-out',
  'POST /sign-up/email',
  'GET /token',
  'POST /two-factor/disable',
  'POST /two-factor/enable',
  'POST /two-factor/generate-backup-codes',
  'GET /two-factor/methods',
  'POST /two-factor/send-otp',
  'POST /two-factor/verify-backup-code',
  'POST /two-factor/verify-otp',
  'POST /two-factor/verify-totp',
  'GET /verify-email',
].sort();

/** Every route of the auth instance Mnemo builds, read from better-auth itself. */
function allAuthRoutes(): string[] {
  const config = loadConfig({ DATA_DIR: '/nonexistent', NODE_ENV: 'test' });
  const kysely = new Kysely<never>({
    dialect: new SqliteDialect({ database: new Database(':memory:') }),
  });
  const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
  const auth = betterAuth(
    authOptions({
      config,
      db: { kysely, kind: 'sqlite' } as unknown as Db,
      mailer: {} as Mailer,
      sms: {} as SmsSender,
      logger: quiet,
      secret: 'route-listing-secret-route-listing-secret',
    }),
  );
  const routes = new Set<string>();
  for (const endpoint of Object.values(auth.api) as {
    path?: string;
    options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
  }[]) {
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const methods = [endpoint.options?.method ?? 'GET'].flat();
    for (const method of methods) routes.add(`${method} ${endpoint.path}`);
  }
  return [...routes].sort();
}

let server: TestServer;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
const PASSWORD = 'a long enough password';

beforeAll(async () => {
  twilio = await startFakeTwilio('AC-routes', 'twilio-secret');
  server = await startTestServer({
    env: {
      ...twilioEnv('AC-routes', twilio.url),
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await twilio?.stop();
});

async function signUp(email = uniqueEmail('routes')) {
  const client = new HttpClient(server.url);
  const response = await client.post('/api/auth/sign-up/email', {
    email,
    password: PASSWORD,
    name: 'r',
  });
  expect(response.status).toBe(200);
  return { client, email };
}

describe('the auth routes that answer', () => {
  it('are exactly the ones Mnemo uses', async () => {
    const all = allAuthRoutes();
    // The listing itself must see the plugins' routes, or the comparison below proves nothing.
    expect(all).toContain('POST /email-otp/reset-password');
    expect(all).toContain('POST /sign-in/phone-number');
    const answering: string[] = [];
    for (const route of all) {
      const [method = 'GET', routePath = ''] = route.split(' ');
      const client = new HttpClient(server.url);
      const url = `/api/auth${routePath.replace(/:[a-zA-Z]+/g, 'x')}`;
      const response = method === 'GET' ? await client.get(url) : await client.post(url, {});
      await response.body?.cancel();
      if (response.status !== 404) answering.push(route);
    }
    expect(answering).toEqual(SERVED);
    // Each one refused is on the list of disabled paths, not refused by chance (a 404 for an
    // empty body would hide a live route from the comparison above).
    const refusedByChance = all.filter(
      (route) => !SERVED.includes(route) && !DISABLED_AUTH_PATHS.includes(route.split(' ')[1]!),
    );
    expect(refusedByChance).toEqual([]);
  });

  it('refuses a disabled route however its address is spelled', async () => {
    const { client } = await signUp();
    for (const spelling of [
      '/api/auth/update-user',
      '/api/auth/update-user/',
      '/api/auth//update-user',
      '/api/auth/update%2Duser',
      '/api/auth/Update-User',
    ]) {
      const response = await client.post(spelling, { name: 'renamed' });
      await response.body?.cancel();
      expect(response.status, spelling).toBe(404);
    }
    const session = (await (await client.get('/api/auth/get-session')).json()) as {
      user: { name: string };
    };
    expect(session.user.name).toBe('r');
  });
});

describe('addresses longer than RFC 5321 allows', () => {
  it('never become accounts, by any route', async () => {
    const email = `${'a'.repeat(65)}@example.com`;
    const client = new HttpClient(server.url);
    for (const [route, body] of [
      ['/api/auth/sign-up/email', { email, password: PASSWORD, name: 'long' }],
      ['/api/auth/sign-in/magic-link', { email }],
      ['/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }],
    ] as const) {
      const response = await client.post(route, body);
      expect(response.status, route).toBe(400);
      expect(((await response.json()) as { message?: string }).message).toBe(
        'This email address is too long: at most 64 characters before the @ and 254 in all',
      );
    }
    expect(await server.outbox(email)).toEqual([]);
  });
});

describe('codes by e-mail', () => {
  it('are made for sign-in only: no password-reset or verification code is made or accepted', async () => {
    const { email } = await signUp();
    const stranger = new HttpClient(server.url);
    for (const type of ['forget-password', 'email-verification', 'change-email']) {
      const response = await stranger.post('/api/auth/email-otp/send-verification-otp', {
        email,
        type,
      });
      expect(response.status, type).toBe(400);
      expect(((await response.json()) as { message?: string }).message).toBe(
        'Only sign-in codes are sent by e-mail',
      );
    }
    for (const route of [
      '/api/auth/email-otp/request-password-reset',
      '/api/auth/forget-password/email-otp',
    ]) {
      expect((await stranger.post(route, { email })).status, route).toBe(404);
    }
    for (const route of [
      '/api/auth/email-otp/check-verification-otp',
      '/api/auth/email-otp/reset-password',
      '/api/auth/email-otp/verify-email',
    ]) {
      const response = await stranger.post(route, {
        email,
        otp: '000000',
        type: 'forget-password',
        password: 'a new password that is long',
      });
      expect(response.status, route).toBe(404);
    }
    // Only the sign-up's confirmation was mailed.
    const mail = await server.outbox(email);
    expect(mail.map((message) => message.subject)).toHaveLength(1);
  });
});

describe('the phone', () => {
  /** A number confirmed for the account and the phone factor turned on. */
  async function enrol(client: HttpClient, phone: string) {
    expect(
      (await client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone })).status,
    ).toBe(200);
    const verify = await client.post('/api/auth/phone-number/verify', {
      phoneNumber: phone,
      code: twilio.lastCode(phone),
      updatePhoneNumber: true,
    });
    expect(verify.status).toBe(200);
    expect((await client.post('/api/auth/two-factor/send-otp', {})).status).toBe(200);
    const on = await client.post('/api/auth/two-factor/verify-otp', {
      code: twilio.lastCode(phone),
    });
    expect(on.status).toBe(200);
  }

  it('cannot ask for a code without a session', async () => {
    const { client } = await signUp();
    const phone = '+15550100001';
    await enrol(client, phone);
    const before = twilio.messages.length;
    const stranger = new HttpClient(server.url);
    const response = await stranger.post('/api/auth/phone-number/send-otp', { phoneNumber: phone });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message?: string }).message).toBe(
      'Sign in to add a phone number',
    );
    expect(twilio.messages.length).toBe(before);
  });

  it('is never a way in: a right code without a session signs nobody in', async () => {
    const { client, email } = await signUp();
    const phone = '+15550100002';
    await enrol(client, phone);
    // The owner asks for a code; whoever reads the SMS (a swapped SIM) tries it alone.
    expect(
      (await client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone })).status,
    ).toBe(200);
    const code = twilio.lastCode(phone);
    const thief = new HttpClient(server.url);
    for (const body of [
      { phoneNumber: phone, code },
      { phoneNumber: phone, code, updatePhoneNumber: true },
      { phoneNumber: phone, code, disableSession: false },
    ]) {
      const response = await thief.post('/api/auth/phone-number/verify', body);
      expect(response.status).toBe(401);
      expect(thief.cookies.size).toBe(0);
    }
    expect(await (await thief.get('/api/auth/get-session')).json()).toBeNull();
    // A signed-in user confirms numbers for their own account only, with updatePhoneNumber.
    const other = await signUp();
    const own = await other.client.post('/api/auth/phone-number/verify', {
      phoneNumber: phone,
      code,
    });
    expect(own.status).toBe(400);
    // The sign-in by phone number is not served at all.
    const signIn = await thief.post('/api/auth/sign-in/phone-number', {
      phoneNumber: phone,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(404);
    // A password sign-in of the account is still challenged.
    const password = new HttpClient(server.url);
    const challenged = await password.post('/api/auth/sign-in/email', {
      email,
      password: PASSWORD,
    });
    expect(((await challenged.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(
      true,
    );
  });

  it('keeps the session of a two-factor account when better-auth renews it', async () => {
    const { client } = await signUp();
    await enrol(client, '+15550100003');
    const cookie = [...client.cookies.entries()].find(([name]) => name.endsWith('session_token'));
    const token = decodeURIComponent(cookie![1]).split('.')[0]!;
    // Signed in two days ago: the next read renews the session (a new session to better-auth).
    await runOnServerDatabase(server, 'update "session" set "expiresAt" = ? where "token" = ?', [
      new Date(Date.now() + 28 * 86_400_000),
      token,
    ]);
    const renewed = (await (await client.get('/api/auth/get-session')).json()) as {
      session: { expiresAt: string };
    } | null;
    expect(new Date(renewed!.session.expiresAt).getTime()).toBeGreaterThan(
      Date.now() + 29 * 86_400_000,
    );
    expect((await client.get('/api/decks')).status).toBe(200);
  });
});
