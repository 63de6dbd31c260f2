import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { NetSapiensDouble } from '../../test/netsapiens-double';
import { AppError } from '../lib/errors';
import { syncTenantExtensions } from '../modules/extensions/extensions.sync';
import { syncTenants } from '../modules/tenants/tenants.sync';
import { NetSapiensConnector } from './netsapiens';

let ns: NetSapiensDouble;
let t: TestApp;
let admin: string;

const reseller = (o: Partial<ConstructorParameters<typeof NetSapiensConnector>[0]> = {}) =>
  new NetSapiensConnector({ baseUrl: ns.url, apiKey: ns.apiKey, tenantMode: 'reseller', maxInFlight: 5, ...o });

beforeAll(async () => {
  ns = new NetSapiensDouble();
  await ns.start();
  ns.addReseller('acme-voice', 'Acme Voice');
  ns.addDomain('alpha.example', 'acme-voice', { description: 'Alpha Ltd', sites: ['HQ', 'Branch'] });
  ns.addDomain('beta.example', 'acme-voice', { description: 'Beta GmbH' });
  const scopes = [
    'Office Manager',
    'Site Manager',
    'Reseller',
    'Super User',
    'Basic User',
    'Simple User',
    'Call Center Agent',
  ];
  scopes.forEach((scope, i) =>
    ns.addUser('alpha.example', {
      user: String(100 + i),
      'name-first-name': `First${i}`,
      'name-last-name': `Last${i}`,
      'email-address': `u${i}@alpha.example`,
      'user-scope': scope,
      site: i % 2 ? 'Branch' : 'HQ',
      'service-code': '',
    }),
  );
  ns.addUser('alpha.example', {
    user: '500',
    'name-first-name': 'Main',
    'name-last-name': 'Menu',
    'user-scope': 'No Portal',
    'service-code': 'system-aa',
  });
  ns.addUser('alpha.example', {
    user: '600',
    'name-first-name': 'Sales',
    'name-last-name': 'Queue',
    'service-code': 'system-queue',
  });
  ns.addUser('beta.example', {
    user: '200',
    'name-first-name': 'Bea',
    'name-last-name': 'Ta',
    'user-scope': 'Basic User',
  });
  t = await startTestApp({
    PLATFORM: 'netsapiens',
    NS_API_URL: ns.url,
    NS_API_KEY: ns.apiKey,
    NS_TENANT_MODE: 'domain',
    CLOUD_ID: 'NSTEST',
  });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  await ns?.stop();
});
beforeEach(() => {
  ns.latencyMs = 0;
  ns.maxInFlight = 0;
});

describe('NetSapiens connector against the ns-api v2 double', () => {
  it('syncs tenants (domain mode), (domain, site) pairs and users through the sync jobs; system- users skipped, scope -> admin', async () => {
    const list = await t.call('tenantList', { sync: true }, { token: admin });
    expect(list.statusCode, list.body).toBe(200);
    await t.deps.jobs.drain();
    const tenants = await t.db.kysely.selectFrom('tenants').select(['tid', 'tname']).orderBy('tid').execute();
    expect(tenants).toEqual([
      { tid: 'alpha.example', tname: 'Alpha Ltd' },
      { tid: 'beta.example', tname: 'Beta GmbH' },
    ]);

    await t.call('getExtensions', { tenant_id: 'alpha.example', sync: true }, { token: admin });
    await t.deps.jobs.drain();
    const rows = (await t.call('getExtensions', { tenant_id: 'alpha.example' }, { token: admin })).json<
      { extension: string; admin: boolean; firstname: string; email: string; site_name: string; domain: string }[]
    >();
    expect(rows.map((r) => r.extension)).toEqual(['100', '101', '102', '103', '104', '105', '106']);
    expect(rows.map((r) => r.admin)).toEqual([true, true, true, true, false, false, false]);
    expect(rows[1]).toMatchObject({
      firstname: 'First1',
      email: 'u1@alpha.example',
      site_name: 'Branch',
      domain: 'alpha.example',
    });
    const pairs = (await t.call('getRemoteDomains', { tenant_id: 'alpha.example' }, { token: admin })).json();
    expect(pairs).toEqual([
      { domain: 'alpha.example', site_name: 'Branch' },
      { domain: 'alpha.example', site_name: 'HQ' },
    ]);
    const auth = ns.requests.map((r) => r.path);
    expect(auth).toEqual(
      expect.arrayContaining(['/domains', '/domains/alpha.example/sites', '/domains/alpha.example/users']),
    );
  });

  it('reseller mode: a tenant is a reseller with the users of all its domains', async () => {
    const conn = reseller();
    expect((await conn.listTenants()).items).toEqual([
      { externalId: 'acme-voice', name: 'Acme Voice', kind: 'reseller' },
    ]);
    await syncTenants(t.db.kysely, conn);
    const report = await syncTenantExtensions(t.db.kysely, conn, 'acme-voice');
    expect(report).toMatchObject({ domains: 3, created: 8, removed: 0 });
    const domains = await t.db.kysely
      .selectFrom('extensions')
      .select(['domain'])
      .where('tenant_id', '=', 'acme-voice')
      .distinct()
      .orderBy('domain')
      .execute();
    expect(domains.map((d) => d.domain)).toEqual(['alpha.example', 'beta.example']);
  });

  it('pages users with start + limit (at most 1000) until a short page', async () => {
    ns.addDomain('big.example', 'acme-voice');
    for (let i = 0; i < 2345; i++) ns.addUser('big.example', { user: String(10000 + i), 'user-scope': 'Basic User' });
    const before = ns.requests.length;
    const page = await new NetSapiensConnector({
      baseUrl: ns.url,
      apiKey: ns.apiKey,
      tenantMode: 'domain',
      maxInFlight: 5,
    }).listExtensions('big.example');
    expect(page.items).toHaveLength(2345);
    const calls = ns.requests.slice(before).filter((r) => r.path === '/domains/big.example/users');
    expect(calls.map((r) => [r.query.get('start'), r.query.get('limit')])).toEqual([
      ['0', '1000'],
      ['1000', '1000'],
      ['2000', '1000'],
    ]);
    ns.domains.delete('big.example');
  });

  it('backs off on 429 (Retry-After) and 503, then succeeds; gives up with a 503 AppError', async () => {
    const conn = reseller();
    ns.fail({ status: 429, retryAfter: '1' }, { status: 503 });
    const started = Date.now();
    const tenants = await conn.listTenants();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(tenants.items).toHaveLength(1);
    expect(conn.client.sent).toBe(3);

    const quick = reseller({ maxRetries: 2, maxBackoffMs: 20 });
    ns.fail({ status: 503 }, { status: 503 }, { status: 503 });
    const err = await quick.listTenants().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  it('keeps at most NS_MAX_IN_FLIGHT requests in flight', async () => {
    for (let d = 0; d < 12; d++) {
      ns.addDomain(`fan${d}.example`, 'fan-out', { sites: ['Main'] });
      ns.addUser(`fan${d}.example`, { user: '100' });
    }
    // Each reply is held long enough that a loaded CI host still has five requests open before the first returns
    // (at 15 ms, one run saw only four at once); 12 domains, five at a time: three rounds of 150 ms.
    ns.latencyMs = 150;
    const items = (await reseller({ maxInFlight: 5 }).listDomains('fan-out')).items;
    expect(items).toHaveLength(12);
    expect(ns.maxInFlight).toBe(5);
    for (let d = 0; d < 12; d++) ns.domains.delete(`fan${d}.example`);
  });

  it('writes with "synchronous":"yes": create, edit, SIP password, provisioning read, delete', async () => {
    await t.call('getExtensions', { tenant_id: 'beta.example', sync: true }, { token: admin });
    await t.deps.jobs.drain();
    const created = await t.call(
      'createExtension',
      {
        tenant_id: 'beta.example',
        extension: '201',
        domain: 'beta.example',
        site_name: '',
        firstname: 'Neu',
        lastname: 'Er',
        email: 'neu@beta.example',
        admin: true,
      },
      { token: admin },
    );
    expect(created.statusCode, created.body).toBe(200);
    const post = ns.requests.find((r) => r.method === 'POST' && r.path === '/domains/beta.example/users')!;
    expect(post.body).toMatchObject({
      user: '201',
      'name-first-name': 'Neu',
      'name-last-name': 'Er',
      'email-address': 'neu@beta.example',
      'user-scope': 'Office Manager',
      synchronous: 'yes',
    });
    expect(ns.domains.get('beta.example')!.devices.get('201')?.['device-sip-registration-password']).toMatch(
      /^.{20,}$/,
    );

    const edit = await t.call(
      'editUserDetails',
      {
        tenant_id: 'beta.example',
        extension: '201',
        user_details: { firstName: 'Neu', lastName: 'Renamed', emailAddress: 'neu@beta.example' },
      },
      { token: admin },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const put = ns.requests.filter((r) => r.method === 'PUT' && r.path === '/domains/beta.example/users/201').at(-1)!;
    expect(put.body).toEqual({
      'name-first-name': 'Neu',
      'name-last-name': 'Renamed',
      'email-address': 'neu@beta.example',
      site: '',
      synchronous: 'yes',
    });
    expect(ns.domains.get('beta.example')!.users.get('201')!['user-scope']).toBe('Office Manager');

    const pw = await t.call(
      'setSipPassword',
      { tenant_id: 'beta.example', extension: '201', password: 'Fresh-Sip-Pass-1' },
      { token: admin },
    );
    expect(pw.statusCode, pw.body).toBe(200);
    expect(await t.deps.connector.getSipPassword!('beta.example', '201')).toBe('Fresh-Sip-Pass-1');
    expect(ns.requests.filter((r) => r.path === '/domains/beta.example/users/201/devices/201').at(-1)!.body).toEqual({
      'device-sip-registration-password': 'Fresh-Sip-Pass-1',
      synchronous: 'yes',
    });

    const del = await t.call('deleteExtension', { tenant_id: 'beta.example', extension: '201' }, { token: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect(ns.domains.get('beta.example')!.users.has('201')).toBe(false);
    expect(
      ns.requests
        .filter((r) => r.method !== 'GET')
        .every((r) => r.method === 'DELETE' || r.body?.synchronous === 'yes'),
    ).toBe(true);
  });

  it('surfaces platform errors as clear 4xx/503, never 500', async () => {
    const body = {
      tenant_id: 'beta.example',
      extension: '202',
      domain: 'beta.example',
      firstname: 'E',
      lastname: 'Rr',
      admin: false,
    };
    ns.fail({ status: 500 });
    const down = await t.call('createExtension', body, { token: admin });
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toEqual({
      code: 'service_unavailable',
      message: 'The telephony platform is not reachable right now. Try again later.',
    });

    ns.addUser('beta.example', { user: '203' });
    await t.db.kysely.deleteFrom('extensions').where('extension', '=', '203').execute();
    const clash = await t.call('createExtension', { ...body, extension: '203' }, { token: admin });
    expect(clash.statusCode).toBe(200); // an existing NS user is updated (PUT), not created twice

    const bad = await t.call('createExtension', { ...body, extension: 'x#1' }, { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^The telephony platform refused the change: user is required/);

    const wrongKey = new NetSapiensConnector({
      baseUrl: ns.url,
      apiKey: 'nsr_wrong_key_000',
      tenantMode: 'domain',
      maxInFlight: 5,
    });
    await expect(wrongKey.listTenants()).rejects.toMatchObject({ status: 503 });
    await expect(
      reseller().listCallRecords({ tenantExternalId: 'nobody', from: new Date(0), to: new Date() }),
    ).resolves.toEqual({ items: [] });
  });

  it('reads call records (datetime-start/end) and active calls', async () => {
    const beta = ns.domains.get('beta.example')!;
    beta.cdrs.push({
      'call-orig-call-id': 'c1@ns',
      'call-direction': 'Inbound',
      'call-orig-caller-id': '+15551230000',
      'call-term-user': '200',
      'call-start-datetime': '2025-01-02T10:00:00Z',
      'call-talking-duration-seconds': 42,
    });
    beta.calls.push({
      'call-orig-call-id': 'live1@ns',
      'call-orig-uri': 'sip:200@beta.example',
      'call-term-uri': 'sip:+15559876543@beta.example',
      'call-start-datetime': '2025-01-02T10:05:00Z',
    });
    const conn = t.deps.connector;
    const cdrs = await conn.listCallRecords!({
      tenantExternalId: 'beta.example',
      from: new Date('2025-01-01T00:00:00Z'),
      to: new Date('2025-01-03T00:00:00Z'),
    });
    expect(cdrs.items[0]).toMatchObject({
      id: 'c1@ns',
      extension: '200',
      destination: '+15551230000',
      direction: 'Inbound',
      talkSeconds: 42,
    });
    const q = ns.requests.filter((r) => r.path === '/domains/beta.example/cdrs').at(-1)!.query;
    expect([q.get('datetime-start'), q.get('datetime-end')]).toEqual([
      '2025-01-01T00:00:00.000Z',
      '2025-01-03T00:00:00.000Z',
    ]);
    expect(await conn.listActiveCalls!('beta.example')).toEqual([
      {
        sipCallId: 'live1@ns',
        caller: '200',
        callee: '+15559876543',
        aor: 'sip:200@beta.example',
        startedAt: new Date('2025-01-02T10:05:00Z'),
      },
    ]);
  });

  it('syncs 10,000 users with 20 ms latency per request in under 5 s', async () => {
    // 100 domains of 100 users: about 200 requests (sites and users of each domain), 5 at a time.
    for (let d = 0; d < 100; d++) {
      const domain = `bulk${d}.example`;
      ns.addDomain(domain, 'bulk-reseller', { sites: ['Main', 'Annex'] });
      for (let i = 0; i < 100; i++)
        ns.addUser(domain, {
          user: String(10000 + d * 100 + i),
          'name-first-name': `F${i}`,
          'name-last-name': `L${d}`,
          'email-address': `u${i}@${domain}`,
          'user-scope': i % 50 ? 'Basic User' : 'Office Manager',
          site: i % 2 ? 'Annex' : 'Main',
        });
    }
    ns.latencyMs = 20;
    const conn = reseller();
    const started = performance.now();
    await syncTenants(t.db.kysely, conn);
    const report = await syncTenantExtensions(t.db.kysely, conn, 'bulk-reseller');
    const ms = performance.now() - started;
    console.log(
      `[bench] netsapiens sync: 10,000 users in 100 domains, 20 ms latency, ${conn.client.sent} requests, max ${ns.maxInFlight} in flight: ${ms.toFixed(0)} ms (${process.env.TEST_DB})`,
    );
    expect(report).toMatchObject({ created: 10_000, domains: 200 });
    expect(ns.maxInFlight).toBeLessThanOrEqual(5);
    expect(ms).toBeLessThan(5000);
  }, 30_000);
});
