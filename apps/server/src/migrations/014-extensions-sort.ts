import { type Migration, sql } from 'kysely';
import type { Dialect } from '../db/database';
import type { AnyDb } from './helpers';

/**
 * Issue #17 item 4: the subscribers screen's default sort as an index. Extensions sort as numbers when they are
 * numbers: left-padded to 64 characters (extensions.repository.ts `byExtension`, with the pad as a literal). Without
 * an index every page read and sorted the whole tenant (1.7-2.7 ms a page at 1,200 extensions, growing with the
 * tenant); with it a page is an index walk of offset + limit entries, in both directions (asc and desc).
 * The expression must stay exactly the query's, or neither database uses the index
 * (extensions-sort-plan.test.ts checks the plans). On SQLite the rowid (= id) ends every index already, so it is the
 * tie-break without a column of its own; PostgreSQL needs id in the key.
 * The other sort keys (names, email, domain, flags) stay sorts of the whole tenant: each index would add its write
 * to every insert and update of an import or sync (and to the write-ahead log) for a sort the screen only offers.
 */
export const EXTENSION_SORT_EXPRESSION = `substr('${'0'.repeat(64)}' || extension, length(extension) + 1)`;

export function extensionsSort014(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      const key =
        dialect === 'postgres'
          ? `tenant_id, ${EXTENSION_SORT_EXPRESSION}, id`
          : `tenant_id, ${EXTENSION_SORT_EXPRESSION}`;
      await sql.raw(`CREATE INDEX extensions_tenant_sort ON extensions (${key})`).execute(db);
    },
  };
}
