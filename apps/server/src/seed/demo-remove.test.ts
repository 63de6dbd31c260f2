import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { spawnServer } from '../reliability/server-process';
import { type TestApp, startTestApp } from '../../test/harness';
import { freshDashboard } from '../../test/dashboard-fresh';
import { turnOffInEnvFile } from './demo-cli';
import { DEMO_PROFILE_NAME, DEMO_TENANTS } from './demo-data';
import { removeDemo, tablesWithTenantColumn } from './demo-remove';

const DEMO = DEMO_TENANTS.map((d) => d.tid);
const OWN = 'ownco.example';

/** Rows naming a demo tenant, per table with a tenant column. */
async function demoRows(t: TestApp): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  for (const { table, column } of await tablesWithTenantColumn(t.db)) {
    const rows = await t.db.kysely
      .selectFrom(table as 'tenants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column as 'tid', 'in', DEMO)
      .executeTakeFirstOrThrow();
    if (Number(rows.n) > 0) left[table] = Number(rows.n);
  }
  return left;
}

describe('removeDemo (issue #20: one command removes the demo)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'true', CLOUD_ID: 'RMDEMO' });
  }, 60_000);
  afterAll(() => t?.close());

  it('deletes every row naming a demo tenant, keeps what the provider added, and can run twice', async () => {
    const admin = await t.login();
    expect((await t.call('createTenant', { tid: OWN, tname: 'Own Co' }, { token: admin })).statusCode).toBe(200);
    const atlantic = await t.db.kysely
      .selectFrom('resellers')
      .select('id')
      .where('name', '=', 'Atlantic Telecom Partners')
      .executeTakeFirstOrThrow();
    const link = await t.call(
      'createUpdateResllerTenants',
      { reseller_id: atlantic.id, tenant_id: OWN },
      { token: admin },
    );
    expect(link.statusCode, link.body).toBe(200);
    const before = await demoRows(t);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['extensions', 'app_accounts', 'call_records', 'tenants']),
    );

    const removed = await removeDemo(t.db, t.deps.connector);
    expect(removed.rows.extensions).toBe(545);
    expect(removed.rows.call_records).toBe(1206);
    expect(await demoRows(t)).toEqual({});
    expect(await t.db.kysely.selectFrom('app_accounts').select('id').execute()).toEqual([]);
    // Atlantic supervises the provider's own tenant too, so it stays; the other demo resellers go.
    expect((await t.db.kysely.selectFrom('resellers').select('name').execute()).map((r) => r.name)).toEqual([
      'Atlantic Telecom Partners',
    ]);
    expect(await t.db.kysely.selectFrom('tenants').select('tid').execute()).toEqual([{ tid: OWN }]);
    expect(
      await t.db.kysely
        .selectFrom('client_profiles')
        .select('id')
        .where('profile_name', '=', DEMO_PROFILE_NAME)
        .execute(),
    ).toEqual([]);
    expect(await t.db.kysely.selectFrom('email_templates').select('id').execute()).toHaveLength(1);

    // The portal still works on what is left, and its dashboard is a fresh count.
    const dash = await t.call('dashboardSummary', {}, { token: admin });
    expect(dash.statusCode).toBe(200);
    const got = dash.json();
    expect({ ...got, recent_failures: { ...got.recent_failures, log_errors: null } }).toEqual(
      await freshDashboard(t.db, 'all', got.recent_failures.since),
    );
    expect((await removeDemo(t.db, t.deps.connector)).rows).toEqual({});
  });
});

describe('npm run demo -- remove (the command)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-demo-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('turnOffInEnvFile replaces the two keys or adds them, keeping the rest of the file', () => {
    const file = path.join(dir, 'a.env');
    fs.writeFileSync(file, '# mine\nPORT=9000\nSEED_DEMO=true\n\n');
    turnOffInEnvFile(file);
    expect(fs.readFileSync(file, 'utf8')).toBe('# mine\nPORT=9000\nSEED_DEMO=false\nSIM_ACTIVE_CALLS=0\n');
    turnOffInEnvFile(path.join(dir, 'new.env'));
    expect(fs.readFileSync(path.join(dir, 'new.env'), 'utf8')).toBe('SEED_DEMO=false\nSIM_ACTIVE_CALLS=0\n');
  });

  it('removes the demo of a database a real server seeded, and turns the demo off in the env file', async () => {
    const data = path.join(dir, 'data');
    const server = await spawnServer({ DATA_DIR: data, SEED_DEMO: 'true', CLOUD_ID: 'DEMOCLI' });
    await server.stop();
    const envFile = path.join(dir, 'portal.env');
    fs.writeFileSync(envFile, `DATA_DIR=${data}\nCLOUD_ID=DEMOCLI\n`);
    const cli = path.join(import.meta.dirname, 'demo-cli.ts');
    const env = { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ENV_FILE: envFile };
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'remove'], { env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/extensions: 545/);
    expect(fs.readFileSync(envFile, 'utf8')).toMatch(/SEED_DEMO=false\nSIM_ACTIVE_CALLS=0\n$/);
    const db = openDatabase({ sqliteFile: path.join(data, 'provisio.sqlite') });
    try {
      expect(await db.kysely.selectFrom('tenants').select('tid').execute()).toEqual([]);
      expect(await db.kysely.selectFrom('users').select('username').execute()).toEqual([{ username: 'admin' }]);
    } finally {
      await db.close();
    }
    const usage = spawnSync(process.execPath, ['--import', 'tsx', cli], { env, encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/npm run demo -- remove/);
  }, 120_000);
});
