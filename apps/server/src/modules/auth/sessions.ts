import type { Db } from '../../db/database';
import { unlessUnavailable } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { Caller } from '../../lib/caller';
import { findUser, readUser } from '../users/users.repository';

const TOUCH_EVERY_MS = 60_000;

export interface Principal {
  type: 'user' | 'reseller_user';
  id: number;
}

export async function createSession(db: Db, p: Principal, meta: { ip: string; userAgent: string }): Promise<string> {
  const { token, hash } = newToken();
  const now = Date.now();
  await db.kysely
    .insertInto('sessions')
    .values({
      token_hash: hash,
      principal_type: p.type,
      principal_id: p.id,
      ip: meta.ip.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 255),
      created_at: now,
      last_used_at: now,
    })
    .execute();
  return token;
}

export interface SessionLimits {
  /** SESSION_IDLE_HOURS: unused this long, a session ends. */
  idleMs: number;
  /** SESSION_MAX_HOURS: this long after sign-in a session ends, however busy, so a stolen token does not live on. */
  maxMs: number;
}

export const sessionLimits = (c: { SESSION_IDLE_HOURS: number; SESSION_MAX_HOURS: number }): SessionLimits => ({
  idleMs: c.SESSION_IDLE_HOURS * 3_600_000,
  maxMs: c.SESSION_MAX_HOURS * 3_600_000,
});

/** Whether a session is past its idle time or its absolute lifetime. */
export const sessionExpired = (s: { created_at: number; last_used_at: number }, limits: SessionLimits, now: number) =>
  Number(s.last_used_at) < now - limits.idleMs || Number(s.created_at) < now - limits.maxMs;

/** The caller behind a token, or null when it is unknown, revoked, idle or started too long ago, or its account is inactive. */
export async function resolveSession(db: Db, token: string, limits: SessionLimits): Promise<Caller | null> {
  const now = Date.now();
  const session = await db.kysely
    .selectFrom('sessions')
    .select(['id', 'principal_type', 'principal_id', 'created_at', 'last_used_at'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!session || sessionExpired(session, limits, now)) return null;
  const caller = await loadCaller(db, session.principal_type, session.principal_id, session.id);
  if (!caller) {
    await revokeSessionById(db, session.id);
    return null;
  }
  if (now - session.last_used_at > TOUCH_EVERY_MS) {
    // Bookkeeping: a busy or read-only database must not turn a read into a 503.
    await unlessUnavailable(() =>
      db.kysely.updateTable('sessions').set({ last_used_at: now }).where('id', '=', session.id).execute(),
    );
  }
  return caller;
}

async function loadCaller(db: Db, type: Principal['type'], id: number, sessionId: number): Promise<Caller | null> {
  if (type === 'user') {
    const u = await findUser(db.kysely, id);
    if (!u || !readUser(u).active) return null;
    return {
      kind: 'user',
      id: u.id,
      role: u.user_type,
      name: u.name,
      username: u.username,
      email: u.email,
      pictureUrl: u.picture_url,
      company: u.user_type === 'simple user' ? u.company : '',
      sessionId,
    };
  }
  const r = await db.kysely.selectFrom('reseller_users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return null;
  return {
    kind: 'reseller_user',
    id: r.id,
    role: 'reseller user',
    name: r.name,
    username: r.email,
    email: r.email,
    pictureUrl: r.picture_url,
    company: '',
    sessionId,
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
