import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { type Db, openDatabase } from './database';
import type { Database } from './schema';
import { StatementCache } from './sqlite-statements';

/**
 * Issue #17 item 5: reads never wait for a job's writes. A read outside a transaction answers while another
 * caller's transaction holds the writer (SQLite: on the read connection; PostgreSQL: on another pooled connection),
 * sees only what was committed, and sees a commit at once; during a sync through the builtin platform, calls over
 * real HTTP keep being answered while the sync's transaction is open.
 */

const isPg = process.env.TEST_DB === 'postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const total = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-total-count']);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  token = await t.login();
});
afterAll(() => t.close());

const newExtension = (extension: string) => ({
  tenant_id: 'acme.example',
  extension,
  domain: 'acme.example',
  site_name: 'Main',
  firstname: 'New',
  lastname: extension,
  admin: 0 as const,
  email: '',
  linked: 0 as const,
  mobile_app_allowed: 0 as const,
  desktop_app_allowed: 0 as const,
  mobile_phone: '',
  home_phone: '',
  sip_password: '',
  pin: '',
  created_at: Date.now(),
  updated_at: Date.now(),
});

/** Opens a transaction that inserts `extension` and stays open until `release()` (or 10 s). */
function holdTransaction(kysely: Kysely<Database>, extension: string) {
  let release!: () => void;
  let inserted!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const ready = new Promise<void>((r) => (inserted = r));
  const state = { open: true };
  const done = kysely
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('extensions').values(newExtension(extension)).execute();
      inserted();
      await Promise.race([released, sleep(10_000)]);
    })
    .finally(() => (state.open = false));
  return { ready, release, done, state };
}

describe('a read while a transaction holds the writer', () => {
  it('answers at once with what was committed, and sees the commit right after it', async () => {
    const page = { tenant_id: 'acme.example', limit: 50 };
    const before = total(await t.call('getExtensions', page, { token }));
    const held = holdTransaction(t.db.kysely, '7001');
    await held.ready;
    const started = performance.now();
    const read = await t.call('getExtensions', page, { token });
    const readMs = performance.now() - started;
    const openDuringRead = held.state.open;
    held.release();
    await held.done;
    expect(read.statusCode, read.body).toBe(200);
    expect(openDuringRead).toBe(true);
    expect(readMs).toBeLessThan(2000);
    // The transaction's insert was not committed yet: not seen.
    expect(total(read)).toBe(before);
    expect(read.json<{ extension: string }[]>().map((e) => e.extension)).not.toContain('7001');
    // Committed: the next read (the read connection on SQLite) sees it.
    expect(total(await t.call('getExtensions', page, { token }))).toBe(before + 1);
  });

  it('reads right after writes see them, every time', async () => {
    for (let i = 0; i < 50; i++) {
      await t.db.kysely
        .insertInto('extensions')
        .values(newExtension(String(7100 + i)))
        .execute();
      const row = await t.db.kysely
        .selectFrom('extensions')
        .select('extension')
        .where('tenant_id', '=', 'acme.example')
        .where('extension', '=', String(7100 + i))
        .executeTakeFirst();
      expect(row?.extension).toBe(String(7100 + i));
      await t.db.kysely
        .updateTable('extensions')
        .set({ firstname: `F${i}` })
        .where('extension', '=', '7100')
        .execute();
      const changed = await t.db.kysely
        .selectFrom('extensions')
        .select('firstname')
        .where('tenant_id', '=', 'acme.example')
        .where('extension', '=', '7100')
        .executeTakeFirstOrThrow();
      expect(changed.firstname).toBe(`F${i}`);
    }
  });

  it('a transaction reads its own writes; INSERT ... RETURNING answers outside a transaction', async () => {
    const seen = await t.db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('extensions').values(newExtension('7200')).execute();
      return trx
        .selectFrom('extensions')
        .select('extension')
        .where('tenant_id', '=', 'acme.example')
        .where('extension', '=', '7200')
        .executeTakeFirst();
    });
    expect(seen?.extension).toBe('7200');
    const returned = await t.db.kysely
      .insertInto('extensions')
      .values(newExtension('7201'))
      .returning(['id', 'extension'])
      .executeTakeFirstOrThrow();
    expect(returned.extension).toBe('7201');
    expect(returned.id).toBeGreaterThan(0);
  });
});

if (!isPg) {
  describe('SQLite: one writer, one reader', () => {
    it('a write outside the transaction waits for its commit (asynchronously); a read does not', async () => {
      const order: string[] = [];
      const held = holdTransaction(t.db.kysely, '7300');
      await held.ready;
      const write = t.db.kysely
        .updateTable('extensions')
        .set({ lastname: 'after' })
        .where('extension', '=', '7300')
        .execute()
        .then((r) => order.push(`write ${Number(r[0]?.numUpdatedRows)}`));
      const read = t.db.kysely
        .selectFrom('extensions')
        .select('extension')
        .where('extension', '=', '7300')
        .execute()
        .then((rows) => order.push(`read ${rows.length}`));
      await read;
      await sleep(50);
      order.push('commit');
      held.release();
      await held.done;
      await write;
      // The read answered before the commit (the row was not there yet); the write waited and then found the row.
      expect(order).toEqual(['read 0', 'commit', 'write 1']);
    });

    it('during a sync of 5,000 extensions through the builtin platform, calls over HTTP are answered while its transaction is open, all or nothing', async () => {
      const tenant = 'bigsync.example';
      const now = Date.now();
      await t.db.kysely.insertInto('builtin_tenants').values({ tid: tenant, tname: 'Big', created_at: now }).execute();
      await t.db.kysely
        .insertInto('builtin_domains')
        .values({ tenant_id: tenant, domain: tenant, site_name: 'Main' })
        .execute();
      const rows = Array.from({ length: 5000 }, (_, i) => ({
        tenant_id: tenant,
        extension: String(10_000 + i),
        domain: tenant,
        site_name: 'Main',
        firstname: `F${i}`,
        lastname: `L${i}`,
        email: `u${i}@${tenant}`,
        admin: 0,
        sip_password: 'x',
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await t.db.kysely
          .insertInto('builtin_extensions')
          .values(rows.slice(i, i + 500))
          .execute();
      }
      await t.call('tenantList', { sync: true }, { token });
      await t.deps.jobs.drain();
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const get = async () => {
        const res = await fetch(`${address}/api/v1/getExtensions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token },
          body: JSON.stringify({ tenant_id: tenant, limit: 50 }),
        });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        return Number(res.headers.get('x-total-count'));
      };
      expect(await get()).toBe(0);
      // Another connection to the file: BEGIN IMMEDIATE fails at once while the portal's writer holds a transaction.
      const probe = new SQLite(path.join(t.deps.config.dataDir, 'test.sqlite'));
      probe.pragma('busy_timeout = 0');
      const writerBusy = () => {
        try {
          probe.exec('begin immediate');
          probe.exec('rollback');
          return false;
        } catch (err) {
          if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
          return true;
        }
      };
      try {
        expect(await t.call('getExtensions', { tenant_id: tenant, sync: true, limit: 1 }, { token })).toMatchObject({
          statusCode: 200,
        });
        let syncing = true;
        const sync = t.deps.jobs.drain().finally(() => (syncing = false));
        const answers: { count: number; duringTransaction: boolean }[] = [];
        // Three clients, one call after another each, as long as the sync runs.
        await Promise.all(
          [1, 2, 3].map(async () => {
            while (syncing) {
              const count = await get();
              answers.push({ count, duringTransaction: writerBusy() });
            }
          }),
        );
        await sync;
        const during = answers.filter((a) => a.duringTransaction);
        expect(during.length, JSON.stringify(answers)).toBeGreaterThanOrEqual(1);
        // The sync is one transaction: while it is open the reads see none of it.
        for (const a of during) expect(a.count).toBe(0);
        for (const a of answers) expect([0, 5000]).toContain(a.count);
        expect(await get()).toBe(5000);
      } finally {
        probe.close();
      }
    });
  });

  describe('SQLite: prepared statements kept per connection', () => {
    let dir: string;
    let db: Db;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-stmt-'));
      db = openDatabase({ sqliteFile: path.join(dir, 'x.sqlite') });
    });
    afterAll(async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('stay right across schema changes (a migration adds a column, renames one, adds an index)', async () => {
      await sql`create table t (a integer, b text)`.execute(db.kysely);
      await sql`insert into t values (1, 'x')`.execute(db.kysely);
      const all = () => sql<Record<string, unknown>>`select * from t`.execute(db.kysely).then((r) => r.rows);
      const named = () => sql<{ b: string }>`select b from t`.execute(db.kysely).then((r) => r.rows);
      expect(await all()).toEqual([{ a: 1, b: 'x' }]);
      expect(await named()).toEqual([{ b: 'x' }]);
      await sql`alter table t add column c text not null default 'new'`.execute(db.kysely);
      expect(await all()).toEqual([{ a: 1, b: 'x', c: 'new' }]);
      await sql`create index t_c on t (c)`.execute(db.kysely);
      await sql`alter table t rename column b to bb`.execute(db.kysely);
      expect(await all()).toEqual([{ a: 1, bb: 'x', c: 'new' }]);
      // A kept statement whose column is gone fails as a new one would.
      await expect(named()).rejects.toThrow(/no such column: b/);
      await sql`drop table t`.execute(db.kysely);
      await expect(all()).rejects.toThrow(/no such table: t/);
    });

    it('statements about the connection itself run on the writer', async () => {
      await sql`create table u (id integer primary key, v text)`.execute(db.kysely);
      const id = await db.kysely.connection().execute(async (c) => {
        await sql`insert into u (v) values ('a'), ('b')`.execute(c);
        return (await sql<{ id: number; n: number }>`select last_insert_rowid() as id, changes() as n`.execute(c))
          .rows[0];
      });
      expect(id).toEqual({ id: 2, n: 2 });
      await sql`with x(v) as (select 'c') insert into u (v) select v from x`.execute(db.kysely);
      expect((await sql<{ n: number }>`select count(*) as n from u`.execute(db.kysely)).rows[0]?.n).toBe(3);
      await sql`pragma user_version = 7`.execute(db.kysely);
      expect((await sql<{ user_version: number }>`pragma user_version`.execute(db.kysely)).rows[0]?.user_version).toBe(
        7,
      );
    });

    it('keep the most recently used, up to the limit', () => {
      const made: string[] = [];
      const cache = new StatementCache((s) => (made.push(s), s.toUpperCase()), 3);
      for (const s of ['a', 'b', 'c', 'a', 'd', 'a', 'b']) expect(cache.get(s)).toBe(s.toUpperCase());
      // 'a' was used again before 'd' came, so 'b' (least recently used) went, and was prepared again.
      expect(made).toEqual(['a', 'b', 'c', 'd', 'b']);
      expect(cache.length).toBe(3);
      // Big statements: at most 250,000 characters of SQL kept in all, none over a quarter of that.
      const big = new StatementCache((s) => (made.push(s.slice(0, 2)), s));
      for (const s of ['a', 'b', 'c', 'd', 'e', 'a']) big.get(s.repeat(60_000));
      expect(made.slice(-6)).toEqual(['aa', 'bb', 'cc', 'dd', 'ee', 'aa']);
      big.get('e'.repeat(60_000));
      big.get('h'.repeat(70_000));
      big.get('h'.repeat(70_000));
      expect(made.slice(-2)).toEqual(['hh', 'hh']);
      const none = new StatementCache((s) => (made.push(s), s), 0);
      none.get('z');
      none.get('z');
      expect(made.slice(-2)).toEqual(['z', 'z']);
    });

    it("an in-memory database keeps one connection: a read waits for the writer's transaction, as before", async () => {
      const mem = openDatabase({ sqliteFile: ':memory:' });
      try {
        await sql`create table m (a integer)`.execute(mem.kysely);
        const order: string[] = [];
        let release!: () => void;
        const tx = mem.kysely.transaction().execute(async (trx) => {
          await sql`insert into m values (1)`.execute(trx);
          await new Promise<void>((r) => (release = r));
          order.push('commit');
        });
        await sleep(20);
        const read = sql<{ n: number }>`select count(*) as n from m`
          .execute(mem.kysely)
          .then((r) => order.push(`read ${r.rows[0]?.n}`));
        await sleep(50);
        release();
        await tx;
        await read;
        expect(order).toEqual(['commit', 'read 1']);
      } finally {
        await mem.close();
      }
    });
  });
}
