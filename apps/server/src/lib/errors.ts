import { ERROR_STATUS, type ErrorCode, type MessageKey } from '@provisio/contract';

/**
 * The one error type of the server. `message` is a catalogue key; the error handler translates it into the
 * caller's language, so services never deal with languages.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(`${code}: ${messageKey}`);
    this.status = ERROR_STATUS[code];
  }
}

export const forbidden = () => new AppError('forbidden', 'forbidden');
export const notFound = () => new AppError('not_found', 'notFound');

/** True when a write failed on a unique index (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE): a lost race. */
export function isUniqueViolation(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Runs a write and turns a unique-index failure into the given conflict. */
export async function uniqueOr<T>(write: () => Promise<T>, conflict: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}

/** Seconds a client is asked to wait (Retry-After) when the database is busy or cannot be written. */
export const DATABASE_RETRY_AFTER_S = 2;

const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|READONLY|FULL|IOERR|CANTOPEN|PROTOCOL)/;
/**
 * PostgreSQL: read-only transaction or server (25006), shutting down or starting (57P01-57P03), out of disk,
 * memory or connections (53xxx), lost connection (08xxx), lock contention a retry solves (40001, 40P01, 55P03);
 * and the network errors of a server that is not there.
 */
const PG_UNAVAILABLE =
  /^(25006|57P0[123]|53\d\d\d|08...|40001|40P01|55P03|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|EAI_AGAIN)$/;
/** node-postgres's own errors have no code. */
const PG_CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** True when a database error means "busy or cannot write now, try again later" rather than a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || err instanceof AppError) return false;
  const code = 'code' in err ? String(err.code) : '';
  if (SQLITE_UNAVAILABLE.test(code) || PG_UNAVAILABLE.test(code)) return true;
  return !code && err instanceof Error && PG_CONNECTION_LOST.test(err.message);
}

/** The 503 (with Retry-After) for a database that is busy or cannot be written; keeps the database's error. */
export function databaseUnavailable(cause?: unknown): AppError {
  const e = new AppError('service_unavailable', 'databaseBusy', {}, { 'retry-after': String(DATABASE_RETRY_AFTER_S) });
  if (cause !== undefined) e.cause = cause;
  return e;
}

/**
 * Runs a write that may be skipped (bookkeeping such as a session's last use): a database that is busy or cannot be
 * written now does not fail the request that asked for it.
 */
export async function unlessUnavailable(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (err) {
    const unavailable = err instanceof AppError ? err.code === 'service_unavailable' : isDatabaseUnavailable(err);
    if (!unavailable) throw err;
  }
}
