import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio } from '../../../test/support/fake-twilio';
import { HttpClient, uniqueEmail } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';
import { PHONE_MESSAGES } from './phone-factor';

/** A phone number as second factor, SMS through a local fake of Twilio's Messages API. */
let server: TestServer;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
const PASSWORD = 'a long enough password';
let numberSeed = 1000;
const newNumber = () => `+1555000${numberSeed++}`;

beforeAll(async () => {
  twilio = await startFakeTwilio('AC-test', 'twilio-secret');
  server = await startTestServer({
    env: {
      TWILIO_ACCOUNT_SID: 'AC-test',
      TWILIO_AUTH_TOKEN: 'twilio-secret',
      TWILIO_FROM: '+15550009999',
      TWILIO_API_URL: twilio.url,
      SMS_MAX_PER_NUMBER_PER_HOUR: '4',
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await twilio?.stop();
});

async function signUp(email = uniqueEmail('phone')) {
  const client = new HttpClient(server.url);
  expect(
    (await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'p' })).status,
  ).toBe(200);
  return { client, email };
}

async function sessionUser(client: HttpClient) {
  const body = (await (await client.get('/api/auth/get-session')).json()) as {
    user: { phoneNumber?: string; phoneNumberVerified?: boolean; twoFactorEnabled?: boolean };
  } | null;
  return body?.user ?? null;
}

/** Confirms a number for a signed-in user, then turns the phone factor on. */
async function enrolPhone(client: HttpClient, phone: string) {
  expect(
    (await client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone })).status,
  ).toBe(200);
  const verify = await client.post('/api/auth/phone-number/verify', {
    phoneNumber: phone,
    code: twilio.lastCode(phone),
    updatePhoneNumber: true,
  });
  expect(verify.status, await verify.clone().text()).toBe(200);
  expect(await sessionUser(client)).toMatchObject({
    phoneNumber: phone,
    phoneNumberVerified: true,
  });
  expect((await client.post('/api/auth/two-factor/send-otp', {})).status).toBe(200);
  const on = await client.post('/api/auth/two-factor/verify-otp', { code: twilio.lastCode(phone) });
  expect(on.status, await on.clone().text()).toBe(200);
  expect((await sessionUser(client))?.twoFactorEnabled).toBe(true);
}

describe('the phone factor', () => {
  it('enrols a number confirmed by a code sent through Twilio', async () => {
    const { client } = await signUp();
    const phone = newNumber();
    await enrolPhone(client, phone);
    const sent = twilio.messages.filter((message) => message.to === phone);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ from: '+15550009999' });
    expect(sent[0]?.body).toMatch(/^\d{6} is your Mnemo code/);
  });

  it('refuses a number not in E.164 form and a wrong confirmation code', async () => {
    const { client } = await signUp();
    for (const phoneNumber of ['5551234', '+0123456789', '+1 555 123 4567', '']) {
      expect((await client.post('/api/auth/phone-number/send-otp', { phoneNumber })).status).toBe(
        400,
      );
    }
    const phone = newNumber();
    await client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone });
    const right = twilio.lastCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await client.post('/api/auth/phone-number/verify', {
      phoneNumber: phone,
      code: wrong,
      updatePhoneNumber: true,
    });
    expect(refused.status).toBe(400);
    expect((await sessionUser(client))?.phoneNumberVerified).toBeFalsy();
  });

  it('challenges password sign-in with a code by SMS; a wrong or reused code is refused', async () => {
    const { client: owner, email } = await signUp();
    const phone = newNumber();
    await enrolPhone(owner, phone);

    const client = new HttpClient(server.url);
    const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const body = (await signIn.json()) as {
      twoFactorRedirect?: boolean;
      twoFactorMethods?: string[];
    };
    expect(body.twoFactorRedirect).toBe(true);
    expect(body.twoFactorMethods).toContain('otp');
    expect(await sessionUser(client)).toBeNull();
    expect(await (await client.get('/api/auth/two-factor/methods')).json()).toEqual({
      methods: ['totp', 'otp'],
    });
    expect((await client.post('/api/auth/two-factor/send-otp', {})).status).toBe(200);
    const code = twilio.lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await client.post('/api/auth/two-factor/verify-otp', { code: wrong })).status).toBe(
      401,
    );
    expect(await sessionUser(client)).toBeNull();
    expect((await client.post('/api/auth/two-factor/verify-otp', { code })).status).toBe(200);
    expect(await sessionUser(client)).not.toBeNull();

    const replay = new HttpClient(server.url);
    await replay.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect((await replay.post('/api/auth/two-factor/verify-otp', { code })).status).not.toBe(200);
    expect(await sessionUser(replay)).toBeNull();
  });

  it('sends at most the configured number of codes to one number in an hour', async () => {
    const { client } = await signUp();
    const other = await signUp();
    const phone = newNumber();
    for (let index = 0; index < 4; index++) {
      const sender = index % 2 === 0 ? client : other.client;
      expect(
        (await sender.post('/api/auth/phone-number/send-otp', { phoneNumber: phone })).status,
      ).toBe(200);
    }
    const refused = await client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(PHONE_MESSAGES.tooMany);
    expect(twilio.messages.filter((message) => message.to === phone)).toHaveLength(4);
  });

  it('counts the codes sent to a number across processes (one database)', async () => {
    const second = await startTestServer({
      shareWith: server,
      env: {
        TWILIO_ACCOUNT_SID: 'AC-test',
        TWILIO_AUTH_TOKEN: 'twilio-secret',
        TWILIO_FROM: '+15550009999',
        TWILIO_API_URL: twilio.url,
        SMS_MAX_PER_NUMBER_PER_HOUR: '4',
      },
    });
    try {
      const here = await signUp();
      const there = new HttpClient(second.url);
      expect(
        (
          await there.post('/api/auth/sign-up/email', {
            email: uniqueEmail('phone-b'),
            password: PASSWORD,
            name: 'b',
          })
        ).status,
      ).toBe(200);
      const phone = newNumber();
      for (let index = 0; index < 4; index++) {
        const sender = index % 2 === 0 ? here.client : there;
        expect(
          (await sender.post('/api/auth/phone-number/send-otp', { phoneNumber: phone })).status,
        ).toBe(200);
      }
      for (const sender of [here.client, there]) {
        const refused = await sender.post('/api/auth/phone-number/send-otp', {
          phoneNumber: phone,
        });
        expect(refused.status).toBe(429);
      }
      expect(twilio.messages.filter((message) => message.to === phone)).toHaveLength(4);
    } finally {
      await second.stop();
    }
  });

  it('does not offer sign-in or password reset by SMS', async () => {
    const client = new HttpClient(server.url);
    const signIn = await client.post('/api/auth/sign-in/phone-number', {
      phoneNumber: '+15550001234',
      password: PASSWORD,
    });
    expect(signIn.status).toBe(404);
  });
});

describe('without an SMS provider', () => {
  it('writes the code to the outbox', async () => {
    const local = await startTestServer();
    try {
      const client = new HttpClient(local.url);
      await client.post('/api/auth/sign-up/email', {
        email: uniqueEmail('outbox-phone'),
        password: PASSWORD,
        name: 'o',
      });
      const phone = '+15550007777';
      expect(
        (await client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone })).status,
      ).toBe(200);
      const message = await local.waitForMail(phone, /SMS/);
      expect(message.text).toMatch(/^\d{6} is your Mnemo code/);
    } finally {
      await local.stop();
    }
  });
});
