import type { Migration } from 'kysely';
import type { Dialect } from '../db/database';
import { type AnyDb, withId } from './helpers';

/**
 * Issue #18 item 3, signed webhooks. webhook_endpoints: one receiver per reseller or tenant, its signing secret
 * encrypted with a server key. webhook_events is the outbox: a service writes the event in the transaction that
 * makes the change, with one webhook_deliveries row per subscribed endpoint; the delivery worker sends each
 * delivery (oldest first per endpoint) and logs every try in webhook_attempts. webhook_registrations and
 * webhook_licence_alerts remember the last registration seen per extension and which licences are above 90 %, so
 * an event is emitted on a change only.
 */
export function webhooks018(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      const table = (name: string) => withId(db.schema.createTable(name), dialect);
      await table('webhook_endpoints')
        .addColumn('scope_type', 'varchar(10)', (c) => c.notNull())
        .addColumn('scope_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('url', 'varchar(2000)', (c) => c.notNull())
        .addColumn('secret_enc', 'varchar(300)', (c) => c.notNull())
        .addColumn('events', 'varchar(1000)', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('disabled_reason', 'varchar(20)')
        .addColumn('disabled_at', 'bigint')
        .addColumn('created_by', 'varchar(254)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_scope')
        .on('webhook_endpoints')
        .columns(['scope_type', 'scope_id'])
        .execute();

      await table('webhook_events')
        .addColumn('uid', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('type', 'varchar(40)', (c) => c.notNull())
        .addColumn('tenant_id', 'varchar(100)')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('webhook_deliveries')
        .addColumn('uid', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('endpoint_id', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_owner', 'varchar(60)')
        .addColumn('lease_expires_at', 'bigint')
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'varchar(500)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_endpoint')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'status', 'id'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();

      await table('webhook_attempts')
        .addColumn('delivery_id', 'integer', (c) => c.notNull())
        .addColumn('endpoint_id', 'integer', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('error', 'varchar(500)')
        .execute();
      await db.schema
        .createIndex('webhook_attempts_endpoint')
        .on('webhook_attempts')
        .columns(['endpoint_id', 'id'])
        .execute();

      await db.schema
        .createTable('webhook_registrations')
        .addColumn('tenant_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('extension', 'varchar(100)', (c) => c.notNull())
        .addColumn('registered', 'integer', (c) => c.notNull())
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_registrations_pk', ['tenant_id', 'extension'])
        .execute();

      await db.schema
        .createTable('webhook_licence_alerts')
        .addColumn('tenant_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('app', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_licence_alerts_pk', ['tenant_id', 'app'])
        .execute();
    },
  };
}
