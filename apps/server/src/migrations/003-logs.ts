import { sql, type Migration } from 'kysely';
import type { Dialect } from '../db/database';
import type { AnyDb } from './helpers';

/**
 * Issue #7: the log store's table when the portal runs on PostgreSQL. On SQLite the log store is a file of its
 * own (`<DATA_DIR>/logs.sqlite`, created by the store), so this migration does nothing there.
 */
export function logs003(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await db.schema
        .createTable('logs')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('level', 'varchar(10)', (c) => c.notNull())
        .addColumn('msg', 'text', (c) => c.notNull())
        .addColumn('job', 'varchar(100)', (c) => c.notNull())
        .addColumn('host', 'varchar(255)', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('caller', 'text', (c) => c.notNull())
        .addColumn('function_name', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('stacktrace', 'text', (c) => c.notNull())
        .addColumn('req_id', 'varchar(100)')
        .addColumn('job_id', 'varchar(100)')
        .addColumn('line', 'text', (c) => c.notNull())
        .execute();
      // Newest-first within a window: the text filter then scans only the window's rows.
      await db.schema.createIndex('logs_ts').on('logs').columns(['ts', 'id']).execute();
      await db.schema.createIndex('logs_level_ts').on('logs').columns(['level', 'ts']).execute();
      await db.schema
        .createIndex('logs_req_id')
        .on('logs')
        .column('req_id')
        .where(sql.ref('req_id'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('logs_job_id')
        .on('logs')
        .column('job_id')
        .where(sql.ref('job_id'), 'is not', null)
        .execute();
    },
  };
}
