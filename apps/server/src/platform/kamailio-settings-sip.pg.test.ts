import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { type XmlSipAccount, accountFromXml } from '../../test/kamailio/baresip';
import { type Phone, type PhoneEvent, startPhone } from '../../test/kamailio/phones';
import { writeFixtures } from '../../test/kamailio/audio';
import {
  KAMAILIO_PG_CFG,
  type Kamailio,
  ensureSipTools,
  freePhonePorts,
  freeTcpPort,
  freeUdpPort,
  kamailioPgUrl,
  rpc,
  startKamailio,
} from '../../test/kamailio/sip-tools';

// Runs in the postgres project only: the settings page's call control saved through the portal (PLATFORM=kamailio)
// changes what happens to a real call. Debian's Kamailio with deploy/kamailio/kamailio.cfg on the throwaway cluster's
// "kamailio" database, four baresip phones configured only from the portal's account XML (auto-answer). No rtpengine
// here: the config lets calls go unanchored, which is enough to see who rings.
const CLOUD_ID = 'CSPROOF';
const KAM_URL = kamailioPgUrl();
const DOMAIN = `csip-${randomBytes(3).toString('hex')}.example`;
const TENANT = `csip-${randomBytes(3).toString('hex')}`;
const PASSWORD = 'Call!Settings-Sip-2026';
const people = { a: '7201', b: '7202', c: '7203', d: '7204' } as const;

let dir: string;
let kam: Kamailio;
let t: TestApp;
let bToken: string;
const phones: Partial<Record<keyof typeof people, Phone>> = {};

/** Extension and app account (password changed from the temporary one), its account XML's account. */
async function person(admin: string, extension: string): Promise<XmlSipAccount> {
  const email = `u${extension}@${DOMAIN}`;
  const ext = await t.call(
    'createExtension',
    {
      tenant_id: TENANT,
      extension,
      domain: DOMAIN,
      site_name: 'HQ',
      firstname: 'Sip',
      lastname: extension,
      email,
      admin: false,
    },
    { token: admin },
  );
  expect(ext.statusCode, ext.body).toBe(200);
  const link = await t.call(
    'linkExtension',
    { email, did: `+1555${extension}`, pin: '246813', password: 'Temp!pw12', extension, tenant_id: TENANT },
    { token: admin },
  );
  expect(link.statusCode, link.body).toBe(200);
  expect(
    (await t.call('changeAppPassword', { username: email, old_password: 'Temp!pw12', new_password: PASSWORD }))
      .statusCode,
  ).toBe(200);
  const q = new URLSearchParams({ cloud_id: CLOUD_ID, cloud_username: email, cloud_password: PASSWORD });
  const xml = await t.app.inject({
    method: 'GET',
    url: `/api/v1/provision?${q}`,
    headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
  });
  expect(xml.statusCode, xml.body).toBe(200);
  return accountFromXml(xml.body);
}

/** B saves a tab on the settings page's API, as the page does. */
const saveB = async (tab: string, values: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/saveAppSettings',
    headers: { 'app-token': bToken },
    payload: { tab, values },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().availability).toBe('applied');
};
const saveCallControl = (values: object) => saveB('callControlSettings', values);
const off = { enabled: false, number: '' };
const plain = {
  dnd: false,
  call_waiting: true,
  forward_always: off,
  forward_busy: off,
  forward_no_answer: { ...off, ring_seconds: 20 },
};

beforeAll(async () => {
  ensureSipTools();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-cs-sip-'));
  const { tone } = writeFixtures(dir, 120);
  kam = await startKamailio({
    port: await freeUdpPort(),
    dbUrl: KAM_URL,
    workDir: dir,
    cfg: KAMAILIO_PG_CFG,
    defines: ['USRLOC_DB_MODE=3'],
  });
  t = await startTestApp({ PLATFORM: 'kamailio', KAMAILIO_DB_URL: KAM_URL, KAMAILIO_RPC_URL: kam.rpcUrl, CLOUD_ID });
  const admin = await t.login();
  expect(
    (await t.call('createTenant', { tid: TENANT, tname: TENANT, domain: DOMAIN, site_name: 'HQ' }, { token: admin }))
      .statusCode,
  ).toBe(200);
  const profile = await t.call(
    'profileCreateUpdate',
    { profile_name: `${TENANT} phones`, proxy: `127.0.0.1:${kam.port}`, transport: 'udp', tenant_id: TENANT },
    { token: admin },
  );
  expect(profile.statusCode, profile.body).toBe(200);
  const sipPorts = await freePhonePorts(4);
  for (const [i, [who, extension]] of (Object.entries(people) as [keyof typeof people, string][]).entries()) {
    const account = await person(admin, extension);
    const phone = await startPhone(account, {
      localPort: sipPorts[i]!,
      ctrlPort: await freeTcpPort(),
      workDir: dir,
      audioFile: tone,
      autoAnswer: true,
    });
    phones[who] = phone;
    await phone.registered();
  }
  const login = await t.call('appLogin', {
    username: `u${people.b}@${DOMAIN}`,
    password: Buffer.from(PASSWORD).toString('base64'),
  });
  expect(login.statusCode, login.body).toBe(200);
  bToken = login.json().app_token as string;
}, 120_000);

afterAll(async () => {
  for (const p of Object.values(phones)) await p?.stop();
  await t?.close();
  await kam?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  // The random domain's rows in Kamailio's shared database.
  const c = new pg.Client({ connectionString: KAM_URL });
  await c.connect();
  for (const table of ['provisio_call_settings'])
    await c.query(`DELETE FROM ${table} WHERE key_name LIKE $1`, [`%@${DOMAIN}%`]);
  for (const table of ['location', 'subscriber']) await c.query(`DELETE FROM ${table} WHERE domain = $1`, [DOMAIN]);
  await c.end();
});

type Who = keyof typeof people;

/**
 * `caller` calls `callee`: how the caller's call ended (answered, or closed with the reason) and which of the other
 * phones saw that call (its Call-ID) arrive. A callee's own events may trail the caller's by a few milliseconds.
 */
async function call(caller: Who, callee: Who, hangUp = true): Promise<{ a: string; rang: Who[] }> {
  const all = phones as Record<Who, Phone>;
  const others = (Object.keys(people) as Who[]).filter((w) => w !== caller);
  const from = Object.fromEntries((Object.keys(people) as Who[]).map((w) => [w, all[w].events.length])) as Record<
    Who,
    number
  >;
  await all[caller].dial(people[callee]);
  const at = from[caller];
  const end = await all[caller].waitFor(['CALL_ESTABLISHED', 'CALL_CLOSED'], { from: at, timeoutMs: 15_000 });
  const mine = (e: PhoneEvent) => e.id === end.id && e.direction === 'incoming';
  if (end.type === 'CALL_ESTABLISHED')
    await Promise.any(
      others.map((w) => all[w].waitFor('CALL_ESTABLISHED', { from: from[w], timeoutMs: 3000, match: mine })),
    );
  else await new Promise((r) => setTimeout(r, 500));
  const rang = others.filter((w) => all[w].events.slice(from[w]).some(mine));
  if (end.type === 'CALL_ESTABLISHED' && hangUp) {
    await all[caller].hangup();
    await all[caller].waitFor('CALL_CLOSED', { from: at });
  }
  return { a: end.type === 'CALL_CLOSED' ? `closed: ${end.param ?? ''}` : 'answered', rang };
}
const callB = () => call('a', 'b');

describe('call settings saved on the settings page take effect on real calls through Kamailio', () => {
  it('without settings A reaches B', async () => {
    await saveCallControl(plain);
    expect(await callB()).toEqual({ a: 'answered', rang: ['b'] });
  });

  it('forward always to C: the call to B rings C, not B', async () => {
    await saveCallControl({ ...plain, forward_always: { enabled: true, number: people.c } });
    expect(await callB(), kam.log().slice(-1500)).toEqual({ a: 'answered', rang: ['c'] });
  });

  it('do not disturb: A gets 486 Busy Here, nobody rings', async () => {
    await saveCallControl({ ...plain, dnd: true });
    expect(await callB()).toEqual({ a: expect.stringMatching(/486/), rang: [] });
  });

  it("A's number blocked by B: A gets 603 Decline, nobody rings", async () => {
    await saveCallControl(plain);
    await saveB('blockedNumbersSettings', { numbers: [people.a], block_anonymous: false });
    expect(await callB()).toEqual({ a: expect.stringMatching(/603/), rang: [] });
    await saveB('blockedNumbersSettings', { numbers: [], block_anonymous: false });
  });

  it('call waiting off and forward when busy to D: while B talks to C, the call to B rings D', async () => {
    await saveCallControl({ ...plain, call_waiting: false, forward_busy: { enabled: true, number: people.d } });
    const c = (phones as Record<Who, Phone>).c;
    const talking = await call('c', 'b', false);
    expect(talking).toEqual({ a: 'answered', rang: ['b'] });
    try {
      expect(await callB()).toEqual({ a: 'answered', rang: ['d'] });
    } finally {
      const at = c.events.length;
      await c.hangup();
      await c.waitFor('CALL_CLOSED', { from: at });
    }
    // B free again: the call reaches B.
    expect(await callB()).toEqual({ a: 'answered', rang: ['b'] });
  });

  it('turned off again: B rings once more', async () => {
    await saveCallControl(plain);
    expect(await callB()).toEqual({ a: 'answered', rang: ['b'] });
  });

  it('forward when not answered to C, B not registered: the call rings C at once', async () => {
    await saveCallControl({ ...plain, forward_no_answer: { enabled: true, number: people.c, ring_seconds: 15 } });
    const b = (phones as Record<Who, Phone>).b;
    await b.stop();
    await rpc(kam.rpcPort, 'ul.rm', ['location', `${people.b}@${DOMAIN}`]).catch(() => undefined);
    const started = Date.now();
    const r = await call('a', 'b');
    expect(r).toEqual({ a: 'answered', rang: ['c'] });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
