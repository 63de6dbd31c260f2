import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Issue #19 item 1, white-label per reseller: one branding row per reseller (name, logo, colours, email sender,
 * support contacts, an optional host name of its own, unique), and the sender each outbox message goes out with (a
 * branded tenant's subscribers get mail from their reseller).
 */
export function resellerBranding024(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('reseller_branding')
        .addColumn('reseller_id', 'integer', (c) => c.primaryKey())
        .addColumn('brand_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('logo_url', 'varchar(200)')
        .addColumn('primary_color', 'varchar(7)', (c) => c.notNull())
        .addColumn('secondary_color', 'varchar(7)', (c) => c.notNull())
        .addColumn('sender_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('sender_email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
        .addColumn('support_email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
        .addColumn('support_phone', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('host_name', 'varchar(260)')
        .addColumn('allow_reseller_edit', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('reseller_branding_host')
        .on('reseller_branding')
        .column('host_name')
        .unique()
        .execute();
      await db.schema.alterTable('mail_messages').addColumn('from_addr', 'varchar(400)').execute();
    },
  };
}
