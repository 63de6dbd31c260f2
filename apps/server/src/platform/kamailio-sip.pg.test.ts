import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseCscPayload } from '@provisio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { type XmlSipAccount, accountFromXml, baresipRegister } from '../../test/kamailio/baresip';
import {
  KAMAILIO_PG_CFG,
  type Kamailio,
  ensureSipTools,
  freePhonePorts,
  freeUdpPort,
  kamailioPgUrl,
  sippRegister,
  startKamailio,
} from '../../test/kamailio/sip-tools';

// Runs in the postgres project only (*.pg.test.ts): Kamailio on the throwaway cluster's "kamailio" database
// (scripts/pg-throwaway.sh), configured as deploy/kamailio/kamailio.cfg; real clients configured from the XML alone.
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const CLOUD_ID = 'SIPPROOF';
const REALM = 'sip.provider.test';
const KAM_URL = kamailioPgUrl();

let dir: string;
let kamFd: Kamailio; // realm = the From domain (auth_check("$fd"))
let kamRealm: Kamailio; // one fixed realm (REALM define)

async function kamQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: KAM_URL });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  ensureSipTools();
  expect(fs.existsSync('/usr/share/kamailio/postgres/auth_db-create.sql'), 'package kamailio-postgres-modules').toBe(
    true,
  );
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-sip-'));
  await kamQuery("DELETE FROM location WHERE username ~ '^[345]0[0-9][0-9]$'");
  await kamQuery("DELETE FROM subscriber WHERE username ~ '^[345]0[0-9][0-9]$'");
  kamFd = await startKamailio({
    port: await freeUdpPort(),
    dbUrl: KAM_URL,
    workDir: dir,
    cfg: KAMAILIO_PG_CFG,
    defines: ['USRLOC_DB_MODE=3'],
  });
  kamRealm = await startKamailio({
    port: await freeUdpPort(),
    dbUrl: KAM_URL,
    workDir: dir,
    cfg: KAMAILIO_PG_CFG,
    defines: ['USRLOC_DB_MODE=3', `REALM="${REALM}"`],
  });
}, 240_000);

afterAll(async () => {
  await kamFd?.stop();
  await kamRealm?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Person {
  tenant: string;
  domain: string;
  extension: string;
  email: string;
  password: string;
}

/** Tenant, extension and its app account, created through the API as an administrator would. */
async function setUp(t: TestApp, admin: string, p: Person, proxy?: string): Promise<void> {
  const tenant = await t.call(
    'createTenant',
    { tid: p.tenant, tname: p.tenant, domain: p.domain, site_name: 'HQ' },
    { token: admin },
  );
  expect(tenant.statusCode, tenant.body).toBe(200);
  const ext = await t.call(
    'createExtension',
    {
      tenant_id: p.tenant,
      extension: p.extension,
      domain: p.domain,
      site_name: 'HQ',
      firstname: 'Sip',
      lastname: `Proof ${p.extension}`,
      email: p.email,
      admin: false,
    },
    { token: admin },
  );
  expect(ext.statusCode, ext.body).toBe(200);
  const did = `+1555${p.extension}${p.domain.length}`;
  const link = await t.call(
    'linkExtension',
    { email: p.email, did, pin: '246813', password: p.password, extension: p.extension, tenant_id: p.tenant },
    { token: admin },
  );
  expect(link.statusCode, link.body).toBe(200);
  if (proxy) {
    const profile = await t.call(
      'profileCreateUpdate',
      { profile_name: `${p.tenant} phones`, proxy, transport: 'udp', tenant_id: p.tenant },
      { token: admin },
    );
    expect(profile.statusCode, profile.body).toBe(200);
  }
}

/** GET /api/v1/provision as the app does at sign-in; the XML text. */
async function provisionXml(t: TestApp, p: Person): Promise<string> {
  const q = new URLSearchParams({ cloud_id: CLOUD_ID, cloud_username: p.email, cloud_password: p.password });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/provision?${q}`,
    headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/**
 * Re-provisioning as the app does it: the `extProvUrl` of the account it holds, with its `%account[…]%` placeholders
 * filled from that account (cloud_username from the XML, cloud_password the one it signed in with).
 */
async function reprovision(t: TestApp, held: string, cloudPassword: string): Promise<string> {
  const url = accountFromXml(held).extProvUrl;
  expect(url.startsWith(`${t.deps.config.publicUrl}/api/v1/provision?`), url).toBe(true);
  const cloudUser = /<cloud_username>([^<]*)<\/cloud_username>/.exec(held)?.[1] ?? '';
  const filled = url
    .replace('%account[cloud_username]%', encodeURIComponent(cloudUser))
    .replace('%account[cloud_password]%', encodeURIComponent(cloudPassword));
  const u = new URL(filled);
  const res = await t.app.inject({
    method: 'GET',
    url: `${u.pathname}${u.search}`,
    headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

// baresip binds TCP beside its UDP port: ports free for both (a UDP-only free port collided once in a full run).
const register = async (a: XmlSipAccount) =>
  baresipRegister(a, { localPort: (await freePhonePorts(1))[0]!, workDir: dir });

describe('baresip configured only from the account XML registers with Kamailio on PostgreSQL', () => {
  describe('one SIP domain for every tenant (KAMAILIO_SIP_DOMAIN), the Kamailio address as KAMAILIO_SIP_HOST', () => {
    let t: TestApp;
    const ana: Person = {
      tenant: 'single-t',
      domain: 'single-t.example',
      extension: '4001',
      email: 'ana@single-t.example',
      password: 'Single!Domain-2024',
    };
    beforeAll(async () => {
      t = await startTestApp({
        PLATFORM: 'kamailio',
        KAMAILIO_DB_URL: KAM_URL,
        KAMAILIO_SIP_DOMAIN: 'single.example',
        KAMAILIO_SIP_HOST: `127.0.0.1:${kamFd.port}`,
        CLOUD_ID,
      });
      await setUp(t, await t.login(), ana);
    }, 120_000);
    afterAll(() => t?.close());

    it('host = the SIP domain, proxy = the SIP host: 200 OK; a wrong password (SIPp) gets 401', async () => {
      const acct = accountFromXml(await provisionXml(t, ana));
      expect(acct).toMatchObject({
        username: '4001',
        authUsername: '4001',
        host: 'single.example',
        proxy: `127.0.0.1:${kamFd.port}`,
      });
      const reg = await register(acct);
      expect(reg.line, kamFd.log().slice(-1500)).toMatch(/200 OK/);
      expect(reg.ok).toBe(true);
      const wrong = sippRegister({
        ...acct,
        password: 'not-the-password',
        localPort: await freeUdpPort(),
        workDir: dir,
      });
      expect(wrong.ok).toBe(false);
      expect(wrong.refusal).toMatch(/^SIP\/2\.0 401 /);
    });
  });

  describe('several SIP domains, the client profile naming a proxy that is not the domain', () => {
    let t: TestApp;
    let admin: string;
    const multi: Person = {
      tenant: 'multi-t',
      domain: 'multi.example',
      extension: '3001',
      email: 'sip3001@multi.example',
      password: 'Multi!Domain-2024',
    };
    const other: Person = {
      tenant: 'other-t',
      domain: 'other.example',
      extension: '3001',
      email: 'sip3001@other.example',
      password: 'Other!Domain-2024',
    };
    beforeAll(async () => {
      t = await startTestApp({ PLATFORM: 'kamailio', KAMAILIO_DB_URL: KAM_URL, CLOUD_ID });
      admin = await t.login();
      await setUp(t, admin, multi, `127.0.0.1:${kamFd.port}`);
      await setUp(t, admin, other, `127.0.0.1:${kamFd.port}`);
    }, 120_000);
    afterAll(() => t?.close());

    it('3001@multi.example and 3001@other.example each register through proxy 127.0.0.1', async () => {
      for (const p of [multi, other]) {
        const acct = accountFromXml(await provisionXml(t, p));
        expect(acct).toMatchObject({ username: '3001', host: p.domain, proxy: `127.0.0.1:${kamFd.port}` });
        const reg = await register(acct);
        expect(reg.line, kamFd.log().slice(-1500)).toMatch(/200 OK/);
        expect(reg.ok).toBe(true);
      }
    });

    it('after a SIP password rotation the held account gets 401; re-provisioning through its extProvUrl registers again', async () => {
      const held = await provisionXml(t, multi);
      const rotated = await t.call(
        'setSipPassword',
        { tenant_id: multi.tenant, extension: multi.extension },
        { token: admin },
      );
      expect(rotated.statusCode, rotated.body).toBe(200);
      const stale = await register(accountFromXml(held));
      expect(stale.ok).toBe(false);
      expect(stale.line).toMatch(/401 Unauthorized/);
      const fresh = accountFromXml(await reprovision(t, held, multi.password));
      expect(fresh.password).not.toBe(accountFromXml(held).password);
      const reg = await register(fresh);
      expect(reg.line, kamFd.log().slice(-1500)).toMatch(/200 OK/);
      expect(reg.ok).toBe(true);
    });
  });

  describe('an app set up from its QR (activation secret), then revoked by an administrator', () => {
    let t: TestApp;
    let admin: string;
    const rev: Person = {
      tenant: 'revoke-t',
      domain: 'revoke.example',
      extension: '3050',
      email: 'sip3050@revoke.example',
      password: 'Revoke!Domain-2024',
    };
    beforeAll(async () => {
      t = await startTestApp({ PLATFORM: 'kamailio', KAMAILIO_DB_URL: KAM_URL, CLOUD_ID });
      admin = await t.login();
      await setUp(t, admin, rev, `127.0.0.1:${kamFd.port}`);
    }, 120_000);
    afterAll(() => t?.close());

    it('registers with the account the QR secret provisions; after revokeApp the phone gets 401 and the secret 403', async () => {
      const qr = await t.call('authLogin', { username: rev.email, password: rev.password, cloud_id: CLOUD_ID });
      expect(qr.statusCode, qr.body).toBe(200);
      const secret = parseCscPayload(qr.json().qrValue)!.password!;
      expect(secret).not.toBe(rev.password);
      const q = new URLSearchParams({ cloud_id: CLOUD_ID, cloud_username: rev.email, cloud_password: secret });
      const first = await t.app.inject({
        method: 'GET',
        url: `/api/v1/provision?${q}`,
        headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
      });
      expect(first.statusCode, first.body).toBe(200);
      const held = accountFromXml(first.body);
      const reg = await register(held);
      expect(reg.line, kamFd.log().slice(-1500)).toMatch(/200 OK/);

      const revoked = await t.call('revokeApp', { tenant_id: rev.tenant, extension: rev.extension }, { token: admin });
      expect(revoked.statusCode, revoked.body).toBe(200);
      const stale = await register(held);
      expect(stale.ok).toBe(false);
      expect(stale.line).toMatch(/401 Unauthorized/);
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/v1/provision?${q}`,
        headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
      });
      expect(again.statusCode).toBe(403);
      expect(again.body).toContain('<message>Invalid Credentials</message>');
    });
  });

  describe('one digest realm for all domains (KAMAILIO_REALM and the config define REALM)', () => {
    let t: TestApp;
    const rita: Person = {
      tenant: 'realm-t',
      domain: 'realm.example',
      extension: '5001',
      email: 'rita@realm.example',
      password: 'Fixed!Realm-2024',
    };
    beforeAll(async () => {
      t = await startTestApp({ PLATFORM: 'kamailio', KAMAILIO_DB_URL: KAM_URL, KAMAILIO_REALM: REALM, CLOUD_ID });
      await setUp(t, await t.login(), rita, `127.0.0.1:${kamRealm.port}`);
    }, 120_000);
    afterAll(() => t?.close());

    it('hashes with the fixed realm, keeps <host> the domain, and registers (the realm comes from the challenge)', async () => {
      const acct = accountFromXml(await provisionXml(t, rita));
      expect(acct).toMatchObject({ username: '5001', host: 'realm.example', proxy: `127.0.0.1:${kamRealm.port}` });
      const [row] = await kamQuery<{ domain: string; ha1: string; ha1b: string }>(
        'SELECT domain, ha1, ha1b FROM subscriber WHERE username = $1',
        ['5001'],
      );
      expect(row).toEqual({
        domain: 'realm.example',
        ha1: md5(`5001:${REALM}:${acct.password}`),
        ha1b: md5(`5001@realm.example:${REALM}:${acct.password}`),
      });
      const reg = await register(acct);
      expect(reg.line, kamRealm.log().slice(-1500)).toMatch(/200 OK/);
      expect(reg.ok).toBe(true);
      // The same credentials against a Kamailio whose realm is the domain: the ha1 does not match.
      const elsewhere = await register({ ...acct, proxy: `127.0.0.1:${kamFd.port}` });
      expect(elsewhere.line).toMatch(/401 Unauthorized/);
    });
  });
});
