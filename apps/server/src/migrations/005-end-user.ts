import type { Migration } from 'kysely';
import type { Dialect } from '../db/database';
import { type AnyDb, notNullDefault, withId } from './helpers';

const text = notNullDefault('');

/**
 * Issue #6 (end-user pages): app sessions (hashed, like admin sessions), the server's signing secrets (shared by
 * every instance through the database), listen-in sessions (counted against the Call Monitor licence across
 * instances) and the builtin platform's per-extension app settings.
 */
export function endUser005(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      const table = (name: string) => withId(db.schema.createTable(name), dialect);

      await table('app_sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('app_account_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('app_sessions_account').on('app_sessions').column('app_account_id').execute();

      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
        .addColumn('value', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('monitor_sessions')
        .addColumn('session_key', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('tenant_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('sip_call_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('actor_type', 'varchar(20)', text)
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('monitor_sessions_open')
        .on('monitor_sessions')
        .columns(['tenant_id', 'ended_at'])
        .execute();

      await table('builtin_app_settings')
        .addColumn('tenant_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('extension', 'varchar(64)', (c) => c.notNull())
        .addColumn('tab', 'varchar(40)', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('builtin_app_settings_unique', ['tenant_id', 'extension', 'tab'])
        .execute();
    },
  };
}
