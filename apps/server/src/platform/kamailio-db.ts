import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { BUSY_TIMEOUT_MS, PatientSqliteDialect, warnOnStderr } from '../db/sqlite-driver';
import { AppError } from '../lib/errors';

/** Kamailio's own tables (5.x schema, as shipped in /usr/share/kamailio/{db_sqlite,postgres}): the columns we use. */
export interface KamailioSchema {
  subscriber: { id: Generated<number>; username: string; domain: string; password: string; ha1: string; ha1b: string };
  location: { id: Generated<number>; username: string; domain: string | null; contact: string; expires: string | number | Date; user_agent: string };
}

export interface KamailioDb {
  kysely: Kysely<KamailioSchema>;
  close(): Promise<void>;
}

/**
 * Kamailio's db_url forms: `postgres://…`, `sqlite:////abs/file.db` (four slashes: Kamailio drops the empty host and
 * one slash), `sqlite:///relative.db`; a bare path is taken as an SQLite file too.
 */
export function parseKamailioDbUrl(url: string): { kind: 'postgres'; url: string } | { kind: 'sqlite'; file: string } {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  const m = /^sqlite:\/\/\/(.+)$/.exec(url);
  return { kind: 'sqlite', file: m ? m[1]! : url };
}

export function openKamailioDb(url: string, opts: { pgSchema?: string } = {}): KamailioDb {
  const target = parseKamailioDbUrl(url);
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 4, ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}) });
    // A connection that breaks (Kamailio's database restarted) must not end the process with an unheard 'error'.
    pool.on('error', (err) => warnOnStderr(err, 'an idle Kamailio database connection failed'));
    pool.on('connect', (client) => client.on('error', (err) => warnOnStderr(err, 'a Kamailio database connection failed')));
    const kysely = new Kysely<KamailioSchema>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, close: () => kysely.destroy() };
  }
  // Kamailio writes the same file (location rows): wait for its locks, off the event loop (see PatientSqliteDialect),
  // and leave its journal mode alone.
  const sqlite = new SQLite(target.file, { fileMustExist: true });
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const kysely = new Kysely<KamailioSchema>({ dialect: new PatientSqliteDialect({ database: sqlite }) });
  return { kysely, close: () => kysely.destroy() };
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The digest hashes auth_db checks: ha1 = md5(user:realm:pw), ha1b = md5(user@domain:realm:pw). */
export function subscriberHashes(username: string, domain: string, realm: string, password: string): { ha1: string; ha1b: string } {
  return { ha1: md5(`${username}:${realm}:${password}`), ha1b: md5(`${username}@${domain}:${realm}:${password}`) };
}

/**
 * A location row's `expires`: db_sqlite stores a Julian day number (REAL), PostgreSQL a timestamp that pg reads as
 * local time (Kamailio writes local time), and text is read as local time too.
 */
export function kamailioTime(v: string | number | Date): Date {
  if (v instanceof Date) return v;
  const n = typeof v === 'number' ? v : /^\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
  if (!Number.isNaN(n)) return new Date((n - 2440587.5) * 86_400_000);
  return new Date(String(v).replace(' ', 'T'));
}

/** Runs a Kamailio database call; a failure (missing table, server down) becomes a 503 that keeps its cause. */
export async function onKamailio<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = new AppError('service_unavailable', 'platformUnavailable');
    e.cause = err;
    throw e;
  }
}
