import { APIError, getSessionFromCtx } from 'better-auth/api';
import { phoneNumber } from 'better-auth/plugins';
import type { Logger } from 'pino';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { SmsConfig } from '../config';
import { countryAllowed, smsSendLimit, type SmsVerdict } from '../sms/send-limit';
import { E164_PATTERN, type SmsSender } from '../sms/sms';

export const PHONE_MESSAGES = {
  tooMany: 'Too many codes were sent to this number. Try again in an hour.',
  tooManyForAccount: 'Too many codes were sent for this account today. Try again tomorrow.',
  paused: 'Codes by SMS are paused for a while. Try again later, or use your authenticator app.',
  country: 'Codes by SMS cannot be sent to numbers in this country',
  noPhone: 'This account has no confirmed phone number',
} as const;

const smsText = (code: string) =>
  `${code} is your Mnemo code. It expires in 5 minutes. Do not share it.`;

const REFUSALS: Record<Exclude<SmsVerdict, 'ok'>, string> = {
  number: PHONE_MESSAGES.tooMany,
  account: PHONE_MESSAGES.tooManyForAccount,
  total: PHONE_MESSAGES.paused,
};

/**
 * The phone factor (SPEC §3 factors: totp or phone): better-auth's phoneNumber plugin confirms
 * a number (E.164) with a code sent to it; its two-factor plugin's OTP method then sends sign-in
 * codes to that confirmed number. Codes are limited per number an hour, per account a day and
 * for the whole server an hour, counted in the database (every process, every restart), and go
 * only to the countries the operator allows (issue 21: SMS pumping).
 */
export function phoneFactor(
  sms: SmsSender,
  limits: Pick<
    SmsConfig,
    'maxPerNumberPerHour' | 'maxPerAccountPerDay' | 'maxPerHour' | 'allowedCountryCodes'
  >,
  logger: Logger,
  db: Kysely<Database>,
) {
  const allow = smsSendLimit(db, {
    perNumberPerHour: limits.maxPerNumberPerHour,
    perAccountPerDay: limits.maxPerAccountPerDay,
    totalPerHour: limits.maxPerHour,
  });
  const send = async (to: string, userId: string | null, text: string) => {
    if (!countryAllowed(to, limits.allowedCountryCodes)) {
      throw new APIError('BAD_REQUEST', { code: 'SMS_COUNTRY', message: PHONE_MESSAGES.country });
    }
    const verdict = await allow(to, userId);
    if (verdict !== 'ok') {
      logger.warn({ userId, limit: verdict }, 'code by SMS refused: limit reached');
      throw new APIError('TOO_MANY_REQUESTS', { message: REFUSALS[verdict] });
    }
    await sms.send(to, text);
  };
  return {
    plugin: phoneNumber({
      otpLength: 6,
      expiresIn: 5 * 60,
      allowedAttempts: 3,
      phoneNumberValidator: (value) => E164_PATTERN.test(value),
      sendOTP: async ({ phoneNumber: to, code }, ctx) => {
        const session = ctx ? await getSessionFromCtx(ctx) : null;
        await send(to, session?.user.id ?? null, smsText(code));
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
        await send(to, user.id, smsText(otp));
      },
    },
  };
}
