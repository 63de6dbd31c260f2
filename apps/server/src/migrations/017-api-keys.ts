import type { Migration } from 'kysely';
import type { Dialect } from '../db/database';
import { type AnyDb, withId } from './helpers';

/**
 * Issue #18 item 2, API keys: one row per key, its SHA-256 hash only (unique), its scope (all tenants, one reseller,
 * one tenant), read-only or read-write, expiry, allowed addresses and who created it; revoked keys stay listed.
 * api_key_usage holds the per-key rate window and the last use, written by every call made with the key in one
 * atomic upsert (so parallel requests on any instance count exactly).
 */
export function apiKeys017(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('api_keys'), dialect)
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
        .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('scope', 'varchar(10)', (c) => c.notNull())
        .addColumn('reseller_id', 'integer')
        .addColumn('tenant_id', 'varchar(255)')
        .addColumn('read_only', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('expires_at', 'bigint')
        .addColumn('allowed_ips', 'varchar(2000)', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_by_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('created_by_id', 'integer', (c) => c.notNull())
        .addColumn('created_by_name', 'varchar(254)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createTable('api_key_usage')
        .addColumn('key_id', 'integer', (c) => c.primaryKey().references('api_keys.id').onDelete('cascade'))
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_ip', 'varchar(64)', (c) => c.notNull())
        .execute();
    },
  };
}
