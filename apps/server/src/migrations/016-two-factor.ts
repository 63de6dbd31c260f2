import type { Migration } from 'kysely';
import type { Dialect } from '../db/database';
import { type AnyDb, withId } from './helpers';

/**
 * Issue #18 item 1, two-factor sign-in. One row per account in two_factor: its TOTP secret (encrypted with a server
 * key), when it was confirmed (null while a set-up waits for its first code) and the last time step a code was
 * accepted for (a code is never accepted twice). Recovery codes, sign-in challenges and "remember this browser"
 * tokens are kept as SHA-256 hashes only. system_settings holds settings an administrator edits in the portal
 * (the two-factor policy first).
 */
export function twoFactor016(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      const table = (name: string) => withId(db.schema.createTable(name), dialect);
      const principal = <T extends ReturnType<typeof table>>(t: T) =>
        t
          .addColumn('principal_type', 'varchar(20)', (c) => c.notNull())
          .addColumn('principal_id', 'integer', (c) => c.notNull());

      await principal(table('two_factor'))
        .addColumn('secret_enc', 'varchar(300)', (c) => c.notNull())
        .addColumn('enabled_at', 'bigint')
        .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('two_factor_principal', ['principal_type', 'principal_id'])
        .execute();

      await principal(table('two_factor_recovery_codes'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('two_factor_recovery_code', ['principal_type', 'principal_id', 'code_hash'])
        .execute();

      await principal(table('two_factor_challenges'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('step', 'varchar(10)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('two_factor_challenges_expires')
        .on('two_factor_challenges')
        .column('expires_at')
        .execute();

      await principal(table('two_factor_remembered'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('password_stamp', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('two_factor_remembered_principal')
        .on('two_factor_remembered')
        .columns(['principal_type', 'principal_id'])
        .execute();

      await db.schema
        .createTable('system_settings')
        .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
        .addColumn('value', 'varchar(1000)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(254)', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
