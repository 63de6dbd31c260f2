import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { DEMO_APP_PASSWORD, DEMO_TENANTS } from './demo-data';

// The builtin demo is what the e2e specs and many server tests stand on: its figures and first rows stay fixed.
describe('demo data on builtin (the default platform)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'true', CLOUD_ID: 'DEMO1' });
  }, 60_000);
  afterAll(() => t?.close());

  it('seeds 5 tenants, 545 extensions with SIP passwords in the builtin tables and 1,206 simulated call records', async () => {
    const k = t.db.kysely;
    const perTenant = await k
      .selectFrom('extensions')
      .select(['tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('tenant_id')
      .orderBy('tenant_id')
      .execute();
    expect(perTenant.map((r) => [r.tenant_id, Number(r.n)])).toEqual(DEMO_TENANTS.map((d) => [d.tid, d.count]));
    const builtin = await k.selectFrom('builtin_extensions').select(['extension', 'sip_password']).execute();
    expect(builtin).toHaveLength(545);
    expect(builtin.every((r) => /^[\w-]{16}$/.test(r.sip_password))).toBe(true);
    expect(new Set(builtin.map((r) => r.extension))).toEqual(
      new Set(Array.from({ length: 300 }, (_, i) => String(100 + i))),
    );
    const records = await k
      .selectFrom('call_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(records.n)).toBe(1206);
    const first = await k
      .selectFrom('builtin_extensions')
      .select(['tenant_id', 'extension', 'firstname', 'lastname', 'email', 'site_name', 'admin'])
      .orderBy('id')
      .limit(2)
      .execute();
    expect(first).toEqual([
      {
        tenant_id: 'acme.example',
        extension: '100',
        firstname: 'Ben',
        lastname: 'Lopez',
        email: 'ben.lopez.100@acme.example',
        site_name: 'Head Office',
        admin: 1,
      },
      {
        tenant_id: 'acme.example',
        extension: '101',
        firstname: 'David',
        lastname: 'Rossi',
        email: '',
        site_name: 'Warehouse',
        admin: 0,
      },
    ]);
    const profile = await k.selectFrom('client_profiles').select(['profile_name', 'proxy', 'cloud_id']).execute();
    expect(profile).toEqual([
      { profile_name: 'Default softphone profile', proxy: 'sip.provisio.example', cloud_id: 'DEMO1' },
    ]);
  });

  it('gives every extension shown as linked an app account that signs in with the documented password', async () => {
    const k = t.db.kysely;
    const linked = await k
      .selectFrom('extensions as e')
      .leftJoin('app_accounts as a', (j) =>
        j.onRef('a.tenant_id', '=', 'e.tenant_id').onRef('a.extension', '=', 'e.extension'),
      )
      .select(['e.tenant_id', 'e.extension', 'e.email', 'e.pin', 'a.username'])
      .where('e.linked', '=', 1)
      .execute();
    expect(linked.length).toBeGreaterThan(100);
    expect(linked.filter((e) => e.username !== e.email.toLowerCase())).toEqual([]);
    expect(linked.every((e) => /^\d{6}$/.test(e.pin))).toBe(true);
    const accounts = await k.selectFrom('app_accounts').select('id').execute();
    expect(accounts).toHaveLength(linked.length);
    // The first linked extension of each tenant signs in (README.md lists them); a wrong password does not.
    // appLogin takes the password in base64, as the /appSignin page sends it.
    const b64 = (p: string) => Buffer.from(p).toString('base64');
    for (const tid of ['acme.example', 'bluebird.example']) {
      const first = linked.find((e) => e.tenant_id === tid)!;
      const ok = await t.call('appLogin', { username: first.email, password: b64(DEMO_APP_PASSWORD) });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const wrong = await t.call('appLogin', { username: linked[0]!.email, password: b64('not-the-password') });
    expect(wrong.statusCode).toBe(401);
    // The README's table of demo app accounts stays true: each signs in and has the extension and PIN it lists.
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../../../README.md'), 'utf8');
    expect(readme).toContain(`\`${DEMO_APP_PASSWORD}\``);
    const listed = [...readme.matchAll(/^\| `([^`]+@[^`]+)` \| [^|]+ \| (\d+)[^|]* \| (\d{6}) \|$/gm)];
    expect(listed.length).toBeGreaterThanOrEqual(3);
    for (const [, email, extension, pin] of listed) {
      const row = linked.find((e) => e.email === email);
      expect(row, email).toMatchObject({ extension, pin });
      const res = await t.call('appLogin', { username: email, password: b64(DEMO_APP_PASSWORD) });
      expect(res.statusCode, `${email}: ${res.body}`).toBe(200);
    }
  });

  it('the call simulator shows live calls (builtin only)', async () => {
    const calls = await t.call(
      'callActions',
      { action: 'list_active_channels', tenant_id: 'acme.example' },
      { token: await t.login() },
    );
    expect(calls.statusCode, calls.body).toBe(200);
    expect((calls.json() as { SIPCallID: string }[]).every((c) => c.SIPCallID.startsWith('sim-'))).toBe(true);
    expect((calls.json() as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('demo data on netsapiens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      SEED_DEMO: 'true',
      PLATFORM: 'netsapiens',
      NS_API_URL: 'http://127.0.0.1:9/ns-api/v2',
      NS_API_KEY: 'unused-key-never-sent',
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('writes no demo tenants, extensions or call records (they come from the platform by sync); the admin exists', async () => {
    const k = t.db.kysely;
    for (const table of ['tenants', 'extensions', 'builtin_tenants', 'builtin_extensions', 'call_records'] as const) {
      const row = await k
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBe(0);
    }
    expect(await t.login()).toBeTruthy();
  });
});
