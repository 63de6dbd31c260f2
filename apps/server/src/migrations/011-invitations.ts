import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Issue #14: each extension's invitation lifecycle and "re-provisioning pending" mark, as columns of extensions so
 * the subscribers table lists and filters them without reading provisioning_log or mail_messages row by row.
 * invite_state is the furthest step reached (none, invited, qr_opened, provisioned); the delivery status of the
 * last invitation stays in mail_messages (invite_mail_id). Both indexes start with tenant_id: every list, filter
 * and count is per tenant or per set of tenants.
 */
export function invitations011(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('extensions')
        .addColumn('invite_state', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
        .execute();
      await db.schema.alterTable('extensions').addColumn('invited_at', 'bigint').execute();
      await db.schema.alterTable('extensions').addColumn('invite_mail_id', 'integer').execute();
      await db.schema.alterTable('extensions').addColumn('qr_opened_at', 'bigint').execute();
      await db.schema.alterTable('extensions').addColumn('provisioned_at', 'bigint').execute();
      await db.schema
        .alterTable('extensions')
        .addColumn('provisioned_ua', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('extensions').addColumn('reprovision_pending_since', 'bigint').execute();
      await db.schema
        .createIndex('extensions_tenant_invite_state')
        .on('extensions')
        .columns(['tenant_id', 'invite_state'])
        .execute();
      await db.schema
        .createIndex('extensions_tenant_reprovision')
        .on('extensions')
        .columns(['tenant_id', 'reprovision_pending_since'])
        .execute();
    },
  };
}
