import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';

export interface ThrottleOptions {
  slowAfter: number;
  maxFailures: number;
  windowMs: number;
}

/** An address may fail more often than one username, since many people can share an address. */
const ADDRESS_FACTOR = 5;

function keys(username: string, ip: string) {
  return { user: `login:user:${username.toLowerCase()}`, ip: `login:ip:${ip}` };
}

async function failuresOf(db: Db, key: string, windowMs: number, now: number) {
  const row = await db.kysely.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || row.first_at < now - windowMs) return { failures: 0, resetAt: now };
  return { failures: row.failures, resetAt: row.first_at + windowMs };
}

/**
 * Checks a sign-in attempt before the password is looked at: refuses with 429 past the limit, and slows down
 * attempts after the first few failures. State lives in the database, so it holds across server instances.
 */
export async function checkLoginAllowed(db: Db, username: string, ip: string, o: ThrottleOptions): Promise<void> {
  const now = Date.now();
  const k = keys(username, ip);
  const [u, a] = await Promise.all([failuresOf(db, k.user, o.windowMs, now), failuresOf(db, k.ip, o.windowMs, now)]);
  const blocked = [u.failures >= o.maxFailures ? u : null, a.failures >= o.maxFailures * ADDRESS_FACTOR ? a : null].filter(
    (x) => x !== null,
  );
  if (blocked.length > 0) {
    const until = Math.max(...blocked.map((b) => b.resetAt));
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    throw new AppError('too_many_attempts', 'tooManyAttempts', { minutes: Math.ceil(seconds / 60) }, { 'retry-after': String(seconds) });
  }
  const over = u.failures - o.slowAfter + 1;
  if (over > 0) await new Promise((r) => setTimeout(r, Math.min(3000, 250 * over)));
}

export async function recordLoginFailure(db: Db, username: string, ip: string, windowMs: number): Promise<void> {
  const now = Date.now();
  for (const key of Object.values(keys(username, ip))) await bumpCounter(db, key, now, windowMs);
}

export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.kysely.deleteFrom('login_failures').where('key', '=', keys(username, '').user).execute();
}

/** A small counter for other abuse-prone calls (reset requests): true while under the limit. */
export async function takeRateSlot(db: Db, key: string, limit: number, windowMs: number): Promise<{ ok: boolean; minutes: number }> {
  const now = Date.now();
  const current = await failuresOf(db, key, windowMs, now);
  if (current.failures >= limit) return { ok: false, minutes: Math.max(1, Math.ceil((current.resetAt - now) / 60_000)) };
  await bumpCounter(db, key, now, windowMs);
  return { ok: true, minutes: 0 };
}

async function bumpCounter(db: Db, key: string, now: number, windowMs: number): Promise<void> {
  await db.kysely
    .insertInto('login_failures')
    .values({ key, failures: 1, first_at: now, last_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        // A count after the window has passed starts a new window.
        failures: eb.case().when('login_failures.first_at', '<', now - windowMs).then(1).else(eb('login_failures.failures', '+', 1)).end(),
        first_at: eb.case().when('login_failures.first_at', '<', now - windowMs).then(now).else(eb.ref('login_failures.first_at')).end(),
        last_at: now,
      })),
    )
    .execute();
}
