import { type Migration, sql } from 'kysely';
import type { Dialect } from '../db/database';
import { type AnyDb, withId } from './helpers';

/**
 * Issue #14 (items 5 and 6).
 * - Company directory: `Last-Modified` is the newest `updated_at` of a tenant's extensions (index below: one index
 *   seek even at 100,000 extensions), or the last time one left the tenant. A deletion leaves no row to date it, so
 *   a trigger on either database stamps `directory_changes` when an extension is deleted or moved to another tenant.
 * - Linphone: one-time provisioning links. Only the SHA-256 of the token is kept; `used_at` is set by the single
 *   UPDATE … WHERE used_at IS NULL that hands the document out.
 */
export function directoryLinphone012(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createIndex('extensions_tenant_updated')
        .on('extensions')
        .columns(['tenant_id', 'updated_at'])
        .execute();
      await db.schema
        .createTable('directory_changes')
        .addColumn('tenant_id', 'varchar(255)', (c) => c.primaryKey())
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .execute();
      if (dialect === 'postgres') {
        await sql`CREATE FUNCTION directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO directory_changes (tenant_id, changed_at)
              VALUES (OLD.tenant_id, (extract(epoch from clock_timestamp()) * 1000)::bigint)
              ON CONFLICT (tenant_id) DO UPDATE SET changed_at = EXCLUDED.changed_at;
            RETURN NULL;
          END $$`.execute(db);
        await sql`CREATE TRIGGER extensions_directory_delete AFTER DELETE ON extensions FOR EACH ROW EXECUTE FUNCTION directory_changed()`.execute(
          db,
        );
        await sql`CREATE TRIGGER extensions_directory_move AFTER UPDATE OF tenant_id ON extensions FOR EACH ROW
          WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id) EXECUTE FUNCTION directory_changed()`.execute(db);
      } else {
        const stamp = sql.raw(`INSERT INTO directory_changes (tenant_id, changed_at)
              VALUES (OLD.tenant_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
              ON CONFLICT (tenant_id) DO UPDATE SET changed_at = excluded.changed_at;`);
        await sql`CREATE TRIGGER extensions_directory_delete AFTER DELETE ON extensions FOR EACH ROW BEGIN ${stamp} END`.execute(
          db,
        );
        await sql`CREATE TRIGGER extensions_directory_move AFTER UPDATE OF tenant_id ON extensions FOR EACH ROW
          WHEN OLD.tenant_id IS NOT NEW.tenant_id BEGIN ${stamp} END`.execute(db);
      }

      await withId(db.schema.createTable('linphone_links'), dialect)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('app_account_id', 'integer', (c) => c.notNull().references('app_accounts.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('linphone_links_expires').on('linphone_links').column('expires_at').execute();
    },
  };
}
