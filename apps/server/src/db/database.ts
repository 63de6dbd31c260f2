import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Driver,
  Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import { schemaIntrospector } from './pg-introspector';
import { pgRawRows, setRawRows } from './raw-rows';
import type { Database } from './schema';
import { BUSY_TIMEOUT_MS, PatientSqliteDialect, warnOnStderr } from './sqlite-driver';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * Why a write would not go through now (SQLite: another connection holds the write lock, the file is read-only;
   * PostgreSQL: read-only or in recovery, unreachable), or null when it would. One probe at a time, its answer kept
   * for HEALTH_PROBE_TTL_MS: /api/health is polled by load balancers.
   */
  writeProblem(): Promise<unknown>;
  /** Where the database layer reports what it recovered from (a failed rollback, a dropped connection). */
  warn: (err: unknown, msg: string) => void;
}

// COUNT(*) and BIGINT columns come back from pg as strings by default; every value we store fits a double.
pg.types.setTypeParser(20, (v) => Number(v));

export const HEALTH_PROBE_TTL_MS = 1000;
/** How long PostgreSQL may take to give a connection (a server that does not answer) before the call fails. */
const PG_CONNECT_TIMEOUT_MS = 10_000;

export interface DbOptions {
  databaseUrl?: string;
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests use one per file so they can run side by side). */
  pgSchema?: string;
  poolSize?: number;
  /** Open the database read-only (SQLite: the file; PostgreSQL: default_transaction_read_only), e.g. to inspect it. */
  readOnly?: boolean;
  /** SQLite: how long a statement waits in all, asynchronously, for another connection's lock (default 3 s). */
  busyWaitMs?: number;
  /** SQLite: prepared statements kept per connection (default 500; 0 keeps none, e.g. to measure what they save). */
  statementCacheSize?: number;
}

export function openDatabase(opts: DbOptions): Db {
  let warn = warnOnStderr;
  const report = (err: unknown, msg: string) => warn(err, msg);
  const db = opts.databaseUrl ? openPostgres(opts.databaseUrl, opts, report) : openSqlite(opts, report);
  const probe = cachedProbe(db.probeWrite, HEALTH_PROBE_TTL_MS);
  return {
    kysely: db.kysely,
    dialect: db.dialect,
    close: () => db.kysely.destroy(),
    writeProblem: probe,
    get warn() {
      return warn;
    },
    set warn(fn) {
      warn = fn;
    },
  };
}

interface Opened {
  kysely: Kysely<Database>;
  dialect: Dialect;
  probeWrite: () => Promise<void>;
}

function openSqlite(opts: DbOptions, warn: Db['warn']): Opened {
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:' && !opts.readOnly) fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file, opts.readOnly ? { readonly: true, fileMustExist: true } : {});
  let wal = false;
  if (!opts.readOnly) {
    wal = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
    sqlite.pragma('synchronous = NORMAL');
  }
  sqlite.pragma('foreign_keys = ON');
  // SQLite waits for a lock synchronously, on the event loop: only briefly; longer waits are the driver's, off it.
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Reads outside a transaction get their own read-only connection, so they never wait for a job's transaction on
  // the writer (issue #17). Only for a file in WAL mode: an in-memory database (tests, ':memory:') is private to
  // its connection, and a shared-cache one locks per table (a reader would meet the writer's locks, as today).
  const reader = wal && file !== ':memory:' && file !== '' ? new SQLite(file, { readonly: true }) : undefined;
  reader?.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const dialect = new PatientSqliteDialect({
    database: sqlite,
    reader,
    busyWaitMs: opts.busyWaitMs,
    statementCacheSize: opts.statementCacheSize,
    warn,
  });
  const kysely = new Kysely<Database>({ dialect });
  setRawRows(kysely as Kysely<never>, (text, parameters) => dialect.driver.rawRows(text, parameters));
  return {
    kysely,
    dialect: 'sqlite',
    probeWrite: () => dialect.driver.probeWrite(),
  };
}

function openPostgres(url: string, opts: DbOptions, warn: Db['warn']): Opened {
  const settings = [
    ...(opts.pgSchema ? [`-c search_path=${opts.pgSchema}`] : []),
    ...(opts.readOnly ? ['-c default_transaction_read_only=on'] : []),
  ];
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    ...(settings.length ? { options: settings.join(' ') } : {}),
  });
  // A connection that breaks (server restarted, connection terminated) emits 'error'; unheard, that would end the
  // process. The pool drops such a connection; the call that used it fails and answers 503.
  pool.on('error', (err) => warn(err, 'an idle database connection failed'));
  pool.on('connect', (client) => client.on('error', (err) => warn(err, 'a database connection failed')));
  const kysely = new Kysely<Database>({ dialect: new KeepFirstErrorPostgresDialect({ pool }, warn) });
  setRawRows(kysely as Kysely<never>, pgRawRows(pool));
  return {
    kysely,
    dialect: 'postgres',
    probeWrite: async () => {
      const { rows } = await sql<{ recovery: boolean; read_only: string }>`
        select pg_is_in_recovery() as recovery, current_setting('transaction_read_only') as read_only`.execute(kysely);
      const row = rows[0];
      if (!row || row.recovery || row.read_only === 'on') {
        throw Object.assign(new Error('the database accepts no writes (read-only or in recovery)'), { code: '25006' });
      }
    },
  };
}

/**
 * Kysely rethrows the error that made it roll back, unless the ROLLBACK itself fails: then the rollback's error
 * ("Connection terminated", "not queryable") would replace the cause. That failure is logged instead; a
 * connection that cannot roll back is a broken one, and the pool drops it when it is released.
 */
class KeepFirstErrorPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  readonly #warn: Db['warn'];
  constructor(config: PostgresDialectConfig, warn: Db['warn']) {
    super(config);
    this.#config = config;
    this.#warn = warn;
  }
  /** Introspection of this connection's schema only (pg-introspector.ts). */
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return schemaIntrospector(db, super.createIntrospector(db));
  }
  override createDriver(): Driver {
    const warn = this.#warn;
    return new (class extends PostgresDriver {
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        try {
          await super.rollbackTransaction(connection);
        } catch (err) {
          warn(err, 'rollback failed after an error; the first error is kept');
        }
      }
    })(this.#config);
  }
}

/** Runs `probe` at most once per `ttlMs` (callers meanwhile share its answer): the error it threw, or null. */
function cachedProbe(probe: () => Promise<void>, ttlMs: number): () => Promise<unknown> {
  let last: { at: number; answer: Promise<unknown> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ttlMs) {
      const at = now;
      last = {
        at,
        answer: probe().then(
          () => null,
          (err: unknown) => err,
        ),
      };
    }
    return last.answer;
  };
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
