import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import {
  type Kamailio,
  createKamailioSqlite,
  ensureSipTools,
  freeUdpPort,
  sippRegister,
  startKamailio,
} from '../../test/kamailio/sip-tools';
import { openKamailioDb } from './kamailio-db';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const TENANT = 'kam-e2e';
const DOMAIN = 'kam.example';
const EMAIL = 'sip.user@kam.example';
const APP_PASSWORD = 'Kam!lio-App-2024';
const CLOUD_ID = 'KAME2E';

let dir: string;
let kamDbFile: string;
let kamailio: Kamailio;
let t: TestApp;
let admin: string;

/** The SIP account of the provisioning XML, fetched the way the app does. */
async function provisioned(): Promise<{ username: string; password: string; host: string; proxy: string }> {
  const q = new URLSearchParams({ cloud_id: CLOUD_ID, cloud_username: EMAIL, cloud_password: APP_PASSWORD });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/provision?${q}`,
    headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const get = (k: string) => new RegExp(`<${k}>([^<]*)</${k}>`).exec(res.body)?.[1] ?? '';
  return { username: get('username'), password: get('password'), host: get('host'), proxy: get('proxy') };
}

let nextLocalPort = 0;
const register = async (acct: { username: string; password: string; host: string; proxy: string }) =>
  sippRegister({ ...acct, localPort: nextLocalPort || (nextLocalPort = await freeUdpPort()), workDir: dir });
const subscriber = () => {
  const db = openKamailioDb(`sqlite:///${kamDbFile}`);
  return { q: db.kysely.selectFrom('subscriber').selectAll().where('username', '=', '2001'), close: () => db.close() };
};
async function extensionRow() {
  const res = await t.call('getExtensions', { tenant_id: TENANT }, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ extension: string; registered?: boolean }[]>().find((r) => r.extension === '2001');
}

beforeAll(async () => {
  ensureSipTools();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-kamailio-'));
  kamDbFile = path.join(dir, 'kamailio.db');
  createKamailioSqlite(kamDbFile);
  const port = await freeUdpPort();
  kamailio = await startKamailio({ port, dbUrl: `sqlite:///${kamDbFile}`, workDir: dir });
  t = await startTestApp({
    PLATFORM: 'kamailio',
    KAMAILIO_DB_URL: `sqlite:///${kamDbFile}`,
    KAMAILIO_SIP_DOMAIN: '127.0.0.1',
    KAMAILIO_SIP_HOST: `127.0.0.1:${port}`,
    CLOUD_ID,
  });
  admin = await t.login();
  const tenant = await t.call(
    'createTenant',
    { tid: TENANT, tname: 'Kamailio E2E', domain: DOMAIN, site_name: 'HQ' },
    { token: admin },
  );
  expect(tenant.statusCode, tenant.body).toBe(200);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await kamailio?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('Kamailio connector, end to end with Debian Kamailio and SIPp', () => {
  it('writes the extension to Kamailio, provisions it, and the app credentials register: 200 OK, shown as registered', async () => {
    const created = await t.call(
      'createExtension',
      {
        tenant_id: TENANT,
        extension: '2001',
        domain: DOMAIN,
        site_name: 'HQ',
        firstname: 'Sia',
        lastname: 'Pee',
        email: EMAIL,
        admin: false,
      },
      { token: admin },
    );
    expect(created.statusCode, created.body).toBe(200);
    const sub = subscriber();
    const row = await sub.q.executeTakeFirstOrThrow();
    await sub.close();
    expect(row).toMatchObject({
      username: '2001',
      domain: '127.0.0.1',
      ha1: md5(`2001:127.0.0.1:${row.password}`),
      ha1b: md5(`2001@127.0.0.1:127.0.0.1:${row.password}`),
    });
    const meta = await t.db.kysely
      .selectFrom('builtin_extensions')
      .selectAll()
      .where('extension', '=', '2001')
      .executeTakeFirstOrThrow();
    expect(meta).toMatchObject({ tenant_id: TENANT, firstname: 'Sia', site_name: 'HQ', sip_password: '' });

    const link = await t.call(
      'linkExtension',
      { email: EMAIL, did: '+15550142', pin: '246813', password: APP_PASSWORD, extension: '2001', tenant_id: TENANT },
      { token: admin },
    );
    expect(link.statusCode, link.body).toBe(200);
    expect(await extensionRow()).toMatchObject({ registered: false });

    const acct = await provisioned();
    // <host> is the SIP domain, <proxy> the Kamailio to send to (KAMAILIO_SIP_HOST, as it differs from the domain).
    expect(acct).toEqual({
      username: '2001',
      password: row.password,
      host: '127.0.0.1',
      proxy: `127.0.0.1:${kamailio.port}`,
    });
    const reg = await register(acct);
    expect(reg, kamailio.log().slice(-1500)).toEqual({ ok: true, refusal: '' });
    expect(await extensionRow()).toMatchObject({ registered: true });
  });

  it('a new SIP password from the portal: the old one is refused, the new one registers', async () => {
    const old = await provisioned();
    const changed = await t.call('setSipPassword', { tenant_id: TENANT, extension: '2001' }, { token: admin });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.body).not.toContain(old.password);
    const fresh = await provisioned();
    expect(fresh.password).not.toBe(old.password);
    const refused = await register(old);
    expect(refused.ok).toBe(false);
    expect(refused.refusal).toMatch(/^SIP\/2\.0 40[13] /);
    expect(await register(fresh)).toEqual({ ok: true, refusal: '' });
    // An edit of names leaves the SIP credentials alone.
    const edit = await t.call(
      'editUserDetails',
      {
        tenant_id: TENANT,
        extension: '2001',
        user_details: { firstName: 'Sia', lastName: 'Renamed', emailAddress: EMAIL },
      },
      { token: admin },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await provisioned()).password).toBe(fresh.password);
  });

  it('removing the extension deletes the subscriber and its contacts: registration refused', async () => {
    const acct = await provisioned();
    const del = await t.call('deleteExtension', { tenant_id: TENANT, extension: '2001' }, { token: admin });
    expect(del.statusCode, del.body).toBe(200);
    const sub = subscriber();
    expect(await sub.q.executeTakeFirst()).toBeUndefined();
    await sub.close();
    const refused = await register(acct);
    expect(refused.ok).toBe(false);
    expect(refused.refusal).toMatch(/^SIP\/2\.0 40[13] /);
    expect(await extensionRow()).toBeUndefined();
  });
});
