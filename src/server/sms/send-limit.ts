import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface SmsLimits {
  /** Codes to one number in the last hour. */
  perNumberPerHour: number;
  /** Codes for one account in the last 24 hours. */
  perAccountPerDay: number;
  /** Codes the whole server sends in the last hour. */
  totalPerHour: number;
}

/** Which limit a code would pass, or 'ok' (then it is counted). */
export type SmsVerdict = 'ok' | 'number' | 'account' | 'total';

/**
 * The limits on codes by SMS, counted in the database (`sms_sends`), so they hold across
 * processes and restarts: a number cannot be flooded, an account cannot drain a paid provider
 * (SMS pumping), nor can the whole server be made to send more than its hourly budget. Rows
 * older than a day are removed as new ones come.
 */
export function smsSendLimit(db: Kysely<Database>, limits: SmsLimits) {
  return async (to: string, userId: string | null, at = new Date()): Promise<SmsVerdict> => {
    const hourAgo = new Date(at.getTime() - HOUR_MS).toISOString();
    const dayAgo = new Date(at.getTime() - DAY_MS).toISOString();
    return db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sms_sends').where('sent_at', '<=', dayAgo).execute();
      const count = async (filter: 'number' | 'account' | 'total') => {
        let query = trx
          .selectFrom('sms_sends')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sent_at', '>', filter === 'account' ? dayAgo : hourAgo);
        if (filter === 'number') query = query.where('phone_number', '=', to);
        if (filter === 'account') query = query.where('user_id', '=', userId ?? '');
        return Number((await query.executeTakeFirstOrThrow()).n);
      };
      if ((await count('number')) >= limits.perNumberPerHour) return 'number';
      if (userId && (await count('account')) >= limits.perAccountPerDay) return 'account';
      if ((await count('total')) >= limits.totalPerHour) return 'total';
      await trx
        .insertInto('sms_sends')
        .values({ id: randomUUID(), phone_number: to, user_id: userId, sent_at: at.toISOString() })
        .execute();
      return 'ok';
    });
  };
}

/** Whether a number (E.164) is in a country the operator allows; every country when unset. */
export function countryAllowed(number: string, callingCodes: readonly string[]): boolean {
  if (callingCodes.length === 0) return true;
  return callingCodes.some((code) => number.startsWith(`+${code}`));
}
