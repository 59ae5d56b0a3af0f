import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../test/support/fixtures';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * Issue 21: a sign-up must not tell whether the address has an account. With e-mail
 * confirmation required, both answer 'check your e-mail' alike (same status, same body but for
 * the ids and times, no session); the account's owner gets an e-mail instead.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
});
afterAll(async () => {
  await server?.stop();
});

async function signUp(email: string, password: string) {
  const response = await new HttpClient(server.url).post('/api/auth/sign-up/email', {
    email,
    password,
    name: 'same',
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

describe('sign-up with an address that has an account', () => {
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
    await server.waitForMail(fresh, /^Confirm your e-mail/);
    expect((await server.outbox(fresh)).map((mail) => mail.subject)).toEqual([
      'Confirm your e-mail for Mnemo',
    ]);
  });
});
