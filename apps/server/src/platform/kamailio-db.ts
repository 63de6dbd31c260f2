import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { BUSY_TIMEOUT_MS, PatientSqliteDialect, warnOnStderr } from '../db/sqlite-driver';
import { AppError } from '../lib/errors';

/** Kamailio's own tables (5.x schema, as shipped in /usr/share/kamailio/{db_sqlite,postgres}): the columns we use. */
export interface KamailioSchema {
  subscriber: { id: Generated<number>; username: string; domain: string; password: string; ha1: string; ha1b: string };
  location: {
    id: Generated<number>;
    username: string;
    domain: string | null;
    contact: string;
    expires: string | number | Date | null;
    user_agent: string;
  };
  /**
   * One row per call (acc cdr_enable, cdr_on_failed), with deploy/kamailio/provisio-extra.sql's extra columns:
   * dst_user = the number dialled, fwd_user = the user a forwarding rule sent the call to ('' if none), sip_code = the
   * final answer. start_time is the answer time of an answered call (cdr_start_on_confirmed); duration in seconds.
   */
  acc_cdrs: {
    id: Generated<number>;
    start_time: string | number | Date;
    end_time: string | number | Date;
    duration: number;
    callid: string;
    src_user: string;
    src_domain: string;
    dst_user: string;
    dst_domain: string;
    sip_code: string;
    fwd_user: string;
  };
  /** One row per unanswered branch (acc db_missed_flag); dst_ouser = the number dialled, dst_user = whose phone rang. */
  missed_calls: {
    id: Generated<number>;
    method: string;
    from_tag: string;
    to_tag: string;
    callid: string;
    sip_code: string;
    sip_reason: string;
    time: string | number | Date;
    src_user: string;
    src_domain: string;
    dst_ouser: string;
    dst_user: string;
    dst_domain: string;
  };
}

export interface KamailioDb {
  kysely: Kysely<KamailioSchema>;
  /** PostgreSQL keeps times as local-time timestamps, db_sqlite as Julian day numbers (see kamailioTime). */
  kind: 'postgres' | 'sqlite';
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
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 4,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    // A connection that breaks (Kamailio's database restarted) must not end the process with an unheard 'error'.
    pool.on('error', (err) => warnOnStderr(err, 'an idle Kamailio database connection failed'));
    pool.on('connect', (client) =>
      client.on('error', (err) => warnOnStderr(err, 'a Kamailio database connection failed')),
    );
    const kysely = new Kysely<KamailioSchema>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, kind: 'postgres', close: () => kysely.destroy() };
  }
  // Kamailio writes the same file (location rows): wait for its locks, off the event loop (see PatientSqliteDialect),
  // and leave its journal mode alone.
  const sqlite = new SQLite(target.file, { fileMustExist: true });
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const kysely = new Kysely<KamailioSchema>({ dialect: new PatientSqliteDialect({ database: sqlite }) });
  return { kysely, kind: 'sqlite', close: () => kysely.destroy() };
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The digest hashes auth_db checks: ha1 = md5(user:realm:pw), ha1b = md5(user@domain:realm:pw). */
export function subscriberHashes(
  username: string,
  domain: string,
  realm: string,
  password: string,
): { ha1: string; ha1b: string } {
  return { ha1: md5(`${username}:${realm}:${password}`), ha1b: md5(`${username}@${domain}:${realm}:${password}`) };
}

const JULIAN_EPOCH = 2440587.5;

/**
 * A Kamailio time column (location.expires, acc_cdrs.start_time…): db_sqlite stores a Julian day number (REAL),
 * PostgreSQL a timestamp that pg reads as local time (Kamailio writes local time), and text is read as local time too.
 * db_sqlite writes whole seconds as `(t - 0.5) / 86400 + 2440587.5` and reads them back as `86400 * (n - 2440587.5)
 * + 0.5` (src/modules/db_sqlite/dbase.c); so do we, rounded to the second.
 */
export function kamailioTime(v: string | number | Date): Date {
  if (v instanceof Date) return v;
  const n = typeof v === 'number' ? v : /^\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
  if (!Number.isNaN(n)) return new Date(Math.round(86_400 * (n - JULIAN_EPOCH) + 0.5) * 1000);
  return new Date(String(v).replace(' ', 'T'));
}

/**
 * A time as Kamailio's database holds it, for comparisons in SQL: a Julian day number on SQLite (as db_sqlite writes
 * it); on PostgreSQL the Date itself, which node-postgres sends as local time and PostgreSQL reads as a timestamp
 * without time zone (the offset dropped): the same local time Kamailio writes.
 */
export function kamailioTimeParam(kind: KamailioDb['kind'], d: Date): Date | number {
  return kind === 'sqlite' ? (d.getTime() / 1000 - 0.5) / 86_400 + JULIAN_EPOCH : d;
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
