import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 14: every code sent by SMS, by number, so the hourly limit per number holds across
 * processes and restarts (`sms/send-limit.ts`); rows older than the window are removed as new
 * ones come.
 */
export function smsSendsMigration(timestamp: 'timestamptz' | 'text'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sms_sends')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('phone_number', 'text', (col) => col.notNull())
        .addColumn('sent_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sms_sends_number_idx')
        .on('sms_sends')
        .columns(['phone_number', 'sent_at'])
        .execute();
    },
  };
}
