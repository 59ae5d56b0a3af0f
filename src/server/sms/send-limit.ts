import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/**
 * At most `max` codes per number in the last hour, counted in the database (`sms_sends`), so the
 * limit holds across processes and restarts: a number cannot be flooded, nor a paid provider
 * drained, from one account or many, nor through several app processes.
 */
export function perNumberLimit(db: Kysely<Database>, max: number, windowMs = 60 * 60 * 1000) {
  return async (to: string, at = new Date()): Promise<boolean> => {
    const since = new Date(at.getTime() - windowMs).toISOString();
    return db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('sms_sends')
        .where('phone_number', '=', to)
        .where('sent_at', '<=', since)
        .execute();
      const row = await trx
        .selectFrom('sms_sends')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('phone_number', '=', to)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= max) return false;
      await trx
        .insertInto('sms_sends')
        .values({ id: randomUUID(), phone_number: to, sent_at: at.toISOString() })
        .execute();
      return true;
    });
  };
}
