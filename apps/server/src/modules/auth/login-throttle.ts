import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';

/**
 * The sign-in throttle. Every check of a secret (portal sign-in, app sign-in and the calls that take an app
 * password, call-history PINs) first CLAIMS an attempt: one statement adds one to each counter and returns the new
 * count, so a burst of parallel guesses is counted before any of them is checked and at most the limit are ever
 * checked. A right secret gives its slot back; a wrong one keeps it. State lives in the database, so it holds
 * across server instances. docs/security.md describes the rules.
 */

/** Where a secret is checked. Each surface counts an address's and an account's attempts apart. */
export type Surface = 'admin' | 'app' | 'pin';

export interface ThrottleRules {
  /** Attempts per account in the window after which each further attempt is slowed down. */
  slowAfter: number;
  /** Attempts per account in the window; past it the account is refused (429) except from an address it signed in from. */
  maxFailures: number;
  windowMs: number;
  /** Attempts per account per day, from any address, past which it is refused for the day (short secrets: PINs). */
  dailyMax?: number;
}

/** An address may try more often than one account, since many people can share an address. */
const ADDRESS_FACTOR = 5;
const DAY_MS = 86_400_000;
/** How long an address an account signed in from stays its way out of a lockout. */
export const TRUSTED_ADDRESS_MS = 30 * DAY_MS;
const MAX_DELAY_MS = 3000;

export function throttleRules(config: Config, surface: Surface): ThrottleRules {
  return {
    slowAfter: config.LOGIN_SLOW_AFTER,
    maxFailures: config.LOGIN_MAX_FAILURES,
    windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
    ...(surface === 'pin' ? { dailyMax: config.PIN_MAX_FAILURES_PER_DAY } : {}),
  };
}

/** Account names are case-insensitive; long ones are hashed so every key fits the column. */
const accountPart = (account: string) => {
  const a = account.toLowerCase();
  return a.length <= 120 ? a : createHash('sha256').update(a).digest('hex');
};

function keysOf(surface: Surface, account: string, ip: string) {
  const name = accountPart(account);
  return {
    address: `${surface}:ip:${ip}`,
    account: `${surface}:acct:${name}`,
    /** The account's attempts from one address: the limit that still holds there once the account is locked. */
    fromAddress: `${surface}:acct:${name}@${ip}`,
    trust: `${surface}:trust:${name}@${ip}`,
    day: `${surface}:day:${name}`,
  };
}

interface Count {
  failures: number;
  first_at: number;
}

/** Adds one to a counter in one statement and returns the new count; a counter whose window has passed starts again. */
async function claim(db: Db, key: string, now: number, windowMs: number): Promise<Count> {
  return db.kysely
    .insertInto('login_failures')
    .values({ key, failures: 1, first_at: now, last_at: now, expires_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const passed = eb('login_failures.first_at', '<=', now - windowMs);
        return {
          failures: eb
            .case()
            .when(passed)
            .then(1)
            .else(eb('login_failures.failures', '+', 1))
            .end(),
          first_at: eb.case().when(passed).then(now).else(eb.ref('login_failures.first_at')).end(),
          expires_at: eb
            .case()
            .when(passed)
            .then(now + windowMs)
            .else(eb.ref('login_failures.expires_at'))
            .end(),
          last_at: now,
        };
      }),
    )
    .returning(['failures', 'first_at'])
    .executeTakeFirstOrThrow();
}

/** Gives one claimed slot back (the attempt did not fail). */
async function release(db: Db, key: string): Promise<void> {
  await db.kysely
    .updateTable('login_failures')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

function tooMany(until: number, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return new AppError(
    'too_many_attempts',
    'tooManyAttempts',
    { minutes: Math.ceil(seconds / 60) },
    { 'retry-after': String(seconds) },
  );
}

export interface Attempt {
  /** The secret was right: the account's failures are forgiven, the address gets its slot back and is remembered. */
  succeeded(): Promise<void>;
}

/**
 * Claims one attempt at an account's secret from an address, before the secret is looked at. Refuses with 429
 * (and Retry-After) when the address or the account is past its limit, and slows the attempt down after the
 * account's first few failures. A wrong secret needs no further call: its slot stays taken.
 *
 * An account's attempts are also counted per address. A locked account still lets in an address it signed in from
 * in the last 30 days, up to that address's own limit, so a guesser elsewhere cannot lock its owner out;
 * `dailyMax` holds whatever the address.
 */
export async function claimAttempt(
  db: Db,
  surface: Surface,
  account: string,
  ip: string,
  rules: ThrottleRules,
): Promise<Attempt> {
  const now = Date.now();
  const k = keysOf(surface, account, ip);
  const address = await claim(db, k.address, now, rules.windowMs);
  if (address.failures > rules.maxFailures * ADDRESS_FACTOR) throw tooMany(address.first_at + rules.windowMs, now);

  const fromAddress = await claim(db, k.fromAddress, now, rules.windowMs);
  if (fromAddress.failures > rules.maxFailures) throw tooMany(fromAddress.first_at + rules.windowMs, now);
  const acct = await claim(db, k.account, now, rules.windowMs);
  const locked = acct.failures > rules.maxFailures;
  if (locked && !(await isTrusted(db, k.trust, now))) throw tooMany(acct.first_at + rules.windowMs, now);

  const daily = rules.dailyMax !== undefined;
  if (daily) {
    const day = await claim(db, k.day, now, DAY_MS);
    if (day.failures > rules.dailyMax!) throw tooMany(day.first_at + DAY_MS, now);
  }

  const over = (locked ? fromAddress.failures : acct.failures) - rules.slowAfter;
  if (over > 0) await new Promise((r) => setTimeout(r, Math.min(MAX_DELAY_MS, 250 * over)));

  return {
    async succeeded() {
      const at = Date.now();
      // An owner let in past a lockout does not lift it for the guesser.
      await db.kysely
        .deleteFrom('login_failures')
        .where('key', 'in', locked ? [k.fromAddress] : [k.fromAddress, k.account])
        .execute();
      await release(db, k.address);
      if (daily) await release(db, k.day);
      await db.kysely
        .insertInto('login_failures')
        .values({ key: k.trust, failures: 0, first_at: at, last_at: at, expires_at: at + TRUSTED_ADDRESS_MS })
        .onConflict((oc) => oc.column('key').doUpdateSet({ last_at: at, expires_at: at + TRUSTED_ADDRESS_MS }))
        .execute();
    },
  };
}

async function isTrusted(db: Db, key: string, now: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('login_failures')
    .select('key')
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets an account's failures (its owner proved control of the account's email by a reset link). */
export async function forgiveAccount(db: Db, surface: Surface, account: string): Promise<void> {
  const k = keysOf(surface, account, '');
  // The account's key and its per-address keys (`…@<ip>`: every key from `…@` up to, not including, `…A`).
  await db.kysely
    .deleteFrom('login_failures')
    .where((eb) =>
      eb.or([eb('key', '=', k.account), eb.and([eb('key', '>=', `${k.account}@`), eb('key', '<', `${k.account}A`)])]),
    )
    .execute();
}

/**
 * A counter for other abuse-prone calls (reset requests, mail): claims a slot atomically and answers whether it
 * was within the limit, so parallel requests cannot all pass. A refused request keeps its slot.
 */
export async function takeRateSlot(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
): Promise<{ ok: boolean; minutes: number }> {
  const now = Date.now();
  const c = await claim(db, key, now, windowMs);
  if (c.failures > limit) return { ok: false, minutes: Math.max(1, Math.ceil((c.first_at + windowMs - now) / 60_000)) };
  return { ok: true, minutes: 0 };
}

/** Gives back a slot taken with takeRateSlot (the work it guarded did not happen). */
export const releaseRateSlot = (db: Db, key: string) => release(db, key);
