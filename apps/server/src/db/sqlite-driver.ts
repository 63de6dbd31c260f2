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
import { Mutex, StatementCache, readerStatement, turnIfLong } from './sqlite-statements';

/**
 * better-sqlite3 is synchronous: while SQLite waits for a lock (busy_timeout) the whole event loop waits with it,
 * so every request stalls, even those that never touch the database. This driver keeps SQLite's own wait short
 * (BUSY_TIMEOUT_MS, set by openDatabase) and waits for a lock *asynchronously* instead: a statement that meets
 * SQLITE_BUSY / SQLITE_LOCKED outside a transaction is tried again after a timer (growing pauses, up to a bounded
 * total), and the one connection is handed to other requests in between. Write transactions start with
 * BEGIN IMMEDIATE, so the lock is taken (and its BUSY met) at BEGIN, where trying again is safe; a BUSY in the
 * middle of a transaction is never retried (the transaction is rolled back and the error reaches the caller).
 * When the lock stays taken the error is passed on, and the error handler answers 503 with Retry-After.
 *
 * With a `reader` (a second, read-only connection to the same file in WAL mode), a read outside a transaction runs
 * there and never waits for the writer: WAL readers see what was committed when their statement starts, so a read
 * after a committed write sees it, and a running transaction's writes stay unseen until it commits. Writes and
 * transactions (their reads too, which must see their own writes) keep the one writer, taken in turn as before.
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
  /** A read-only connection to the same file in WAL mode, for reads outside a transaction (none: all on `database`). */
  reader?: SQLite.Database;
  /** Prepared statements kept per connection (default STATEMENT_CACHE_SIZE; 0 keeps none). */
  statementCacheSize?: number;
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

/**
 * The writer, handed out in turn (one caller at a time, as Kysely's SqliteDriver), and the optional reader, used
 * at once by any caller; lock waits happen off the event loop.
 */
export class PatientSqliteDriver implements Driver {
  readonly #db: SQLite.Database;
  readonly #reader: SQLite.Database | undefined;
  readonly #busyWaitMs: number;
  readonly #warn: (err: unknown, msg: string) => void;
  readonly #mutex = new Mutex();
  readonly #statements: StatementCache<SQLite.Statement>;
  readonly #readerStatements: StatementCache<SQLite.Statement | null | undefined> | undefined;

  constructor(opts: PatientSqliteOptions) {
    this.#db = opts.database;
    this.#reader = opts.reader;
    this.#busyWaitMs = opts.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS;
    this.#warn = opts.warn ?? warnOnStderr;
    this.#statements = new StatementCache((sql) => this.#db.prepare(sql), opts.statementCacheSize);
    const reader = opts.reader;
    if (reader) {
      this.#readerStatements = new StatementCache((sql) => readerStatement(reader, sql), opts.statementCacheSize);
    }
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = new PatientSqliteConnection(this);
    // Without a reader every statement needs the writer: taken now, for the whole lease, as before.
    if (!this.#reader) await connection.takeWriter();
    return connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PatientSqliteConnection).release();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // The transaction (its reads too) stays on the writer until the connection is released after COMMIT/ROLLBACK.
    await (connection as PatientSqliteConnection).takeWriter();
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
    this.#reader?.close();
    this.#db.close();
  }

  /** The write lock between callers (held by a PatientSqliteConnection that has taken the writer). */
  get mutex(): Mutex {
    return this.#mutex;
  }

  /** Runs a statement on the writer (the caller holds it). */
  onWriter<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    return this.patiently(() => {
      const stmt = this.#statements.get(sql);
      if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
      const { changes, lastInsertRowid } = stmt.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    }, this.#busyWaitMs);
  }

  /** Runs a read on the reader; undefined when there is no reader or the statement must run on the writer. */
  onReader<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> | undefined {
    const stmt = this.#readerStatements?.get(sql);
    if (!stmt) return undefined;
    return this.patiently(() => ({ rows: stmt.all(parameters) as R[] }), this.#busyWaitMs, false);
  }

  /**
   * A read's rows as arrays (better-sqlite3's raw mode), for hot reads that build their own rows (db/raw-rows.ts):
   * on the reader when there is one, else on the writer, taken in turn as any statement.
   */
  async rawRows(sql: string, parameters: readonly unknown[]): Promise<unknown[][]> {
    // Raw mode is the statement's own switch: set and cleared within this synchronous call, so the cached
    // statement, which Kysely's callers of the same text share, answers objects to them.
    const all = (stmt: SQLite.Statement): unknown[][] => {
      stmt.raw(true);
      try {
        return stmt.all(parameters) as unknown[][];
      } finally {
        stmt.raw(false);
      }
    };
    const onReader = this.#readerStatements?.get(sql);
    if (onReader) return this.patiently(() => all(onReader), this.#busyWaitMs, false);
    await this.#mutex.lock();
    try {
      const turn = turnIfLong();
      if (turn) await turn;
      return await this.patiently(() => all(this.#statements.get(sql)), this.#busyWaitMs);
    } finally {
      this.#mutex.unlock();
    }
  }

  /** Streams a SELECT's rows from the writer (the caller holds it; the statement is busy until the end). */
  *streamOnWriter<R>(sql: string, parameters: readonly unknown[]): IterableIterator<R> {
    yield* this.#db.prepare(sql).iterate(parameters) as IterableIterator<R>;
  }

  /**
   * Runs `work` (on the writer: the caller holds it). When it meets a lock and no transaction was open before it
   * (so it changed nothing), the writer is released, a timer runs (other requests go on meanwhile), the writer is
   * taken back and `work` runs again, until `waitMs` have passed. On the reader (never in a transaction; WAL
   * readers meet a lock only while a checkpoint or recovery holds the file) only the timer runs.
   */
  async patiently<T>(work: () => T, waitMs: number, onWriter = true): Promise<T> {
    const deadline = Date.now() + waitMs;
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
      const inTransaction = onWriter && this.#db.inTransaction;
      try {
        return work();
      } catch (err) {
        const left = deadline - Date.now();
        if (inTransaction || (onWriter && this.#db.inTransaction) || !isSqliteBusy(err) || left <= 0) throw err;
        if (onWriter) this.#mutex.unlock();
        try {
          await new Promise((r) => setTimeout(r, Math.min(left, pause * (0.5 + Math.random() / 2))));
        } finally {
          if (onWriter) await this.#mutex.lock();
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

/**
 * One caller's lease (Kysely acquires one per query, transaction or `connection()`): a read outside a transaction
 * goes to the reader when there is one; anything else takes the writer, kept until the lease is released, so a
 * transaction, or statements run on one `connection()` after a write, see their own writes.
 */
class PatientSqliteConnection implements DatabaseConnection {
  #holdsWriter = false;

  constructor(private readonly driver: PatientSqliteDriver) {}

  async takeWriter(): Promise<void> {
    if (this.#holdsWriter) return;
    await this.driver.mutex.lock();
    this.#holdsWriter = true;
  }

  release(): void {
    if (!this.#holdsWriter) return;
    this.#holdsWriter = false;
    this.driver.mutex.unlock();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    if (!this.#holdsWriter) {
      const read = this.driver.onReader<R>(sql, parameters);
      if (read) return read;
      await this.takeWriter();
    }
    // Only the writer's work gives way: a request's reads (short) run at once, between a job's statements.
    const turn = turnIfLong();
    if (turn) await turn;
    return this.driver.onWriter<R>(sql, parameters);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery;
    if (!SelectQueryNode.is(query)) throw new Error('Sqlite driver only supports streaming of select queries');
    await this.takeWriter();
    for (const row of this.driver.streamOnWriter<R>(sql, parameters)) yield { rows: [row] };
  }
}

/** Savepoint names come from Kysely's callers; quoted as identifiers. */
function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
