import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { isMainThread } from 'node:worker_threads';
import { Kysely } from 'kysely';
import { BUSY_TIMEOUT_MS, PatientSqliteDialect } from '../../db/sqlite-driver';
import type { LogRecord } from './log-record';
import { LOG_COLUMNS, type LogDatabase, type LogStore } from './log-store';

// A time index bounds every query to its window; the text filter then scans only that window (see
// docs/benchmarks.md: a day of a 1,000,000-line month is about 33,000 rows).
const SCHEMA = `
CREATE TABLE IF NOT EXISTS logs (
  id INTEGER PRIMARY KEY,
  ts INTEGER NOT NULL,
  level TEXT NOT NULL,
  msg TEXT NOT NULL,
  job TEXT NOT NULL,
  host TEXT NOT NULL,
  filename TEXT NOT NULL,
  caller TEXT NOT NULL,
  function_name TEXT NOT NULL,
  error TEXT NOT NULL,
  stacktrace TEXT NOT NULL,
  req_id TEXT,
  job_id TEXT,
  line TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS logs_ts ON logs (ts);
CREATE INDEX IF NOT EXISTS logs_req_id ON logs (req_id) WHERE req_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS logs_job_id ON logs (job_id) WHERE job_id IS NOT NULL;
-- The dashboard's count of recent error lines (issue #17): only error and fatal lines enter it, so an info line's
-- insert does not pay for it; the query must name the same literal levels (recentErrorLines in log-store.ts).
CREATE INDEX IF NOT EXISTS logs_errors_ts ON logs (ts) WHERE level IN ('error', 'fatal');
`;

/** The embedded store when the portal runs on SQLite: `<DATA_DIR>/logs.sqlite`, apart from the portal's data. */
export function openSqliteLogStore(file: string): LogStore {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // Losing the last batch on a power cut is acceptable for logs; fsync on every batch is not.
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.exec(SCHEMA);
  // The log worker's thread may wait for a lock synchronously (it blocks only itself); the main thread (reads,
  // retention) waits only briefly on its event loop, and longer asynchronously (PatientSqliteDialect).
  if (isMainThread) sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const insertOne = sqlite.prepare(
    `INSERT INTO logs (${LOG_COLUMNS.join(', ')}) VALUES (${LOG_COLUMNS.map(() => '?').join(', ')})`,
  );
  const insertMany = sqlite.transaction((rows: LogRecord[]) => {
    for (const r of rows) {
      insertOne.run(
        r.ts,
        r.level,
        r.msg,
        r.job,
        r.host,
        r.filename,
        r.caller,
        r.function_name,
        r.error,
        r.stacktrace,
        r.req_id,
        r.job_id,
        r.line,
      );
    }
  });
  const dialect = new PatientSqliteDialect({ database: sqlite });
  const kysely = new Kysely<LogDatabase>({ dialect });
  return {
    kind: 'sqlite',
    kysely,
    insert: async (rows) => (isMainThread ? dialect.driver.run(() => insertMany(rows)) : insertMany(rows)),
    close: () => kysely.destroy(),
  };
}
