import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Mailer } from '../lib/mailer';
import { createResellerUser, createUser } from '../../test/harness';
import { createSession, revokeSessionById } from '../modules/auth/sessions';
import { hashToken } from '../lib/tokens';

/**
 * Tables a refused or malformed call may legitimately change, left out of the write mark (dbWriteMark):
 * - sessions, app_sessions: every request may touch last_used_at; the tests create sessions per call.
 * - login_failures: the sign-in throttle counts refused sign-ins (its purpose).
 * - audit_log: refusals are not audited today, but a refusal trail is a legitimate write.
 * - logs: the log store (PostgreSQL keeps it in the same schema) records every refused request.
 * - provisioning_log: the softphone provisioning endpoint records checked attempts and, once per account and address
 *   in each window, refusals that cost no password check (by design).
 * - api_key_usage: every call made with an API key counts in the key's rate window and records its last use.
 */
export const WRITE_MARK_EXCLUDED = [
  'sessions',
  'app_sessions',
  'login_failures',
  'audit_log',
  'logs',
  'provisioning_log',
  'api_key_usage',
] as const;

/** The table the write counter's triggers append to (test databases only). */
const WRITES_TABLE = '_test_writes';
const counted = new WeakSet<Db>();

/**
 * Puts a row trigger on every table but WRITE_MARK_EXCLUDED (after insert, update and delete) that appends a row to
 * WRITES_TABLE, in the same transaction: a write that is rolled back leaves no mark, one that commits always does,
 * even when it wrote the values already there. Appending (not bumping one counter row) takes no lock that parallel
 * transactions could wait on in turn (PostgreSQL).
 */
async function installWriteCounter(db: Db): Promise<void> {
  const tables = (await db.kysely.introspection.getTables())
    .map((t) => t.name)
    .filter((n) => n !== WRITES_TABLE && !(WRITE_MARK_EXCLUDED as readonly string[]).includes(n));
  if (db.dialect === 'postgres') {
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(WRITES_TABLE)} (id bigserial PRIMARY KEY, tbl text)`.execute(
      db.kysely,
    );
    await sql`CREATE OR REPLACE FUNCTION _test_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO _test_writes (tbl) VALUES (TG_TABLE_NAME); RETURN NULL; END $$`.execute(db.kysely);
    for (const name of tables)
      await sql`CREATE OR REPLACE TRIGGER ${sql.id(`_test_write_${name}`)} AFTER INSERT OR UPDATE OR DELETE
        ON ${sql.table(name)} FOR EACH ROW EXECUTE FUNCTION _test_write()`.execute(db.kysely);
    return;
  }
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(WRITES_TABLE)} (id INTEGER PRIMARY KEY, tbl TEXT)`.execute(
    db.kysely,
  );
  for (const name of tables)
    for (const op of ['INSERT', 'UPDATE', 'DELETE'])
      await sql`CREATE TRIGGER IF NOT EXISTS ${sql.id(`_test_write_${name}_${op.toLowerCase()}`)} AFTER ${sql.raw(op)}
        ON ${sql.table(name)} BEGIN INSERT INTO _test_writes (tbl) VALUES (${sql.lit(name)}); END`.execute(db.kysely);
}

/**
 * How many rows have been written (inserted, updated or deleted, and committed) in every table but
 * WRITE_MARK_EXCLUDED since the first call on this database: equal marks around a call mean it wrote nothing there.
 * (Earlier this hashed every row of those tables twice per call: about 70 ms each time on the demo data, a third of
 * the permission matrix's and the fuzz test's time. Counting writes is stricter: a write of the same values counts.)
 *
 * `mailer`: the app's outbox is sent first, so a background run marking an earlier call's mail sent cannot land
 * between the marks around the next call (seen once on PostgreSQL: a refused call "changed" mail_messages).
 */
export async function dbWriteMark(db: Db, mailer?: Pick<Mailer, 'flush'>): Promise<string> {
  await mailer?.flush();
  if (!counted.has(db)) {
    await installWriteCounter(db);
    counted.add(db);
  }
  const { n, last } = await db.kysely
    .selectFrom(WRITES_TABLE as never)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.max<number | string | null>('id' as never).as('last'),
    ])
    .executeTakeFirstOrThrow();
  return `${n}:${last ?? 0}`;
}

/** A failure message when anything was written since `before` (a mark of dbWriteMark), naming the tables; else null. */
export async function writtenSince(db: Db, before: string, what: string): Promise<string | null> {
  if ((await dbWriteMark(db)) === before) return null;
  return `${what} changed the database (${(await tablesWrittenSince(db, before)).join(', ')})`;
}

/** The tables written since a mark of dbWriteMark (for the message of a failed check). */
export async function tablesWrittenSince(db: Db, mark: string): Promise<string[]> {
  const last = Number(mark.split(':')[1]);
  const rows = await db.kysely
    .selectFrom(WRITES_TABLE as never)
    .select('tbl' as never)
    .distinct()
    .where('id' as never, '>', last as never)
    .execute();
  return rows.map((r) => String((r as { tbl: string }).tbl)).sort();
}

export type RoleName = 'anonymous' | 'expired' | 'revoked' | 'simple' | 'reseller' | 'admin';
export const ROLE_NAMES: RoleName[] = ['anonymous', 'expired', 'revoked', 'simple', 'reseller', 'admin'];

/** The tenant the non-admin callers may not see (supervised by 'Pioneer Voice'). */
export const VICTIM_TENANT = 'cobalt.example';

export interface Principals {
  admin: number;
  simple: number;
  reseller: number;
  /** 'Metro Unified', the reseller of the reseller user and of the reseller-scoped API key. */
  metro: number;
}

/**
 * The callers of the matrix: a simple user of bluebird.example, a reseller user of 'Metro Unified' (summit.example
 * only), the admin. None of them but the admin may see the victim tenant.
 */
export async function createPrincipals(db: Db): Promise<Principals> {
  const metro = await db.kysely
    .selectFrom('resellers')
    .select('id')
    .where('name', '=', 'Metro Unified')
    .executeTakeFirstOrThrow();
  const admin = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  return {
    admin: admin.id,
    simple: await createUser(db, { username: 'matrix-simple', password: 'simple-pass-1', company: 'bluebird.example' }),
    reseller: await createResellerUser(db, 'matrix-seller@example.test', 'seller-pass-1', [metro.id]),
    metro: metro.id,
  };
}

const meta = { ip: '127.0.0.1', userAgent: 'security-test' };

/**
 * A token for one call as this role (sessions are cheap rows, so every call gets its own: a logout or a password
 * change in one call cannot spoil the next). Null for anonymous.
 */
export async function tokenFor(db: Db, p: Principals, role: RoleName): Promise<string | null> {
  switch (role) {
    case 'anonymous':
      return null;
    case 'simple':
      return createSession(db, { type: 'user', id: p.simple }, meta);
    case 'reseller':
      return createSession(db, { type: 'reseller_user', id: p.reseller }, meta);
    case 'admin':
      return createSession(db, { type: 'user', id: p.admin }, meta);
    case 'expired': {
      // An admin session idle for longer than SESSION_IDLE_HOURS.
      const token = await createSession(db, { type: 'user', id: p.admin }, meta);
      await db.kysely
        .updateTable('sessions')
        .set({ last_used_at: 0 })
        .where('token_hash', '=', hashToken(token))
        .execute();
      return token;
    }
    case 'revoked': {
      const token = await createSession(db, { type: 'user', id: p.admin }, meta);
      const row = await db.kysely
        .selectFrom('sessions')
        .select('id')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      await revokeSessionById(db, row.id);
      return token;
    }
  }
}

/**
 * The API-key callers of the matrix (issue #18 item 2), each compared with the session of its scope:
 * key-admin (all tenants, read-write) with the admin, key-read-only (all tenants) with the admin on read calls,
 * key-reseller ('Metro Unified') with the reseller user, key-tenant (bluebird.example) with the simple user; and
 * keys that must be refused everywhere: expired, revoked, and one allowed only from 192.0.2.0/24.
 */
export type KeyCallerName =
  'key-admin' | 'key-read-only' | 'key-reseller' | 'key-tenant' | 'key-expired' | 'key-revoked' | 'key-address';
export const KEY_CALLERS: KeyCallerName[] = [
  'key-admin',
  'key-read-only',
  'key-reseller',
  'key-tenant',
  'key-expired',
  'key-revoked',
  'key-address',
];

/** A fresh key of this caller for one call (keys are cheap rows; each call has its own rate window). */
export async function apiKeyFor(db: Db, p: Principals, who: KeyCallerName): Promise<string> {
  const key = `pvk_${randomBytes(32).toString('base64url')}`;
  const now = Date.now();
  const scope =
    who === 'key-reseller'
      ? { scope: 'reseller' as const, reseller_id: p.metro, tenant_id: null }
      : who === 'key-tenant'
        ? { scope: 'tenant' as const, reseller_id: null, tenant_id: 'bluebird.example' }
        : { scope: 'all' as const, reseller_id: null, tenant_id: null };
  await db.kysely
    .insertInto('api_keys')
    .values({
      name: `matrix ${who}`,
      prefix: key.slice(0, 12),
      key_hash: hashToken(key),
      ...scope,
      read_only: who === 'key-read-only' ? 1 : 0,
      expires_at: who === 'key-expired' ? now - 1000 : null,
      allowed_ips: JSON.stringify(who === 'key-address' ? ['192.0.2.0/24'] : []),
      created_by_type: 'user',
      created_by_id: p.admin,
      created_by_name: 'admin',
      created_at: now,
      revoked_at: who === 'key-revoked' ? now : null,
    })
    .execute();
  return key;
}
