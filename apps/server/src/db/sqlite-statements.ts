import type SQLite from 'better-sqlite3';

/**
 * Pieces of the SQLite driver (sqlite-driver.ts): the prepared-statement cache, which statements may run on the
 * read connection, the write lock between callers, and the turns it gives the event loop.
 */

/** Prepared statements kept per connection (preparing costs more than running a simple query: issues #14, #17). */
export const STATEMENT_CACHE_SIZE = 500;
/**
 * SQL text kept in all per connection. A prepared statement holds about 30 bytes per character of its SQL (a chunk
 * upsert of 500 rows: 27,000 characters, 780 KB), and the big ones are rarely the same twice (an import's last chunk
 * differs): so at most about 8 MB per connection, and one statement at most a quarter of it.
 */
const STATEMENT_CACHE_CHARS = 250_000;

/**
 * Prepared statements by SQL text, the least recently used dropped first. A statement stays valid across schema
 * changes (ALTER TABLE, a new index, a migration): SQLite prepares it again itself when the schema cookie changed,
 * and a statement whose table or column is gone fails as a fresh prepare would (sqlite-reads.test.ts).
 */
export class StatementCache<V> {
  readonly #entries = new Map<string, V>();
  #chars = 0;

  constructor(
    /** Prepares the value of a SQL text; undefined: use it once, do not keep it. */
    private readonly make: (sql: string) => V,
    private readonly size = STATEMENT_CACHE_SIZE,
  ) {}

  get(sql: string): V {
    const hit = this.#entries.get(sql);
    if (hit !== undefined) {
      // Map keeps insertion order: moved to the end, it is the most recently used.
      this.#entries.delete(sql);
      this.#entries.set(sql, hit);
      return hit;
    }
    const made = this.make(sql);
    if (made === undefined || this.size <= 0 || sql.length > STATEMENT_CACHE_CHARS / 4) return made;
    this.#entries.set(sql, made);
    this.#chars += sql.length;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.size && this.#chars <= STATEMENT_CACHE_CHARS) break;
      this.#entries.delete(oldest);
      this.#chars -= oldest.length;
    }
    return made;
  }

  get length(): number {
    return this.#entries.size;
  }
}

const READ_SQL = /^\s*(?:select|with)\b/i;
/** Functions and objects that answer per connection: last_insert_rowid() on the reader would not be the writer's. */
const CONNECTION_STATE = /\b(?:last_insert_rowid|changes|total_changes)\s*\(|\btemp\s*\./i;

/**
 * The read connection's statement for `sql`, or null when the statement must run on the writer: anything but a
 * SELECT / WITH ... SELECT, a statement SQLite says writes (WITH ... INSERT, RETURNING), one that returns no rows,
 * one about this connection's own state. undefined (not kept) when the reader cannot prepare it: the writer then
 * runs it and reports the error, if it is one.
 */
export function readerStatement(reader: SQLite.Database, sql: string): SQLite.Statement | null | undefined {
  if (!READ_SQL.test(sql) || CONNECTION_STATE.test(sql)) return null;
  let stmt: SQLite.Statement;
  try {
    stmt = reader.prepare(sql);
  } catch {
    return undefined;
  }
  return stmt.readonly && stmt.reader ? stmt : null;
}

/**
 * Work on the writer that keeps the event loop for more than this in one turn gives it a turn: better-sqlite3
 * answers synchronously, so a job's statements (a sync's upserts in its transaction) would otherwise run back to
 * back in promise callbacks, and no request, not even one the read connection could answer at once, would be read.
 * Reads on the reader never give way (a request's few reads then finish within the turn that received it).
 */
const SLICE_MS = 5;
// Kept at load: a test's fake timers must not stop the database.
const nextTurn = setImmediate;
const clock = performance.now.bind(performance);
let turnStarted: number | undefined;

/** A promise to await before the next statement when this turn has run long enough; undefined otherwise. */
export function turnIfLong(): Promise<void> | undefined {
  const now = clock();
  if (turnStarted === undefined) {
    turnStarted = now;
    nextTurn(() => (turnStarted = undefined));
    return undefined;
  }
  if (now - turnStarted < SLICE_MS) return undefined;
  return new Promise((resolve) => nextTurn(resolve));
}

/** First come, first served; the lock passes straight to the next waiter. */
export class Mutex {
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
