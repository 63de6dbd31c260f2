import { sql, type Migration, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database';
import { type AnyDb, notNullDefault, withId } from './helpers';

const text = notNullDefault('');
const zero = notNullDefault(0);

/**
 * Issue #4: the builtin platform's own tables (the portal as system of record), app accounts, the job queue and
 * its effect marks, and indexes for the subscribers screen.
 */
export function extensions004(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      const table = (name: string) => withId(db.schema.createTable(name), dialect);

      await table('builtin_tenants')
        .addColumn('tid', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('tname', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await table('builtin_domains')
        .addColumn('tenant_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('domain', 'varchar(255)', (c) => c.notNull())
        .addColumn('site_name', 'varchar(255)', text)
        .addUniqueConstraint('builtin_domains_unique', ['tenant_id', 'domain', 'site_name'])
        .execute();
      await table('builtin_extensions')
        .addColumn('tenant_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('extension', 'varchar(64)', (c) => c.notNull())
        .addColumn('domain', 'varchar(255)', text)
        .addColumn('site_name', 'varchar(255)', text)
        .addColumn('firstname', 'varchar(200)', text)
        .addColumn('lastname', 'varchar(200)', text)
        .addColumn('email', 'varchar(254)', text)
        .addColumn('admin', 'integer', zero)
        .addColumn('sip_password', 'varchar(255)', text)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('builtin_extensions_unique', ['tenant_id', 'extension'])
        .execute();

      await table('app_accounts')
        .addColumn('cloud_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('username', 'varchar(254)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('tenant_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('extension', 'varchar(64)', (c) => c.notNull())
        .addColumn('did', 'varchar(40)', text)
        .addColumn('must_change_password', 'integer', zero)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('app_accounts_username', ['cloud_id', 'username'])
        .addUniqueConstraint('app_accounts_extension', ['cloud_id', 'tenant_id', 'extension'])
        .execute();

      await table('jobs')
        .addColumn('type', 'varchar(60)', (c) => c.notNull())
        .addColumn('dedupe_key', 'varchar(300)')
        .addColumn('tenant_id', 'varchar(255)')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        .addColumn('done', 'integer', zero)
        .addColumn('total', 'integer', zero)
        .addColumn('failed', 'integer', zero)
        .addColumn('checkpoint', 'text')
        .addColumn('result', 'text')
        .addColumn('error', 'text')
        .addColumn('attempts', 'integer', zero)
        .addColumn('run_after', 'bigint', (c) => c.notNull())
        .addColumn('lease_owner', 'varchar(100)')
        .addColumn('lease_expires_at', 'bigint')
        .addColumn('created_by', 'varchar(60)', text)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_after']).execute();
      await db.schema.createIndex('jobs_tenant').on('jobs').columns(['tenant_id', 'created_at']).execute();
      // At most one queued or running job per dedupe key: a second enqueue joins the first.
      await db.schema
        .createIndex('jobs_dedupe_active')
        .on('jobs')
        .column('dedupe_key')
        .unique()
        .where(sql<SqlBool>`status in ('queued', 'running') and dedupe_key is not null`)
        .execute();
      // Side effects a job has already made (an email to one recipient): a re-run skips them.
      await db.schema
        .createTable('job_effects')
        .addColumn('job_id', 'integer', (c) => c.notNull())
        .addColumn('effect_key', 'varchar(300)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('job_effects_pk', ['job_id', 'effect_key'])
        .execute();

      await db.schema
        .createIndex('extensions_email_ci')
        .on('extensions')
        .expression(sql`lower(email)`)
        .execute();
      await db.schema.createIndex('tenant_domains_tenant').on('tenant_domains').column('tenant_id').execute();
    },
  };
}
