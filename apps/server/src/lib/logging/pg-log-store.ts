import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { LogDatabase, LogStore } from './log-store';

/**
 * The embedded store when the portal runs on PostgreSQL: the `logs` table of migration 003, written through a
 * small pool of its own so log batches never wait behind (or hold up) the portal's queries.
 */
export function openPgLogStore(url: string, schema?: string): LogStore {
  const pool = new pg.Pool({
    connectionString: url,
    max: 2,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection dropped by the server must not crash the process; the next batch reconnects.
  pool.on('error', () => undefined);
  const kysely = new Kysely<LogDatabase>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    kysely,
    insert: async (rows) => {
      // 13 parameters a row; PostgreSQL allows 65,535 parameters in one statement.
      for (let i = 0; i < rows.length; i += 2000)
        await kysely
          .insertInto('logs')
          .values(rows.slice(i, i + 2000))
          .execute();
    },
    close: () => kysely.destroy(),
  };
}
