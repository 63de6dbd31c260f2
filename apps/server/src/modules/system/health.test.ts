import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Db, openDatabase } from '../../db/database';
import { Mailer } from '../../lib/mailer';
import { migrate } from '../../migrations';

const isPg = process.env.TEST_DB === 'postgres';
const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('health: liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('a database that lacks a migration of this version: ready 503 with Retry-After, live and /api/health 200', async () => {
    // As if this version's newest migration had not run (an older backup restored under a running instance).
    const rows = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration order by name desc`.execute(t.db.kysely);
    const newest = rows.rows[0];
    if (!newest) throw new Error('no migration recorded');
    await sql`delete from kysely_migration where name = ${newest.name}`.execute(t.db.kysely);
    const ready = await get(t.app, '/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
    expect(Number(ready.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await get(t.app, '/api/health/live')).statusCode).toBe(200);
    expect((await get(t.app, '/api/health')).statusCode).toBe(200);
    // Once the migration is recorded again the instance is ready.
    await sql`insert into kysely_migration (name, timestamp) values (${newest.name}, ${newest.timestamp})`.execute(
      t.db.kysely,
    );
    expect((await get(t.app, '/api/health/ready')).statusCode).toBe(200);
  });

  it('answers live, ready and /api/health with the database kind', async () => {
    const dialect = isPg ? 'postgres' : 'sqlite';
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const res = await get(t.app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 'ok', database: dialect });
    }
  });

  it('lists the probes in the OpenAPI document', async () => {
    const paths = Object.keys((await get(t.app, '/api/docs/json')).json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/health/live', '/api/health/ready']));
  });
});

/** The portal on a database it cannot write: PostgreSQL that does not answer, or SQLite locked by another process. */
describe('health: a database the server cannot use', () => {
  let app: FastifyInstance;
  let db: Db;
  let dataDir: string;
  let release = () => undefined as void;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-health-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'Health-admin-1',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    if (isPg) {
      db = openDatabase({ databaseUrl: `postgres://provisio@127.0.0.1:${await closedPort()}/provisio` });
    } else {
      const file = path.join(dataDir, 'provisio.sqlite');
      db = openDatabase({ sqliteFile: file, busyWaitMs: 200 });
      await migrate(db);
      const other = new SQLite(file);
      other.exec('begin immediate');
      release = () => {
        other.exec('rollback');
        other.close();
      };
    }
    const log = pino({ level: 'silent' });
    app = await buildApp(
      {
        config,
        db,
        mailer: new Mailer(db, log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, pollMs: 1000 }),
        logStore: null,
      },
      log,
    );
    await app.ready();
  });
  afterAll(async () => {
    release();
    await app.close();
    await db.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is live (200) but not ready (503 with Retry-After), and /api/health says 503 as before', async () => {
    const live = await get(app, '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', database: isPg ? 'postgres' : 'sqlite' });
    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await get(app, url);
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
      expect(Number(res.headers['retry-after']), url).toBeGreaterThanOrEqual(1);
    }
  });

  // SQLite's lock is let go here; a PostgreSQL that comes back is the pool's reconnect, tested in db/ already.
  if (!isPg) {
    it('becomes ready once the other process lets the database go', async () => {
      release();
      release = () => undefined;
      await sleep(1100); // past the probe's cached answer
      expect((await get(app, '/api/health/ready')).statusCode).toBe(200);
    });
  }
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}
