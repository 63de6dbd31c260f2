import { sql, type Migration } from 'kysely';
import type { Dialect } from '../db/database';
import { type AnyDb, notNullDefault, withId } from './helpers';

/** Issue #3: the audit trail, and indexes for the searched, sorted and paged administration lists. */
export function admin002(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('audit_log'), dialect)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_type', 'varchar(20)', notNullDefault(''))
        .addColumn('actor_id', 'integer')
        .addColumn('actor_name', 'varchar(254)', notNullDefault(''))
        .addColumn('ip', 'varchar(64)', notNullDefault(''))
        .addColumn('entity', 'varchar(40)', (c) => c.notNull())
        .addColumn('entity_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('action', 'varchar(10)', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();

      // Names are unique regardless of case; the same index serves sorting by name.
      await db.schema
        .createIndex('resellers_name_ci')
        .on('resellers')
        .unique()
        .expression(sql`lower(name)`)
        .execute();
      await db.schema
        .createIndex('reseller_users_name_ci')
        .on('reseller_users')
        .expression(sql`lower(name)`)
        .execute();
      await db.schema
        .createIndex('users_name_ci')
        .on('users')
        .expression(sql`lower(name)`)
        .execute();
      await db.schema
        .createIndex('reseller_user_links_reseller')
        .on('reseller_user_links')
        .column('reseller_id')
        .execute();
      await db.schema.createIndex('reseller_tenants_tenant').on('reseller_tenants').column('tenant_id').execute();
      await db.schema.createIndex('domains_tenant_domain').on('domains').columns(['tenant_id', 'domain']).execute();
    },
  };
}
