import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../test/harness';
import { type Db, openDatabase } from '../db/database';
import { BUSY_TIMEOUT_MS, PatientSqliteDialect } from '../db/sqlite-driver';
import { openSqliteLogStore } from '../lib/logging/sqlite-log-store';
import { onKamailio, openKamailioDb } from '../platform/kamailio-db';
import { freePort } from './server-process';

/**
 * Issue 13 finding 7: a database that is busy (another process holds SQLite's write lock) or cannot be written
 * (read-only, PostgreSQL in recovery or refusing connections) must not freeze the server nor answer 500: the event
 * loop keeps turning, a write answers 503 with Retry-After after a bounded wait and changes nothing, /api/health
 * answers 503 until the database can be written again, and a failed rollback does not hide the error that caused it.
 */

const isPg = process.env.TEST_DB === 'postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The longest gap between two ticks of a 10 ms interval: how long the event loop was blocked at most. */
function watchEventLoop(): { stop(): number } {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(worst, performance.now() - last);
    },
  };
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  token = await t.login();
});
afterAll(() => t.close());

const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
const countDomains = async () => (await t.db.kysely.selectFrom('domains').select('id').execute()).length;
let n = 0;
const newDomain = () => ({ ext: String(300 + ++n), domain: `busy${n}.acme.example`, tenant_id: 'acme.example' });
const busyBody = (lang: 'en' | 'es') => ({
  error: { code: 'service_unavailable', message: formatMessage(lang, 'databaseBusy') },
});

/** Waits until the health answer (cached for a moment) is the expected one. */
async function healthBecomes(status: number): Promise<void> {
  for (let i = 0; i < 40 && (await health()).statusCode !== status; i++) await sleep(100);
  expect((await health()).statusCode).toBe(status);
}

describe('a failed rollback', () => {
  it('does not hide the error that caused it', async () => {
    const first = new Error('the first error');
    const run = t.db.kysely.transaction().execute(async (trx) => {
      if (isPg) {
        // The connection dies inside the transaction, so the rollback cannot be sent either.
        await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx).catch(() => undefined);
      } else {
        // The transaction is ended behind the driver's back, so its ROLLBACK fails ("no transaction is active").
        await sql`rollback`.execute(trx);
      }
      throw first;
    });
    await expect(run).rejects.toBe(first);
    // The database is still usable afterwards (PostgreSQL: the dead connection left the pool).
    expect(await countDomains()).toBeGreaterThan(0);
    expect((await health()).statusCode).toBe(200);
  });
});

if (!isPg) {
  describe('SQLite held by another connection', () => {
    let holder: SQLite.Database;
    const file = () => path.join(t.deps.config.dataDir, 'test.sqlite');
    /** A second connection on the same file takes the write lock, as another process (sqlite3 shell, backup) would. */
    const lock = () => {
      holder = new SQLite(file());
      holder.exec('BEGIN IMMEDIATE');
    };
    const unlock = () => {
      if (holder?.inTransaction) holder.exec('ROLLBACK');
      holder?.close();
    };
    afterAll(unlock);

    it('keeps answering other requests; a write answers 503 with Retry-After after a bounded wait and changes nothing', async () => {
      const before = await countDomains();
      const body = newDomain();
      lock();
      try {
        const loop = watchEventLoop();
        const write = timed(t.call('createUpdateDomain', body, { token, lang: 'es' }));
        await sleep(50);
        // A route that does not touch the database, and a read, answer at once while the write waits.
        const free = await timed(t.app.inject({ method: 'GET', url: '/api/v1/publicConfig' }));
        expect(free.value.statusCode).toBe(200);
        expect(free.ms).toBeLessThan(200);
        const read = await timed(t.call('domainSummary', {}, { token }));
        expect(read.value.statusCode).toBe(200);
        expect(read.ms).toBeLessThan(200);
        const { value: res, ms } = await write;
        expect(loop.stop()).toBeLessThan(200);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toEqual(busyBody('es'));
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        // It waited (asynchronously) for the lock before giving up, but not for ever.
        expect(ms).toBeGreaterThan(1500);
        expect(ms).toBeLessThan(6000);
        expect(await countDomains()).toBe(before);
      } finally {
        unlock();
      }
      // Once the lock is gone the same write goes through.
      const again = await t.call('createUpdateDomain', body, { token });
      expect(again.statusCode, again.body).toBe(200);
      expect(await countDomains()).toBe(before + 1);
    });

    it('a read by a session due for its last-use update still answers 200 while the lock is held (the update is skipped)', async () => {
      const stale = await t.login();
      await t.db.kysely
        .updateTable('sessions')
        .set({ last_used_at: Date.now() - 10 * 60_000 })
        .where('revoked_at', 'is', null)
        .execute();
      lock();
      try {
        const read = await t.call('domainSummary', {}, { token: stale });
        expect(read.statusCode, read.body).toBe(200);
      } finally {
        unlock();
      }
    });

    it('a write that meets a lock released a moment later waits for it without blocking, then succeeds', async () => {
      const before = await countDomains();
      lock();
      setTimeout(unlock, 400);
      const loop = watchEventLoop();
      // A transaction (BEGIN IMMEDIATE is retried) and a single statement (retried outside a transaction).
      const [viaApi, single] = await Promise.all([
        timed(t.call('createUpdateDomain', newDomain(), { token })),
        timed(
          t.db.kysely.updateTable('users').set({ updated_at: Date.now() }).where('username', '=', 'admin').execute(),
        ),
      ]);
      expect(loop.stop()).toBeLessThan(200);
      expect(viaApi.value.statusCode, viaApi.value.body).toBe(200);
      expect(viaApi.ms).toBeGreaterThan(300);
      expect(Number(single.value[0]?.numUpdatedRows)).toBe(1);
      expect(single.ms).toBeGreaterThan(300);
      expect(await countDomains()).toBe(before + 1);
    });

    it('/api/health answers 503 with Retry-After, quickly, while the database cannot be written, and 200 after', async () => {
      await healthBecomes(200);
      lock();
      try {
        await sleep(2100); // past the cached answer
        const loop = watchEventLoop();
        const { value: res, ms } = await timed(health());
        expect(loop.stop()).toBeLessThan(200);
        expect(ms).toBeLessThan(1000);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(busyBody('en'));
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      } finally {
        unlock();
      }
      await healthBecomes(200);
    });

    it('a COMMIT that waits for a reader (rollback-journal file, as Kamailio keeps its own) is tried again, not failed', async () => {
      const journalFile = path.join(t.deps.config.dataDir, 'journal.sqlite');
      const setup = new SQLite(journalFile);
      setup.pragma('journal_mode = DELETE');
      setup.exec('create table x (a integer)');
      setup.close();
      const writer = new SQLite(journalFile);
      writer.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      const kysely = new Kysely<{ x: { a: number } }>({
        dialect: new PatientSqliteDialect({ database: writer, warn: () => undefined }),
      });
      const reader = new SQLite(journalFile);
      try {
        expect(reader.pragma('journal_mode', { simple: true })).toBe('delete');
        // An open read transaction holds a SHARED lock: a writer's COMMIT cannot take EXCLUSIVE until it ends.
        reader.exec('begin');
        reader.prepare('select count(*) from x').get();
        setTimeout(() => reader.exec('commit'), 400);
        const loop = watchEventLoop();
        const { ms } = await timed(
          kysely.transaction().execute((trx) => trx.insertInto('x').values({ a: 1 }).execute()),
        );
        expect(loop.stop()).toBeLessThan(200);
        expect(ms).toBeGreaterThan(300);
        expect((await kysely.selectFrom('x').selectAll().execute()).length).toBe(1);
      } finally {
        if (reader.inTransaction) reader.exec('commit');
        reader.close();
        await kysely.destroy();
      }
    });

    it("Kamailio's SQLite file locked by Kamailio: the connector waits off the event loop, then writes", async () => {
      const kamFile = path.join(t.deps.config.dataDir, 'kamailio.sqlite');
      const setup = new SQLite(kamFile);
      setup.exec(
        'create table subscriber (id integer primary key, username text, domain text, password text, ha1 text, ha1b text)',
      );
      setup.close();
      const kam = openKamailioDb(`sqlite:///${kamFile}`);
      const kamailio = new SQLite(kamFile);
      try {
        kamailio.exec('begin immediate');
        setTimeout(() => kamailio.exec('commit'), 400);
        const loop = watchEventLoop();
        const row = { username: '100', domain: 'acme.example', password: '', ha1: '', ha1b: '' };
        const { ms } = await timed(onKamailio(() => kam.kysely.insertInto('subscriber').values(row).execute()));
        expect(loop.stop()).toBeLessThan(200);
        expect(ms).toBeGreaterThan(300);
        expect(await kam.kysely.selectFrom('subscriber').select('username').execute()).toEqual([{ username: '100' }]);
      } finally {
        if (kamailio.inTransaction) kamailio.exec('commit');
        kamailio.close();
        await kam.close();
      }
    });

    it('the log store (logs.sqlite) locked by another process: a retention delete waits off the event loop', async () => {
      const logFile = path.join(t.deps.config.dataDir, 'other-logs.sqlite');
      const store = openSqliteLogStore(logFile);
      const other = new SQLite(logFile);
      try {
        other.exec('begin immediate');
        setTimeout(() => other.exec('commit'), 400);
        const loop = watchEventLoop();
        const { ms } = await timed(store.kysely.deleteFrom('logs').where('ts', '<', Date.now()).execute());
        expect(loop.stop()).toBeLessThan(200);
        expect(ms).toBeGreaterThan(300);
      } finally {
        if (other.inTransaction) other.exec('commit');
        other.close();
        await store.close();
      }
    });

    it('a read-only database: health and writes answer 503 with Retry-After, reads still work', async () => {
      const readOnly = openDatabase({ sqliteFile: file(), readOnly: true });
      const own = t.deps.db;
      t.deps.db = readOnly;
      try {
        const res = await health();
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
        const before = await countDomains();
        const write = await t.call('createUpdateDomain', newDomain(), { token });
        expect(write.statusCode, write.body).toBe(503);
        expect(write.json()).toEqual(busyBody('en'));
        expect(write.headers['retry-after']).toBeDefined();
        expect(await countDomains()).toBe(before);
        expect((await t.call('domainSummary', {}, { token })).statusCode).toBe(200);
      } finally {
        t.deps.db = own;
        await readOnly.close();
      }
      expect((await health()).statusCode).toBe(200);
    });
  });
}

if (isPg) {
  describe('PostgreSQL that cannot be written or reached', () => {
    let schema: string;
    beforeAll(async () => {
      schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db.kysely)).rows[0]!.s;
    });

    /** Serves the app from another database for one test. */
    async function withDb(other: Db, work: () => Promise<void>): Promise<void> {
      const own = t.deps.db;
      t.deps.db = other;
      try {
        await work();
      } finally {
        t.deps.db = own;
        await other.close();
      }
    }

    it('a read-only database (SQLSTATE 25006): health and writes answer 503 with Retry-After and change nothing', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      await withDb(openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 2, readOnly: true }), async () => {
        const res = await health();
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(busyBody('en'));
        expect(res.headers['retry-after']).toBeDefined();
        const before = await countDomains();
        const write = await t.call('createUpdateDomain', newDomain(), { token, lang: 'es' });
        expect(write.statusCode, write.body).toBe(503);
        expect(write.json()).toEqual(busyBody('es'));
        expect(write.headers['retry-after']).toBeDefined();
        expect(await countDomains()).toBe(before);
        expect((await t.call('domainSummary', {}, { token })).statusCode).toBe(200);
      });
      expect((await health()).statusCode).toBe(200);
    });

    it('a refused connection: health and every call answer 503 with Retry-After, not 500', async () => {
      const port = await freePort();
      await withDb(openDatabase({ databaseUrl: `postgres://nobody@127.0.0.1:${port}/none`, poolSize: 1 }), async () => {
        const res = await health();
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
        const read = await t.call('domainSummary', {}, { token });
        expect(read.statusCode, read.body).toBe(503);
        expect(read.json()).toEqual(busyBody('en'));
        expect(read.headers['retry-after']).toBeDefined();
      });
      expect((await health()).statusCode).toBe(200);
    });
  });
}
