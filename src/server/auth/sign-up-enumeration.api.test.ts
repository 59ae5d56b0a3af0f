import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../test/support/fixtures';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Issue 21: a sign-up must not tell whether the address has an account. Under the default
 * settings (a sign-up never signs in) and with e-mail confirmation required, both answer
 * 'check your e-mail' alike (same status, same body but for the ids and times, no session);
 * the account's owner gets an e-mail instead, the new address its confirmation link.
 */
describe.each([
  // The production default: the test server's SIGN_UP_SIGNS_IN is left out.
  ['the default settings', { SIGN_UP_SIGNS_IN: undefined }, true],
  ['REQUIRE_EMAIL_VERIFICATION=true', { REQUIRE_EMAIL_VERIFICATION: 'true' }, false],
] as const)('sign-up with an address that has an account, under %s', (_, env, linkSignsIn) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function signUp(email: string, password: string) {
    const response = await new HttpClient(server.url).post('/api/auth/sign-up/email', {
      email,
      password,
      name: 'same',
      callbackURL: '/auth/callback?returnTo=%2Fdashboard&confirmed=1',
    });
    const body = (await response.json()) as { token: unknown; user: Record<string, unknown> };
    const { id, createdAt, updatedAt, ...user } = body.user;
    expect(typeof id).toBe('string');
    expect(Date.parse(String(createdAt))).not.toBeNaN();
    expect(Date.parse(String(updatedAt))).not.toBeNaN();
    return {
      status: response.status,
      cookies: response.headers.getSetCookie().length,
      body: { token: body.token, user },
    };
  }

  it('answers as for a new address, and e-mails the owner', async () => {
    const taken = uniqueEmail('taken');
    const fresh = uniqueEmail('fresh');
    await signUp(taken, PASSWORD);
    await server.waitForMail(taken, /^Confirm your e-mail/);

    const again = await signUp(taken, 'another long password');
    const created = await signUp(fresh, 'another long password');
    expect(again).toEqual({
      ...created,
      body: { ...created.body, user: { ...created.body.user, email: taken } },
    });
    expect(again.status).toBe(200);
    expect(again.cookies).toBe(0);
    expect(again.body.token).toBeNull();

    const notice = await server.waitForMail(taken, /^Someone tried to sign up/);
    expect(notice.text).toContain('already has one');
    expect(notice.links).toContain(`${server.url}/login`);
    // The new address gets its confirmation, and only that.
    const confirm = await server.waitForMail(fresh, /^Confirm your e-mail/);
    expect((await server.outbox(fresh)).map((mail) => mail.subject)).toEqual([
      'Confirm your e-mail for Mnemo',
    ]);
    // Under the default, the link signs the new account in and goes on to the app.
    const browser = new HttpClient(server.url);
    const link = confirm.links.find((url) => url.includes('/verify-email')) ?? '';
    const landed = await browser.get(link);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toContain('/auth/callback?returnTo=%2Fdashboard');
    const session = (await (await browser.get('/api/auth/get-session')).json()) as {
      user: { email: string; emailVerified: boolean };
    } | null;
    if (linkSignsIn) expect(session?.user).toMatchObject({ email: fresh, emailVerified: true });
    else expect(session).toBeNull();
  });
});
