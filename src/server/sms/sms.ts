import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { SmsConfig } from '../config';

/** Sends a text message to a phone number (E.164). */
export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/u;

/**
 * Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From,
 * Body, HTTP basic auth with the account SID and auth token). The address is a setting, so tests
 * use a local fake of the API.
 */
export function twilioSender(twilio: NonNullable<SmsConfig['twilio']>): SmsSender {
  return {
    async send(to, body) {
      const response = await fetch(
        `${twilio.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: to, From: twilio.from, Body: body }),
          signal: AbortSignal.timeout(10_000),
        },
      );
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new Error(`Twilio answered ${response.status}: ${detail.slice(0, 200)}`);
      }
    },
  };
}

/** Without a provider, a text message is written to the outbox like an e-mail (laptops, tests). */
export function outboxSender(outboxDir: string, logger: Logger): SmsSender {
  return {
    async send(to, body) {
      await fs.mkdir(outboxDir, { recursive: true });
      const createdAt = new Date().toISOString();
      const file = path.join(
        outboxDir,
        `${createdAt.replace(/[:.]/g, '-')}-sms-${randomUUID().slice(0, 8)}.json`,
      );
      const message = {
        channel: 'sms',
        to,
        subject: 'SMS',
        text: body,
        html: '',
        links: [],
        createdAt,
      };
      await fs.writeFile(`${file}.part`, `${JSON.stringify(message, null, 2)}\n`, { mode: 0o600 });
      await fs.rename(`${file}.part`, file);
      logger.info({ to }, 'sms written to outbox');
    },
  };
}

export function createSmsSender(config: SmsConfig, logger: Logger): SmsSender {
  return config.twilio ? twilioSender(config.twilio) : outboxSender(config.outboxDir, logger);
}
