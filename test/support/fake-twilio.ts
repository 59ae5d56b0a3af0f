import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface SentSms {
  to: string;
  from: string;
  body: string;
}

/**
 * A local stand-in for Twilio's Messages API on 127.0.0.1: POST
 * /2010-04-01/Accounts/{sid}/Messages.json, form-encoded To/From/Body, HTTP basic auth with the
 * account SID and auth token; 201 with the message resource, 401 for wrong credentials.
 */
export async function startFakeTwilio(accountSid: string, authToken: string) {
  const messages: SentSms[] = [];
  const app = new Hono();
  app.post('/2010-04-01/Accounts/:sid/Messages.json', async (c) => {
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (c.req.param('sid') !== accountSid || c.req.header('authorization') !== expected) {
      return c.json({ code: 20003, message: 'Authenticate', status: 401 }, 401);
    }
    const form = new URLSearchParams(await c.req.text());
    const sms = {
      to: form.get('To') ?? '',
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
    };
    if (!sms.to || !sms.from || !sms.body) {
      return c.json({ code: 21604, message: 'A field is missing', status: 400 }, 400);
    }
    messages.push(sms);
    return c.json({ sid: `SM${messages.length}`, status: 'queued', ...sms }, 201);
  });
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    /** The six-digit code of the newest message to a number. */
    lastCode(to: string): string {
      const message = messages.filter((item) => item.to === to).at(-1);
      return /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The settings that point a test server's SMS at a fake Twilio account. */
export function twilioEnv(accountSid: string, url: string): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: 'twilio-secret',
    TWILIO_FROM: '+15550009999',
    TWILIO_API_URL: url,
  };
}
