import { type Migration, sql } from 'kysely';
import type { Dialect } from '../db/database';
import type { AnyDb } from './helpers';

/**
 * Issue #17: on PostgreSQL the directory's deletion stamp (migration 012) was a row trigger, one upsert of the same
 * `directory_changes` row per deleted extension: about 200 µs each, some 2 s to empty a 10,000-extension tenant.
 * It becomes a statement trigger with a transition table: one upsert per tenant the statement touched, in tenant
 * order (as migration 013's counts). The move trigger (UPDATE OF tenant_id) stays a row trigger: PostgreSQL allows no
 * transition table on a trigger with a column list, and moves are rare. SQLite keeps its row triggers (no
 * statement triggers there; its upsert costs a few microseconds).
 */
export function directoryDeleteStatement015(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`CREATE FUNCTION directory_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO directory_changes (tenant_id, changed_at)
            SELECT t.tenant_id, (extract(epoch from clock_timestamp()) * 1000)::bigint
              FROM (SELECT DISTINCT tenant_id FROM deleted_rows) t
              ORDER BY t.tenant_id
            ON CONFLICT (tenant_id) DO UPDATE SET changed_at = EXCLUDED.changed_at;
          RETURN NULL;
        END $$`.execute(db);
      await sql`DROP TRIGGER extensions_directory_delete ON extensions`.execute(db);
      await sql`CREATE TRIGGER extensions_directory_delete AFTER DELETE ON extensions
        REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_deleted()`.execute(db);
    },
  };
}
