import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 21 (SMS pumping): each code sent by SMS also names the account it was sent for, so a
 * daily limit per account and an hourly limit for the whole server can be counted
 * (`sms/send-limit.ts`); rows are kept a day.
 */
export function smsAccountMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sms_sends').addColumn('user_id', 'text').execute();
      await db.schema
        .createIndex('sms_sends_user_idx')
        .on('sms_sends')
        .columns(['user_id', 'sent_at'])
        .execute();
      await db.schema.createIndex('sms_sends_time_idx').on('sms_sends').column('sent_at').execute();
    },
  };
}
