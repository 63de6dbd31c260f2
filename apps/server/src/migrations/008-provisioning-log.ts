import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Issue #13: refusals of `/provision` that never reach a password check (throttled, incomplete, another cloud) are
 * recorded at most once per account and per address in each window. The two keys are unique, so one INSERT … ON
 * CONFLICT DO NOTHING claims both at once on either database; other rows leave them NULL (NULLs never collide).
 */
export function provisioningLog008(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('provisioning_log').addColumn('once_account', 'varchar(300)').execute();
      await db.schema.alterTable('provisioning_log').addColumn('once_address', 'varchar(120)').execute();
      await db.schema
        .createIndex('provisioning_log_once_account')
        .on('provisioning_log')
        .column('once_account')
        .unique()
        .execute();
      await db.schema
        .createIndex('provisioning_log_once_address')
        .on('provisioning_log')
        .column('once_address')
        .unique()
        .execute();
    },
  };
}
