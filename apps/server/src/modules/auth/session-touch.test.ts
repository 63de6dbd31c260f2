import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';

/**
 * What a signed-in call costs the database (issue #17 item 4): one read, and a write of the session's last use at
 * most once a minute, however many calls run in parallel; revocation still holds at once.
 */
let t: TestApp;
const BURST = 40;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  // A trigger counts every row write of sessions.last_used_at, whoever makes it.
  await sql`create table touch_log (session_id integer not null)`.execute(t.db.kysely);
  if (t.db.dialect === 'sqlite') {
    await sql`create trigger count_touch after update of last_used_at on sessions
      begin insert into touch_log (session_id) values (new.id); end`.execute(t.db.kysely);
  } else {
    await sql`create function count_touch() returns trigger language plpgsql as $$
      begin insert into touch_log (session_id) values (new.id); return new; end $$`.execute(t.db.kysely);
    await sql`create trigger count_touch after update of last_used_at on sessions
      for each row execute function count_touch()`.execute(t.db.kysely);
  }
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.kysely.deleteFrom('touch_log' as never).execute();
});

const touches = async () =>
  Number((await sql<{ n: number }>`select count(*) as n from touch_log`.execute(t.db.kysely)).rows[0]?.n);

const sessionOf = async (token: string) => {
  const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { token } });
  expect(me.statusCode, me.body).toBe(200);
  return t.db.kysely.selectFrom('sessions').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
};

/** BURST signed-in reads at once, half of them a list call; every one must be answered 200. */
async function burst(token: string): Promise<void> {
  const replies = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      i % 2
        ? t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { token } })
        : t.call('getExtensions', { tenant_id: 'acme.example', limit: 50, offset: 0 }, { token }),
    ),
  );
  expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
}

describe('the last use of a session', () => {
  it('is not written by reads within a minute of the last write', async () => {
    const token = await t.login();
    const before = await sessionOf(token);
    await burst(token);
    expect(await touches()).toBe(0);
    const after = await t.db.kysely.selectFrom('sessions').selectAll().where('id', '=', before.id).executeTakeFirst();
    expect(Number(after?.last_used_at)).toBe(Number(before.last_used_at));
  });

  it('is written once by a burst of parallel reads once it is more than a minute old, then not again', async () => {
    const token = await t.login();
    const { id } = await sessionOf(token);
    const old = Date.now() - 61_000;
    await t.db.kysely.updateTable('sessions').set({ last_used_at: old }).where('id', '=', id).execute();
    await t.db.kysely.deleteFrom('touch_log' as never).execute();
    await burst(token);
    expect(await touches()).toBe(1);
    const row = await t.db.kysely.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.last_used_at)).toBeGreaterThan(old + 60_000);
    await burst(token);
    expect(await touches()).toBe(1);
  });

  it('keeps one write a minute when two bursts overlap (as from two instances)', async () => {
    const token = await t.login();
    const { id } = await sessionOf(token);
    await t.db.kysely
      .updateTable('sessions')
      .set({ last_used_at: Date.now() - 120_000 })
      .where('id', '=', id)
      .execute();
    await t.db.kysely.deleteFrom('touch_log' as never).execute();
    await Promise.all([burst(token), burst(token)]);
    expect(await touches()).toBe(1);
  });
});

describe('a session that ends', () => {
  it('fails at once after sign-out, even in the middle of a burst', async () => {
    const token = await t.login();
    await burst(token);
    const out = await t.call('logout', {}, { token });
    expect(out.statusCode).toBe(200);
    const next = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { token } });
    expect(next.statusCode).toBe(401);
    expect(next.json().error.code).toBe('not_signed_in');
  });

  it('fails at once when another instance revokes it or it passes its idle time in the database', async () => {
    const token = await t.login();
    const { id } = await sessionOf(token);
    // Another instance (the same database) revokes it: nothing in this process remembers the session.
    await t.db.kysely.updateTable('sessions').set({ revoked_at: Date.now() }).where('id', '=', id).execute();
    const revoked = await t.call('getExtensions', { tenant_id: 'acme.example', limit: 50 }, { token });
    expect(revoked.statusCode).toBe(401);

    const other = await t.login();
    const second = await sessionOf(other);
    const idleMs = t.deps.config.SESSION_IDLE_HOURS * 3_600_000;
    await t.db.kysely
      .updateTable('sessions')
      .set({ last_used_at: Date.now() - idleMs - 1000 })
      .where('id', '=', second.id)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { token: other } })).statusCode).toBe(401);
  });

  it('fails at once when its account is deactivated, and the session is revoked', async () => {
    const admin = await t.login();
    const created = await t.call(
      'createUpdateUser',
      {
        username: 'touch.user',
        name: 'Touch User',
        email: 'touch.user@example.com',
        password: 'Touch-pass-1',
        user_type: 'admin',
        active: true,
      },
      { token: admin },
    );
    expect(created.statusCode, created.body).toBe(200);
    const token = await t.login('touch.user', 'Touch-pass-1');
    const { id } = await sessionOf(token);
    await t.db.kysely.updateTable('users').set({ active: 0 }).where('username', '=', 'touch.user').execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { token } })).statusCode).toBe(401);
    const row = await t.db.kysely.selectFrom('sessions').select('revoked_at').where('id', '=', id).executeTakeFirst();
    expect(row?.revoked_at).not.toBeNull();
  });
});
