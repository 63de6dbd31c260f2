import type { Migration } from 'kysely';
import type { Dialect } from '../db/database';
import { type AnyDb, blobType, notNullDefault, withId } from './helpers';

const text = notNullDefault('');
const zero = notNullDefault(0);

export function core001(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      const table = (name: string) => withId(db.schema.createTable(name), dialect);

      await table('users')
        .addColumn('username', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(200)', text)
        .addColumn('email', 'varchar(254)', text)
        .addColumn('phone_number', 'varchar(40)', text)
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('user_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('active', 'integer', notNullDefault(1))
        .addColumn('company', 'varchar(255)', text)
        .addColumn('subscriber_id', 'varchar(255)', text)
        .addColumn('picture_url', 'varchar(255)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('reseller_users')
        .addColumn('name', 'varchar(200)', text)
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('phone_number', 'varchar(40)', text)
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('picture_url', 'varchar(255)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('principal_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('principal_id', 'integer', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', text)
        .addColumn('user_agent', 'varchar(255)', text)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('sessions_principal')
        .on('sessions')
        .columns(['principal_type', 'principal_id'])
        .execute();

      await table('password_resets')
        .addColumn('principal_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('principal_id', 'integer', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', zero)
        .addColumn('first_at', 'bigint', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('files')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('data', blobType(dialect), (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('mail_messages')
        .addColumn('kind', 'varchar(40)', text)
        .addColumn('to_addr', 'varchar(1000)', (c) => c.notNull())
        .addColumn('cc', 'varchar(1000)', text)
        .addColumn('subject', 'varchar(500)', text)
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('attachments', 'text')
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('attempts', 'integer', zero)
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('mail_messages_status')
        .on('mail_messages')
        .columns(['status', 'next_attempt_at'])
        .execute();

      await table('resellers')
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('tenants')
        .addColumn('tid', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('tname', 'varchar(255)', (c) => c.notNull())
        .addColumn('mobile_app_allowed', 'integer', zero)
        .addColumn('desktop_app_allowed', 'integer', zero)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tenants_tname').on('tenants').column('tname').execute();

      await table('reseller_tenants')
        .addColumn('reseller_id', 'integer', (c) => c.notNull().references('resellers.id').onDelete('cascade'))
        .addColumn('tenant_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('reseller_tenants_unique', ['reseller_id', 'tenant_id'])
        .execute();

      await table('reseller_user_links')
        .addColumn('reseller_user_id', 'integer', (c) =>
          c.notNull().references('reseller_users.id').onDelete('cascade'),
        )
        .addColumn('reseller_id', 'integer', (c) => c.notNull().references('resellers.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('reseller_user_links_unique', ['reseller_user_id', 'reseller_id'])
        .execute();

      await table('tenant_domains')
        .addColumn('tenant_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('domain', 'varchar(255)', (c) => c.notNull())
        .addColumn('site_name', 'varchar(255)', text)
        .addUniqueConstraint('tenant_domains_unique', ['tenant_id', 'domain', 'site_name'])
        .execute();

      await table('domains')
        .addColumn('ext', 'varchar(64)', (c) => c.notNull())
        .addColumn('domain', 'varchar(255)', (c) => c.notNull())
        .addColumn('tenant_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('domains_tenant').on('domains').column('tenant_id').execute();

      await table('extensions')
        .addColumn('tenant_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('extension', 'varchar(64)', (c) => c.notNull())
        .addColumn('domain', 'varchar(255)', text)
        .addColumn('site_name', 'varchar(255)', text)
        .addColumn('firstname', 'varchar(200)', text)
        .addColumn('lastname', 'varchar(200)', text)
        .addColumn('admin', 'integer', zero)
        .addColumn('email', 'varchar(254)', text)
        .addColumn('linked', 'integer', zero)
        .addColumn('mobile_app_allowed', 'integer', zero)
        .addColumn('desktop_app_allowed', 'integer', zero)
        .addColumn('mobile_phone', 'varchar(40)', text)
        .addColumn('home_phone', 'varchar(40)', text)
        .addColumn('sip_password', 'varchar(255)', text)
        .addColumn('pin', 'varchar(20)', text)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('extensions_unique', ['tenant_id', 'extension'])
        .execute();
      await db.schema.createIndex('extensions_email').on('extensions').column('email').execute();

      await table('client_profiles')
        .addColumn('profile_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('company', 'varchar(255)', text)
        .addColumn('cloud_id', 'varchar(40)', text)
        .addColumn('tenant_id', 'varchar(255)')
        .addColumn('domain', 'varchar(255)')
        .addColumn('proxy', 'varchar(255)', (c) => c.notNull())
        .addColumn('transport', 'varchar(10)', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('email_templates')
        .addColumn('name', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('subject', 'varchar(500)', text)
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('licences')
        .addColumn('tenant_id', 'varchar(255)', (c) => c.primaryKey())
        .addColumn('vcx_desktop', 'integer', zero)
        .addColumn('vcx_mobile', 'integer', zero)
        .addColumn('call_monitor', 'integer', zero)
        .addColumn('call_recording', 'integer', zero)
        .addColumn('analytics', 'integer', zero)
        .addColumn('last_updated_by', 'varchar(254)', text)
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('call_records')
        .addColumn('tenant_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('extension', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', text)
        .addColumn('destination', 'varchar(100)', text)
        .addColumn('direction', 'varchar(20)', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('talk_seconds', 'integer', zero)
        .addColumn('recording_url', 'varchar(500)')
        .addColumn('call_flow', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('call_records_ext')
        .on('call_records')
        .columns(['tenant_id', 'extension', 'started_at'])
        .execute();
    },
  };
}
