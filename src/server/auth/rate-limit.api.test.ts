import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

let first: TestServer;
let second: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  const env = { RATE_LIMIT_SIGN_IN_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' };
  first = await startTestServer({ env });
  second = await startTestServer({ env, shareWith: first });
  proxied = await startTestServer({ env: { ...env, TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await proxied?.stop();
  await second?.stop();
  await first?.stop();
});

describe('rate limits on auth routes', () => {
  it('answers 429 once the limit is reached, counted in the database across processes', async () => {
    const email = uniqueEmail();
    const attempt = (target: TestServer) =>
      new HttpClient(target.url).post('/api/auth/sign-in/email', {
        email,
        password: 'wrong password',
      });
    // Two processes share one database: the counts add up.
    expect((await attempt(first)).status).toBe(401);
    expect((await attempt(second)).status).toBe(401);
    expect((await attempt(first)).status).toBe(401);
    const limited = await attempt(second);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);
  });

  it('limits the codes one address asks for, whatever the number', async () => {
    const client = new HttpClient(first.url);
    const email = uniqueEmail('sms');
    await client.post('/api/auth/sign-up/email', {
      email,
      password: 'a long enough password',
      name: 's',
    });
    const ask = (index: number) =>
      client.post('/api/auth/phone-number/send-otp', { phoneNumber: `+1555123${1000 + index}` });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) statuses.push((await ask(index)).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
  });

  it('behind a proxy, counts the address the proxy saw, whatever the client puts before it', async () => {
    const email = uniqueEmail('proxied');
    // The client writes a new address each time; the proxy appends the one it saw.
    const attempt = (index: number) =>
      new HttpClient(proxied.url).post(
        '/api/auth/sign-in/email',
        { email, password: 'wrong password' },
        { headers: { 'x-forwarded-for': `10.9.8.${index}, 203.0.113.50` } },
      );
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) statuses.push((await attempt(index)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy is not held back.
    const other = await new HttpClient(proxied.url).post(
      '/api/auth/sign-in/email',
      { email, password: 'wrong password' },
      { headers: { 'x-forwarded-for': '203.0.113.51' } },
    );
    expect(other.status).toBe(401);
  });
});
