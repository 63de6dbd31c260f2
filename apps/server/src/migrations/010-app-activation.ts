import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Issue #14: per-app activation secrets. One row per app account: the SHA-256 of its current secret, the previous
 * one with the end of its grace, and when an administrator revoked the app (provisioning refused, password too).
 * Clear secrets are never stored; showing a QR issues a new one.
 */
export function appActivation010(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('app_activations')
        .addColumn('app_account_id', 'integer', (c) => c.primaryKey().references('app_accounts.id').onDelete('cascade'))
        .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('previous_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('previous_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('issued_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('first_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
    },
  };
}
