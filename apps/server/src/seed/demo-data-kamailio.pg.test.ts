import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { accountFromXml } from '../../test/kamailio/baresip';
import {
  KAMAILIO_PG_CFG,
  type Kamailio,
  ensureSipTools,
  freeUdpPort,
  kamailioPgUrl,
  sippRegister,
  startKamailio,
} from '../../test/kamailio/sip-tools';
import { DEMO_TENANTS } from './demo-data';

// Runs in the postgres project only: the demo on PLATFORM=kamailio, written through the connector into Kamailio's
// PostgreSQL database (the throwaway cluster's "kamailio" db), and a demo extension registering with Kamailio
// (deploy/kamailio/kamailio.cfg) using only the account XML the portal hands out.
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const KAM_URL = kamailioPgUrl();
const DEMO_DOMAINS = DEMO_TENANTS.map((d) => d.tid);
const DEMO_EXTENSIONS = DEMO_TENANTS.reduce((n, d) => n + d.count, 0);

async function kamQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: KAM_URL });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}
const clearDemoSubscribers = async () => {
  await kamQuery('DELETE FROM location WHERE domain = ANY($1)', [DEMO_DOMAINS]);
  await kamQuery('DELETE FROM subscriber WHERE domain = ANY($1)', [DEMO_DOMAINS]);
};

describe('demo data on kamailio', () => {
  let dir: string;
  let kam: Kamailio;
  let t: TestApp;
  let seedMs = 0;

  beforeAll(async () => {
    ensureSipTools();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-demo-kam-'));
    await clearDemoSubscribers();
    kam = await startKamailio({
      port: await freeUdpPort(),
      dbUrl: KAM_URL,
      workDir: dir,
      cfg: KAMAILIO_PG_CFG,
      defines: ['USRLOC_DB_MODE=3'],
    });
    const started = Date.now();
    t = await startTestApp({
      SEED_DEMO: 'true',
      PLATFORM: 'kamailio',
      KAMAILIO_DB_URL: KAM_URL,
      KAMAILIO_SIP_HOST: `127.0.0.1:${kam.port}`,
      CLOUD_ID: 'DEMOKAM',
    });
    seedMs = Date.now() - started;
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await kam?.stop();
    await clearDemoSubscribers();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('every demo extension is a Kamailio subscriber with a valid ha1/ha1b; the portal keeps no SIP password', async () => {
    const subs = await kamQuery<{ username: string; domain: string; password: string; ha1: string; ha1b: string }>(
      'SELECT username, domain, password, ha1, ha1b FROM subscriber WHERE domain = ANY($1)',
      [DEMO_DOMAINS],
    );
    expect(subs).toHaveLength(DEMO_EXTENSIONS);
    const portal = await t.db.kysely.selectFrom('extensions').select(['extension', 'domain']).execute();
    expect(portal).toHaveLength(DEMO_EXTENSIONS);
    expect(new Set(subs.map((s) => `${s.username}@${s.domain}`))).toEqual(
      new Set(portal.map((e) => `${e.extension}@${e.domain}`)),
    );
    for (const s of subs) {
      expect(s.password).toMatch(/^[\w-]{24}$/);
      expect(s.ha1).toBe(md5(`${s.username}:${s.domain}:${s.password}`));
      expect(s.ha1b).toBe(md5(`${s.username}@${s.domain}:${s.domain}:${s.password}`));
    }
    expect(new Set(subs.map((s) => s.password)).size).toBe(DEMO_EXTENSIONS);
    const kept = await t.db.kysely
      .selectFrom('builtin_extensions')
      .select('sip_password')
      .where('sip_password', '!=', '')
      .execute();
    expect(kept).toEqual([]);
    // Seeding 545 subscribers through the connector, with the rest of the first start (migrations, app): bounded.
    expect(seedMs).toBeLessThan(30_000);
    console.info(`demo seed on kamailio (first start incl. ${DEMO_EXTENSIONS} subscribers): ${seedMs} ms`);
  });

  it("no simulated call records or live calls: history and live calls are Kamailio's own", async () => {
    const records = await t.db.kysely
      .selectFrom('call_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(records.n)).toBe(0);
    const calls = await t.call('callActions', { action: 'list_active_channels' }, { token: await t.login() });
    expect(calls.statusCode, calls.body).toBe(200);
    expect(calls.json()).toEqual([]);
    // The rest of the demo is the same as on builtin: tenants, sites, licences, resellers, the template.
    const tenants = await t.db.kysely.selectFrom('tenants').select('tid').orderBy('tid').execute();
    expect(tenants.map((r) => r.tid)).toEqual(DEMO_DOMAINS);
    const sites = await t.db.kysely
      .selectFrom('tenant_domains')
      .select('site_name')
      .where('tenant_id', '=', 'northwind.example')
      .orderBy('site_name')
      .execute();
    expect(sites.map((s) => s.site_name)).toEqual(['Lisbon', 'London', 'Lyon']);
    expect(await t.db.kysely.selectFrom('licences').select('tenant_id').execute()).toHaveLength(DEMO_TENANTS.length);
  });

  it('a demo extension registers with Kamailio using the account XML (the demo profile points at KAMAILIO_SIP_HOST)', async () => {
    const admin = await t.login();
    const ext = await t.db.kysely
      .selectFrom('extensions')
      .select(['tenant_id', 'extension', 'email'])
      .where('tenant_id', '=', 'bluebird.example')
      .where('email', '!=', '')
      .orderBy('extension')
      .executeTakeFirstOrThrow();
    const password = 'Demo!Kamailio-2026';
    const link = await t.call(
      'linkExtension',
      {
        email: ext.email,
        did: '+15550001001',
        pin: '246813',
        password,
        extension: ext.extension,
        tenant_id: ext.tenant_id,
      },
      { token: admin },
    );
    expect(link.statusCode, link.body).toBe(200);
    const q = new URLSearchParams({ cloud_id: 'DEMOKAM', cloud_username: ext.email, cloud_password: password });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/provision?${q}`,
      headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const acct = accountFromXml(res.body);
    expect(acct).toMatchObject({ username: ext.extension, host: 'bluebird.example', proxy: `127.0.0.1:${kam.port}` });
    const reg = sippRegister({ ...acct, localPort: await freeUdpPort(), workDir: dir });
    expect(reg.refusal, kam.log().slice(-1500)).toBe('');
    expect(reg.ok).toBe(true);
    const wrong = sippRegister({ ...acct, password: 'not-the-password', localPort: await freeUdpPort(), workDir: dir });
    expect(wrong.refusal).toMatch(/^SIP\/2\.0 401 /);
  });
});

describe('demo data on kamailio with one SIP domain for every tenant (KAMAILIO_SIP_DOMAIN)', () => {
  const SINGLE = 'demo-single.example';
  let t: TestApp;
  const clear = () => kamQuery('DELETE FROM subscriber WHERE domain = $1', [SINGLE]);
  beforeAll(async () => {
    await clear();
    t = await startTestApp({
      SEED_DEMO: 'true',
      PLATFORM: 'kamailio',
      KAMAILIO_DB_URL: KAM_URL,
      KAMAILIO_SIP_DOMAIN: SINGLE,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await clear();
  });

  it('gives each tenant its own extension range (one namespace), so every extension is a subscriber of that domain', async () => {
    const subs = await kamQuery<{ username: string }>('SELECT username FROM subscriber WHERE domain = $1', [SINGLE]);
    expect(subs).toHaveLength(DEMO_EXTENSIONS);
    const firsts = await t.db.kysely
      .selectFrom('extensions')
      .select(['tenant_id', (eb) => eb.fn.min('extension').as('first')])
      .groupBy('tenant_id')
      .orderBy('tenant_id')
      .execute();
    expect(firsts.map((r) => [r.tenant_id, r.first])).toEqual(
      DEMO_TENANTS.map((d, k) => [d.tid, String((k + 1) * 1000 + 100)]),
    );
    const profile = await t.db.kysely.selectFrom('client_profiles').select('proxy').execute();
    expect(profile).toEqual([{ proxy: SINGLE }]);
  });
});
