import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { DEMO_TENANTS } from './demo-data';

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
