import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  type TransactionSettings,
} from 'kysely';

/**
 * better-sqlite3 is synchronous: while SQLite waits for a lock (busy_timeout) the whole event loop waits with it,
 * so every request stalls, even those that never touch the database. This driver keeps SQLite's own wait short
 * (BUSY_TIMEOUT_MS, set by openDatabase) and waits for a lock *asynchronously* instead: a statement that meets
 * SQLITE_BUSY / SQLITE_LOCKED outside a transaction is tried again after a timer (growing pauses, up to a bounded
 * total), and the one connection is handed to other requests in between. Write transactions start with
 * BEGIN IMMEDIATE, so the lock is taken (and its BUSY met) at BEGIN, where trying again is safe; a BUSY in the
 * middle of a transaction is never retried (the transaction is rolled back and the error reaches the caller).
 * When the lock stays taken the error is passed on, and the error handler answers 503 with Retry-After.
 */

/** SQLite's own (synchronous) wait for a lock on each attempt: short, so the event loop never waits long. */
export const BUSY_TIMEOUT_MS = 20;
/** How long a statement waits in all for a lock, asynchronously, before its error is passed on. */
export const DEFAULT_BUSY_WAIT_MS = 3000;
/** How long the health probe waits for the write lock. */
const PROBE_WAIT_MS = 300;

const FIRST_PAUSE_MS = 10;
const MAX_PAUSE_MS = 250;

export function isSqliteBusy(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

export interface PatientSqliteOptions {
  database: SQLite.Database;
  /** Total asynchronous wait for a lock per statement (default DEFAULT_BUSY_WAIT_MS). */
  busyWaitMs?: number;
  /** Reports what the driver recovered from (a rollback that failed after an error); stderr when not given. */
  warn?: (err: unknown, msg: string) => void;
}

export function warnOnStderr(err: unknown, msg: string): void {
  process.stderr.write(
    `${JSON.stringify({ level: 'warn', msg, err: err instanceof Error ? err.message : String(err) })}\n`,
  );
}

/** Kysely's SqliteDialect with the driver below. */
export class PatientSqliteDialect extends SqliteDialect {
  readonly driver: PatientSqliteDriver;
  constructor(opts: PatientSqliteOptions) {
    super({ database: opts.database });
    this.driver = new PatientSqliteDriver(opts);
  }
  override createDriver(): Driver {
    return this.driver;
  }
}

/** One connection (as Kysely's SqliteDriver), handed out in turn; lock waits happen off the event loop. */
export class PatientSqliteDriver implements Driver {
  readonly #db: SQLite.Database;
  readonly #busyWaitMs: number;
  readonly #warn: (err: unknown, msg: string) => void;
  readonly #mutex = new Mutex();
  readonly #connection: PatientSqliteConnection;

  constructor(opts: PatientSqliteOptions) {
    this.#db = opts.database;
    this.#busyWaitMs = opts.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS;
    this.#warn = opts.warn ?? warnOnStderr;
    this.#connection = new PatientSqliteConnection(this.#db, (work) => this.patiently(work, this.#busyWaitMs));
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // IMMEDIATE takes the write lock now: a BUSY comes here, before anything was read or written, and is retried.
    const begin = settings.accessMode === 'read only' ? 'begin' : 'begin immediate';
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  /**
   * In rollback-journal mode (a file another program owns, e.g. Kamailio's) COMMIT waits for readers and can answer
   * SQLITE_BUSY; the transaction then stays open and SQLite allows COMMIT to be tried again. It is tried again after
   * a timer, the connection kept (the transaction is this caller's). In WAL mode a COMMIT does not meet a lock.
   */
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = Date.now() + this.#busyWaitMs;
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
      try {
        await connection.executeQuery(CompiledQuery.raw('commit'));
        return;
      } catch (err) {
        const left = deadline - Date.now();
        if (!isSqliteBusy(err) || !this.#db.inTransaction || left <= 0) throw err;
        await new Promise((r) => setTimeout(r, Math.min(left, pause)));
      }
    }
  }

  /**
   * Runs after an error. When SQLite already ended the transaction itself (it does after some I/O and disk-full
   * errors), ROLLBACK fails with "no transaction is active": that failure is only logged, so Kysely rethrows the
   * error that caused the rollback. A transaction still open after a failed ROLLBACK is never hidden.
   */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } catch (err) {
      if (this.#db.inTransaction) throw err;
      this.#warn(err, 'rollback failed after an error; the transaction had already ended, the first error is kept');
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async destroy(): Promise<void> {
    this.#db.close();
  }

  /**
   * Runs `work` (the caller holds the connection). When it meets a lock and no transaction was open before it
   * (so it changed nothing), the connection is released, a timer runs (other requests go on meanwhile), the
   * connection is taken back and `work` runs again, until `waitMs` have passed.
   */
  async patiently<T>(work: () => T, waitMs: number): Promise<T> {
    const deadline = Date.now() + waitMs;
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
      const inTransaction = this.#db.inTransaction;
      try {
        return work();
      } catch (err) {
        const left = deadline - Date.now();
        if (inTransaction || this.#db.inTransaction || !isSqliteBusy(err) || left <= 0) throw err;
        this.#mutex.unlock();
        try {
          await new Promise((r) => setTimeout(r, Math.min(left, pause * (0.5 + Math.random() / 2))));
        } finally {
          await this.#mutex.lock();
        }
      }
    }
  }

  /**
   * Throws when a write would not go through now: takes the write lock (waiting a little, asynchronously), writes
   * the header's user_version with its own value, and rolls back. Nothing is changed; SQLITE_BUSY means another
   * connection holds the lock, SQLITE_READONLY that the file cannot be written.
   */
  async probeWrite(): Promise<void> {
    await this.run(() => {
      this.#db.exec('begin immediate');
      try {
        const version = Number(this.#db.pragma('user_version', { simple: true }));
        this.#db.pragma(`user_version = ${version}`);
      } finally {
        if (this.#db.inTransaction) this.#db.exec('rollback');
      }
    }, PROBE_WAIT_MS);
  }

  /**
   * Runs `work` on the raw better-sqlite3 handle, holding the connection, waiting for locks as statements do; for
   * prepared statements and better-sqlite3 transaction functions that bypass Kysely.
   */
  async run<T>(work: () => T, waitMs = this.#busyWaitMs): Promise<T> {
    await this.#mutex.lock();
    try {
      return await this.patiently(work, waitMs);
    } finally {
      this.#mutex.unlock();
    }
  }
}

/** Prepared statements kept per SQL text; preparing one costs more than running a simple query (issue #14). */
const STATEMENT_CACHE_SIZE = 500;

class PatientSqliteConnection implements DatabaseConnection {
  readonly #statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly db: SQLite.Database,
    private readonly patiently: <T>(work: () => T) => Promise<T>,
  ) {}

  /** The statement of this SQL, prepared once; the oldest goes when the cache is full. */
  #prepare(sql: string): SQLite.Statement {
    let stmt = this.#statements.get(sql);
    if (stmt) return stmt;
    stmt = this.db.prepare(sql);
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!);
    this.#statements.set(sql, stmt);
    return stmt;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    return this.patiently(() => {
      const stmt = this.#prepare(sql);
      if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
      const { changes, lastInsertRowid } = stmt.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery;
    if (!SelectQueryNode.is(query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const stmt = this.db.prepare(sql);
    for (const row of stmt.iterate(parameters)) yield { rows: [row as R] };
  }
}

/** Savepoint names come from Kysely's callers; quoted as identifiers. */
function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** First come, first served; the lock passes straight to the next waiter. */
class Mutex {
  #locked = false;
  readonly #waiters: (() => void)[] = [];

  async lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}
