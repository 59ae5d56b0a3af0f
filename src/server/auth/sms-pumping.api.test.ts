import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryAllowed } from '../sms/send-limit';
import { startFakeTwilio, twilioEnv } from '../../../test/support/fake-twilio';
import { PASSWORD } from '../../../test/support/fixtures';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/**
 * SMS pumping (issue 21, 9): codes cost money, so besides the limit per number there is a daily
 * limit per account, an hourly limit for the whole server, and a list of allowed countries.
 */
let server: TestServer;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;

beforeAll(async () => {
  twilio = await startFakeTwilio('AC-pump', 'twilio-secret');
  server = await startTestServer({
    env: {
      ...twilioEnv('AC-pump', twilio.url),
      SMS_MAX_PER_NUMBER_PER_HOUR: '5',
      SMS_MAX_PER_ACCOUNT_PER_DAY: '3',
      SMS_MAX_PER_HOUR: '6',
      SMS_ALLOWED_COUNTRY_CODES: '1, 44',
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await twilio?.stop();
});

async function signUp() {
  const client = new HttpClient(server.url);
  const response = await client.post('/api/auth/sign-up/email', {
    email: uniqueEmail('pump'),
    password: PASSWORD,
    name: 'p',
  });
  expect(response.status).toBe(200);
  return client;
}

const ask = (client: HttpClient, phoneNumber: string) =>
  client.post('/api/auth/phone-number/send-otp', { phoneNumber });
const messageOf = async (response: Response) =>
  ((await response.json()) as { message?: string }).message;

describe('codes by SMS', () => {
  it('go only to the countries the operator allows', async () => {
    const client = await signUp();
    const refused = await ask(client, '+4915112345678');
    expect(refused.status).toBe(400);
    expect(await messageOf(refused)).toBe('Codes by SMS cannot be sent to numbers in this country');
    expect(twilio.messages.filter((message) => message.to === '+4915112345678')).toHaveLength(0);
    expect((await ask(client, '+447700900123')).status).toBe(200);
  });

  it('are limited per account a day, whatever the numbers, and for the whole server an hour', async () => {
    const pumper = await signUp();
    // One code went out already (the test above); this account may ask for three.
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      statuses.push((await ask(pumper, `+1555010${1000 + index}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await ask(pumper, '+15550102000');
    expect(await messageOf(refused)).toBe(
      'Too many codes were sent for this account today. Try again tomorrow.',
    );
    // Four codes have gone out this hour; the server sends six at most.
    const other = await signUp();
    expect((await ask(other, '+15550103000')).status).toBe(200);
    expect((await ask(other, '+15550103001')).status).toBe(200);
    const paused = await ask(await signUp(), '+15550104000');
    expect(paused.status).toBe(429);
    expect(await messageOf(paused)).toBe(
      'Codes by SMS are paused for a while. Try again later, or use your authenticator app.',
    );
    expect(twilio.messages).toHaveLength(6);
  });
});

describe('the country check', () => {
  it('matches calling codes at the start of an E.164 number', () => {
    expect(countryAllowed('+15551234567', [])).toBe(true);
    expect(countryAllowed('+15551234567', ['1', '44'])).toBe(true);
    expect(countryAllowed('+447700900123', ['1', '44'])).toBe(true);
    expect(countryAllowed('+4915112345678', ['1', '44'])).toBe(false);
    expect(countryAllowed('+8613800138000', ['1'])).toBe(false);
  });
});
