import { type Generated, type Kysely, sql } from 'kysely';
import type { LogRecord } from './log-record';

export interface LogsTable extends LogRecord {
  id: Generated<number>;
}
export interface LogDatabase {
  logs: LogsTable;
}
export type StoredLog = LogRecord & { id: number };

/** What getlogs asks the store: a time window in epoch ms, newest first. */
export interface LogQuery {
  from: number;
  to: number;
  text: string;
  level: string;
  reqId?: string;
  jobId?: string;
  /** '4xx': only answered requests with a 4xx status (the line's `"res":{"statusCode":4..}`). */
  statusClass?: string;
  /** Only lines naming this tenant (`"tenant":"…"`). */
  tenant?: string;
  limit: number;
}

/** Where the server's own log lines are kept: a SQLite file of its own, or a table in the portal's PostgreSQL. */
export interface LogStore {
  readonly kind: 'sqlite' | 'postgres';
  readonly kysely: Kysely<LogDatabase>;
  insert(rows: LogRecord[]): Promise<void>;
  close(): Promise<void>;
}

export const LOG_COLUMNS = [
  'ts',
  'level',
  'msg',
  'job',
  'host',
  'filename',
  'caller',
  'function_name',
  'error',
  'stacktrace',
  'req_id',
  'job_id',
  'line',
] as const satisfies readonly (keyof LogRecord)[];

/**
 * Error and fatal lines since a time (the dashboard's figure). The levels are literals, not parameters, so SQLite
 * uses the partial index logs_errors_ts (a partial index serves only a query naming its own WHERE terms); PostgreSQL
 * uses logs_level_ts. Without it the count read every line of the last 24 hours (80 ms after a busy day, issue #17).
 */
export function recentErrorLines(kysely: Kysely<LogDatabase>, since: number) {
  return kysely
    .selectFrom('logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ts', '>=', since)
    .where(sql<boolean>`level in ('error', 'fatal')`);
}
