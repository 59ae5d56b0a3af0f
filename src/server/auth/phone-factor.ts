import { APIError } from 'better-auth/api';
import { phoneNumber } from 'better-auth/plugins';
import type { Logger } from 'pino';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { perNumberLimit } from '../sms/send-limit';
import { E164_PATTERN, type SmsSender } from '../sms/sms';

export const PHONE_MESSAGES = {
  tooMany: 'Too many codes were sent to this number. Try again in an hour.',
  noPhone: 'This account has no confirmed phone number',
} as const;

const smsText = (code: string) =>
  `${code} is your Mnemo code. It expires in 5 minutes. Do not share it.`;

/**
 * The phone factor (SPEC §3 factors: totp or phone): better-auth's phoneNumber plugin confirms
 * a number (E.164) with a code sent to it; its two-factor plugin's OTP method then sends sign-in
 * codes to that confirmed number. Each number gets at most `maxPerHour` codes an hour, counted
 * in the database (every process, every restart).
 */
export function phoneFactor(
  sms: SmsSender,
  maxPerHour: number,
  logger: Logger,
  db: Kysely<Database>,
) {
  const allow = perNumberLimit(db, maxPerHour);
  return {
    plugin: phoneNumber({
      otpLength: 6,
      expiresIn: 5 * 60,
      allowedAttempts: 3,
      phoneNumberValidator: (value) => E164_PATTERN.test(value),
      sendOTP: async ({ phoneNumber: to, code }) => {
        if (!(await allow(to)))
          throw new APIError('TOO_MANY_REQUESTS', { message: PHONE_MESSAGES.tooMany });
        await sms.send(to, smsText(code));
      },
    }),
    /** twoFactor's `otpOptions`: a sign-in code by SMS to the account's confirmed number. */
    otpOptions: {
      allowedAttempts: 3,
      storeOTP: 'hashed' as const,
      sendOTP: async ({ user, otp }: { user: { id: string }; otp: string }) => {
        const { phoneNumber: number, phoneNumberVerified } = user as {
          phoneNumber?: unknown;
          phoneNumberVerified?: unknown;
        };
        const to = phoneNumberVerified ? number : null;
        if (typeof to !== 'string') {
          logger.warn({ userId: user.id }, 'two-factor code asked for without a phone number');
          return;
        }
        if (!(await allow(to))) {
          logger.warn({ userId: user.id }, 'two-factor code refused: too many for this number');
          throw new APIError('TOO_MANY_REQUESTS', { message: PHONE_MESSAGES.tooMany });
        }
        await sms.send(to, smsText(otp));
      },
    },
  };
}
