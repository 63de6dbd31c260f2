import { type CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { unlessUnavailable } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { Caller } from '../../lib/caller';

const TOUCH_EVERY_MS = 60_000;

export interface Principal {
  type: 'user' | 'reseller_user';
  id: number;
}

/** What makes a session a view session (issue #18 "view as"): the administrator's own session and the reason. */
export interface ViewOf {
  viewerSessionId: number;
  reason: string;
}

export async function createSession(db: Db, p: Principal, meta: { ip: string; userAgent: string }): Promise<string> {
  return (await insertSession(db.kysely, p, meta)).token;
}

/** A view session, in the caller's transaction: its token and id (the audit trail names the view by it). */
export const createViewSession = (
  trx: Kysely<Database>,
  p: Principal,
  meta: { ip: string; userAgent: string },
  view: ViewOf,
) => insertSession(trx, p, meta, view);

async function insertSession(
  kysely: Kysely<Database>,
  p: Principal,
  meta: { ip: string; userAgent: string },
  view?: ViewOf,
): Promise<{ token: string; id: number }> {
  const { token, hash } = newToken();
  const now = Date.now();
  const row = await kysely
    .insertInto('sessions')
    .values({
      token_hash: hash,
      principal_type: p.type,
      principal_id: p.id,
      ip: meta.ip.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 255),
      created_at: now,
      last_used_at: now,
      ...(view ? { viewer_session_id: view.viewerSessionId, view_reason: view.reason } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

export interface SessionLimits {
  /** SESSION_IDLE_HOURS: unused this long, a session ends. */
  idleMs: number;
  /** SESSION_MAX_HOURS: this long after sign-in a session ends, however busy, so a stolen token does not live on. */
  maxMs: number;
  /** VIEW_AS_IDLE_MINUTES and VIEW_AS_MAX_MINUTES: the shorter life of a view session. */
  view: { idleMs: number; maxMs: number };
}

export const sessionLimits = (c: {
  SESSION_IDLE_HOURS: number;
  SESSION_MAX_HOURS: number;
  VIEW_AS_IDLE_MINUTES?: number;
  VIEW_AS_MAX_MINUTES?: number;
}): SessionLimits => ({
  idleMs: c.SESSION_IDLE_HOURS * 3_600_000,
  maxMs: c.SESSION_MAX_HOURS * 3_600_000,
  view: { idleMs: (c.VIEW_AS_IDLE_MINUTES ?? 30) * 60_000, maxMs: (c.VIEW_AS_MAX_MINUTES ?? 120) * 60_000 },
});

/** Whether a session is past its idle time or its absolute lifetime. */
export const sessionExpired = (
  s: { created_at: number; last_used_at: number },
  limits: { idleMs: number; maxMs: number },
  now: number,
) => Number(s.last_used_at) < now - limits.idleMs || Number(s.created_at) < now - limits.maxMs;

/**
 * The session, and the account behind it, of a token: ONE read by the unique token_hash index, compiled once per
 * database (building and compiling the query cost more than running it). The account's columns come through LEFT
 * JOINs on the principal, so a deleted account reads as nulls.
 */
const sessionQueries = new WeakMap<Db['kysely'], CompiledQuery<SessionRow>>();
function sessionQuery(db: Db): CompiledQuery<SessionRow> {
  let q = sessionQueries.get(db.kysely);
  if (q) return q;
  q = db.kysely
    .selectFrom('sessions as s')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 's.principal_id').on('s.principal_type', '=', sql.lit('user')))
    .leftJoin('reseller_users as r', (j) =>
      j.onRef('r.id', '=', 's.principal_id').on('s.principal_type', '=', sql.lit('reseller_user')),
    )
    .select([
      's.id',
      's.principal_type',
      's.created_at',
      's.last_used_at',
      's.viewer_session_id',
      's.view_reason',
      'u.id as user_id',
      'u.user_type',
      'u.active',
      'u.name as user_name',
      'u.username',
      'u.email as user_email',
      'u.picture_url as user_picture_url',
      'u.company',
      'r.id as reseller_user_id',
      'r.name as reseller_user_name',
      'r.email as reseller_user_email',
      'r.picture_url as reseller_user_picture_url',
    ])
    .where('s.token_hash', '=', 'token')
    .where('s.revoked_at', 'is', null)
    .compile();
  if (q.parameters.length !== 1) throw new Error('the session query takes the token hash only');
  sessionQueries.set(db.kysely, q);
  return q;
}

interface SessionRow {
  id: number;
  principal_type: Principal['type'];
  created_at: number;
  last_used_at: number;
  viewer_session_id: number | null;
  view_reason: string | null;
  user_id: number | null;
  user_type: 'admin' | 'simple user' | null;
  active: number | null;
  user_name: string | null;
  username: string | null;
  user_email: string | null;
  user_picture_url: string | null;
  company: string | null;
  reseller_user_id: number | null;
  reseller_user_name: string | null;
  reseller_user_email: string | null;
  reseller_user_picture_url: string | null;
}

/** The caller a session row names, or null when its account is gone or inactive. */
function callerOfRow(s: SessionRow): Caller | null {
  if (s.principal_type === 'user') {
    if (s.user_id === null || s.user_type === null || Number(s.active) !== 1) return null;
    return {
      kind: 'user',
      id: s.user_id,
      role: s.user_type,
      name: s.user_name ?? '',
      username: s.username ?? '',
      email: s.user_email ?? '',
      pictureUrl: s.user_picture_url,
      company: s.user_type === 'simple user' ? (s.company ?? '') : '',
      sessionId: s.id,
    };
  }
  if (s.reseller_user_id === null) return null;
  return {
    kind: 'reseller_user',
    id: s.reseller_user_id,
    role: 'reseller user',
    name: s.reseller_user_name ?? '',
    username: s.reseller_user_email ?? '',
    email: s.reseller_user_email ?? '',
    pictureUrl: s.reseller_user_picture_url,
    company: '',
    sessionId: s.id,
  };
}

/** Sessions of this process whose last use is being written now: a burst of parallel calls writes it once. */
const touching = new Set<number>();

/**
 * Records a session's use at most once a minute (it feeds SESSION_IDLE_HOURS, which counts in hours). The WHERE
 * makes the write conditional, so parallel requests, on this instance or another, change the row once a minute.
 */
async function touch(db: Db, id: number, now: number): Promise<void> {
  if (touching.has(id)) return;
  touching.add(id);
  try {
    // Bookkeeping: a busy or read-only database must not turn a read into a 503.
    await unlessUnavailable(() =>
      db.kysely
        .updateTable('sessions')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where('last_used_at', '<', now - TOUCH_EVERY_MS)
        .execute(),
    );
  } finally {
    touching.delete(id);
  }
}

/**
 * The caller behind a token, or null when it is unknown, revoked, idle or started too long ago, or its account is
 * inactive or gone. Read from the database on every call (no cache), so a revoked session fails at once on every
 * instance; a call writes nothing unless the session's last use is more than a minute old.
 */
export async function resolveSession(db: Db, token: string, limits: SessionLimits): Promise<Caller | null> {
  const now = Date.now();
  const q = sessionQuery(db);
  const { rows } = await db.kysely.executeQuery<SessionRow>({ ...q, parameters: [hashToken(token)] });
  const session = rows[0];
  if (!session) return null;
  const viewing = session.viewer_session_id !== null;
  if (sessionExpired(session, viewing ? limits.view : limits, now)) return null;
  let caller = callerOfRow(session);
  // A view session lives only while its administrator's own session does, and never views an administrator.
  if (caller && viewing) caller = await asViewed(db, caller, session, limits, now);
  if (!caller) {
    await revokeSessionById(db, session.id);
    return null;
  }
  if (now - Number(session.last_used_at) > TOUCH_EVERY_MS) await touch(db, session.id, now);
  return caller;
}

/**
 * The caller of a view session with its viewer, or null when the administrator's session has ended (signed out,
 * expired, revoked) or its account is no longer an active administrator. The administrator's session counts as used.
 */
async function asViewed(
  db: Db,
  caller: Caller,
  session: SessionRow,
  limits: SessionLimits,
  now: number,
): Promise<Caller | null> {
  if (caller.role === 'admin' || session.viewer_session_id === null) return null;
  const admin = await db.kysely
    .selectFrom('sessions as v')
    .innerJoin('users as a', 'a.id', 'v.principal_id')
    .select(['v.id', 'v.created_at', 'v.last_used_at', 'a.id as admin_id', 'a.name', 'a.username'])
    .where('v.id', '=', session.viewer_session_id)
    .where('v.principal_type', '=', 'user')
    .where('v.revoked_at', 'is', null)
    .where('v.viewer_session_id', 'is', null)
    .where('a.user_type', '=', 'admin')
    .where('a.active', '=', 1)
    .executeTakeFirst();
  if (!admin || sessionExpired(admin, limits, now)) return null;
  if (now - Number(admin.last_used_at) > TOUCH_EVERY_MS) await touch(db, admin.id, now);
  return {
    ...caller,
    viewer: {
      id: admin.admin_id,
      name: admin.name,
      username: admin.username,
      reason: session.view_reason ?? '',
      sessionId: admin.id,
    },
  };
}

export async function revokeSessionById(db: Db, id: number): Promise<void> {
  await db.kysely.updateTable('sessions').set({ revoked_at: Date.now() }).where('id', '=', id).execute();
}

/** Ends every session of an account (password reset, deactivation, deletion). */
export async function revokeAllSessions(db: Db, p: Principal): Promise<void> {
  await db.kysely
    .updateTable('sessions')
    .set({ revoked_at: Date.now() })
    .where('principal_type', '=', p.type)
    .where('principal_id', '=', p.id)
    .where('revoked_at', 'is', null)
    .execute();
}
