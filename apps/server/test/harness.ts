import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/database';
import type { Deps } from '../src/deps';
import { Mailer } from '../src/lib/mailer';
import { hashPassword } from '../src/lib/passwords';
import { migrate } from '../src/migrations';
import { seedOnFirstStart } from '../src/seed/seed';

export const ADMIN_PASSWORD = 'admin-pass-1';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  db: Db;
  /** POST JSON to /api/v1/<name>, optionally with a token. */
  call(name: string, body?: unknown, opts?: { token?: string; lang?: string }): Promise<LightMyRequestResponse>;
  login(user?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A real database for one test file: a fresh SQLite file, or a fresh schema in the test PostgreSQL. */
async function freshDatabase(): Promise<{ db: Db; dispose: () => Promise<void>; dataDir: string }> {
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
  return { db, dataDir, dispose: () => db.close() };
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { db, dispose, dataDir } = await freshDatabase();
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_PASSWORD, LOG_LEVEL: 'silent', MAIL_POLL_MS: '50', WEB_DIST: path.join(dataDir, 'no-web'), ...env });
  const log = pino({ level: config.LOG_LEVEL });
  await migrate(db);
  await seedOnFirstStart(db, config, log);
  const mailer = new Mailer(db, log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, pollMs: config.MAIL_POLL_MS });
  const deps: Deps = { config, db, mailer };
  const app = await buildApp(deps, log);
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
    call,
    async login(user = 'admin', password = ADMIN_PASSWORD) {
      const res = await call('adminLogin', { cloud_id: config.CLOUD_ID, user, password });
      if (res.statusCode !== 200) throw new Error(`login ${user} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ Token: string }>().Token;
    },
    async close() {
      await app.close();
      await mailer.stop();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createUser(
  db: Db,
  u: { username: string; password: string; user_type?: 'admin' | 'simple user'; company?: string; email?: string; active?: boolean },
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

export async function createResellerUser(db: Db, email: string, password: string, resellerIds: number[] = []): Promise<number> {
  const now = Date.now();
  const { id } = await db.kysely
    .insertInto('reseller_users')
    .values({ name: `Reseller ${email}`, email, phone_number: '', password_hash: await hashPassword(password), picture_url: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const reseller_id of resellerIds) {
    await db.kysely.insertInto('reseller_user_links').values({ reseller_user_id: id, reseller_id, created_at: now }).execute();
  }
  return id;
}
