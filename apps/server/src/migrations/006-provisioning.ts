import type { Migration } from 'kysely';
import type { Dialect } from '../db/database';
import { type AnyDb, notNullDefault, withId } from './helpers';

const text = notNullDefault('');

/**
 * Issue #5: the profile list's Outbound Proxy Host and Expiry become columns (searched and sorted by the server;
 * the other settings stay in the `settings` JSON), BLF keys per subscriber, and the provisioning record.
 */
export function provisioning006(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('client_profiles').addColumn('outboundproxyhost', 'varchar(255)', text).execute();
      await db.schema.alterTable('client_profiles').addColumn('expires', 'varchar(3)', text).execute();
      const rows: { id: number; settings: string }[] = await db
        .selectFrom('client_profiles')
        .select(['id', 'settings'])
        .execute();
      for (const r of rows) {
        const s = readJson(r.settings);
        const { outboundproxyhost = '', expires = '', ...rest } = s;
        await db
          .updateTable('client_profiles')
          .set({
            outboundproxyhost: String(outboundproxyhost).slice(0, 255),
            expires: String(expires).slice(0, 3),
            settings: JSON.stringify(rest),
          })
          .where('id', '=', r.id)
          .execute();
      }
      await db.schema
        .createIndex('client_profiles_scope')
        .on('client_profiles')
        .columns(['cloud_id', 'tenant_id', 'domain'])
        .execute();

      await withId(db.schema.createTable('blf_keys'), dialect)
        .addColumn('profile_id', 'integer', (c) => c.notNull().references('client_profiles.id').onDelete('cascade'))
        .addColumn('tenant_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('extension', 'varchar(64)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('target', 'varchar(64)', (c) => c.notNull())
        .addColumn('label', 'varchar(200)', text)
        .addUniqueConstraint('blf_keys_position', ['profile_id', 'tenant_id', 'extension', 'position'])
        .execute();

      await withId(db.schema.createTable('provisioning_log'), dialect)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('cloud_id', 'varchar(40)', text)
        .addColumn('account', 'varchar(254)', text)
        .addColumn('tenant_id', 'varchar(255)')
        .addColumn('extension', 'varchar(64)')
        .addColumn('ip', 'varchar(64)', text)
        .addColumn('user_agent', 'varchar(255)', text)
        .addColumn('result', 'varchar(20)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('provisioning_log_ext')
        .on('provisioning_log')
        .columns(['tenant_id', 'extension', 'at'])
        .execute();
      await db.schema.createIndex('provisioning_log_at').on('provisioning_log').column('at').execute();
    },
  };
}

function readJson(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
