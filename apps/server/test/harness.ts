import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/database';
import type { Deps } from '../src/deps';
import { createLogging, type LogStoreTarget, type Logging } from '../src/lib/logging';
import { Mailer } from '../src/lib/mailer';
import { hashPassword } from '../src/lib/passwords';
import { migrate } from '../src/migrations';
import { seedOnFirstStart } from '../src/seed/seed';

export const ADMIN_PASSWORD = 'admin-pass-1';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  db: Db;
  /** The test app's logger and log store (in its temp dir, or its PostgreSQL schema); `flush()` stores what was logged. */
  logging: Logging;
  /** POST JSON to /api/v1/<name>, optionally with a token. */
  call(name: string, body?: unknown, opts?: { token?: string; lang?: string }): Promise<LightMyRequestResponse>;
  login(user?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A real database for one test file: a fresh SQLite file, or a fresh schema in the test PostgreSQL. */
async function freshDatabase(): Promise<{
  db: Db;
  dispose: () => Promise<void>;
  dataDir: string;
  logTarget: LogStoreTarget;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-test-'));
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const db = openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 4 });
    return {
      db,
      dataDir,
      logTarget: { kind: 'postgres', url, schema },
      dispose: async () => {
        await db.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      },
    };
  }
  const db = openDatabase({ sqliteFile: path.join(dataDir, 'test.sqlite') });
  return {
    db,
    dataDir,
    logTarget: { kind: 'sqlite', file: path.join(dataDir, 'logs.sqlite') },
    dispose: () => db.close(),
  };
}

export interface TestAppOptions {
  /** Adds routes before the app is ready (e.g. one that fails, to see a 500 in the logs). */
  routes?: (app: FastifyInstance) => void;
}

export async function startTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const { db, dispose, dataDir, logTarget } = await freshDatabase();
  // Lines go to the test's own log store, not to stdout (TEST_LOG_STDOUT=1 shows them).
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'info',
    MAIL_POLL_MS: '50',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  await migrate(db);
  const logging = createLogging(config, {
    target: config.LOKI_URL ? null : logTarget,
    stdout: process.env.TEST_LOG_STDOUT === '1',
  });
  const log = logging.log;
  await seedOnFirstStart(db, config, log);
  const mailer = new Mailer(db, log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, pollMs: config.MAIL_POLL_MS });
  // The job worker is not started: tests run due jobs with `deps.jobs.drain()`.
  const app = await buildApp({ config, db, mailer, logStore: logging.store }, log);
  const deps: Deps = app.deps;
  opts.routes?.(app);
  await app.ready();
  const call: TestApp['call'] = (name, body, opts = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/${name}`,
      headers: { ...(opts.token ? { token: opts.token } : {}), ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    app,
    deps,
    db,
    logging,
    call,
    async login(user = 'admin', password = ADMIN_PASSWORD) {
      const res = await call('adminLogin', { cloud_id: config.CLOUD_ID, user, password });
      if (res.statusCode !== 200) throw new Error(`login ${user} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ Token: string }>().Token;
    },
    async close() {
      await app.close();
      await deps.jobs.stop();
      await mailer.stop();
      await logging.close();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createUser(
  db: Db,
  u: {
    username: string;
    password: string;
    user_type?: 'admin' | 'simple user';
    company?: string;
    email?: string;
    active?: boolean;
  },
): Promise<number> {
  const now = Date.now();
  const row = await db.kysely
    .insertInto('users')
    .values({
      username: u.username,
      name: `Test ${u.username}`,
      email: u.email ?? `${u.username}@example.test`,
      phone_number: '',
      password_hash: await hashPassword(u.password),
      user_type: u.user_type ?? 'simple user',
      active: u.active === false ? 0 : 1,
      company: u.company ?? '',
      subscriber_id: '',
      picture_url: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createResellerUser(
  db: Db,
  email: string,
  password: string,
  resellerIds: number[] = [],
): Promise<number> {
  const now = Date.now();
  const { id } = await db.kysely
    .insertInto('reseller_users')
    .values({
      name: `Reseller ${email}`,
      email,
      phone_number: '',
      password_hash: await hashPassword(password),
      picture_url: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const reseller_id of resellerIds) {
    await db.kysely
      .insertInto('reseller_user_links')
      .values({ reseller_user_id: id, reseller_id, created_at: now })
      .execute();
  }
  return id;
}
