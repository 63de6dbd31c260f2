/**
 * Calls on the reference SIP platform, driven as people use it: Debian's Kamailio (deploy/kamailio/kamailio.cfg, on the
 * throwaway cluster's "kamailio" database that `npm test` starts), rtpengine (deploy/rtpengine/rtpengine.conf,
 * userspace, pcap recording), a portal with PLATFORM=kamailio (the real server in its own process), and three baresip
 * phones configured only from the account XML the portal serves. Chromium listens in, reads the call history and
 * sets forwarding and DND on the end-user pages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Page, expect, request, test } from '../support/test';
import pg from 'pg';
import { writeFixtures } from '../../apps/server/test/kamailio/audio';
import { accountFromXml } from '../../apps/server/test/kamailio/baresip';
import { type Phone, startPhone } from '../../apps/server/test/kamailio/phones';
import {
  KAMAILIO_PG_CFG,
  type Kamailio,
  type Rtpengine,
  ensureCallTools,
  freePhonePorts,
  freeTcpPort,
  freeUdpPort,
  kamailioPgUrl,
  startKamailio,
  startRtpengine,
} from '../../apps/server/test/kamailio/sip-tools';
import { E2E } from '../support/constants';
import { PHONE } from '../support/end-user';
import { shot } from '../support/helpers';
import { type Portal, startPortal } from '../support/sip-portal';

test.describe.configure({ mode: 'serial' });

const CLOUD_ID = 'E2ESIP';
const TENANT = 'sipcalls.example';
const ADMIN_PASSWORD = 'Admin-sip-e2e-1';
const people = {
  a: { extension: '8101', email: 'ana@sipcalls.example', password: 'Ana-calls-pass1!', admin: true },
  b: { extension: '8102', email: 'ben@sipcalls.example', password: 'Ben-calls-pass1!', admin: false },
  c: { extension: '8103', email: 'cleo@sipcalls.example', password: 'Cleo-calls-pass1!', admin: false },
} as const;
type Who = keyof typeof people;

let dir: string;
let kam: Kamailio;
let kamOpts: Parameters<typeof startKamailio>[0];
let rtp: Rtpengine;
let rtpOpts: Parameters<typeof startRtpengine>[0];
let portal: Portal;
let api: APIRequestContext;
let adminToken: string;
const phones = {} as Record<Who, Phone>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call<T = unknown>(name: string, body: unknown, token = adminToken): Promise<T> {
  const res = await api.post(`/api/v1/${name}`, { data: body, headers: token ? { token } : {} });
  expect(res.ok(), `${name} answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** Signs in as the portal's administrator, on the SIP portal's own origin. */
async function signInAdmin(page: Page): Promise<void> {
  await page.goto(`${portal.url}/login`);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A dials B's number and both sides see the call answered; resolves with the SIP Call-ID and the answer time. */
async function connect(from: Who, to: Who): Promise<{ callId: string; answeredAt: number }> {
  const mark = phones[from].events.length;
  await phones[from].dial(people[to].extension);
  const established = await phones[from].waitFor('CALL_ESTABLISHED', { from: mark, timeoutMs: 15_000 });
  return { callId: established.id ?? '', answeredAt: Date.now() };
}

async function hangUp(who: Who): Promise<number> {
  const mark = phones[who].events.length;
  await phones[who].hangup();
  await phones[who].waitFor('CALL_CLOSED', { from: mark, timeoutMs: 10_000 });
  return Date.now();
}

/** The strongest frequency the live-calls page's analyser hears, once it is near `hz`. */
async function expectTone(page: Page, hz: number): Promise<void> {
  const level = page.getByTestId('monitor-level');
  await expect
    .poll(async () => Math.abs(Number((await level.getAttribute('data-peak-hz').catch(() => null)) ?? 0) - hz), {
      timeout: 15_000,
      intervals: [250],
    })
    .toBeLessThan(25);
}

/** The RIFF/WAVE data length of a 16-bit mono 8 kHz file, in seconds. */
function wavSeconds(wav: Buffer): number {
  expect(wav.subarray(0, 4).toString()).toBe('RIFF');
  expect(wav.subarray(8, 12).toString()).toBe('WAVE');
  const channels = wav.readUInt16LE(22);
  const rate = wav.readUInt32LE(24);
  const bits = wav.readUInt16LE(34);
  let off = 12;
  while (off + 8 <= wav.length) {
    const id = wav.subarray(off, off + 4).toString();
    const size = wav.readUInt32LE(off + 4);
    if (id === 'data') return size / (rate * channels * (bits / 8));
    off += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ensureCallTools();
  const kamUrl = kamailioPgUrl();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-e2e-sip-'));
  // Leftovers of an earlier run in Kamailio's database (the portal's own data directory is new each run).
  const db = new pg.Client({ connectionString: kamUrl });
  await db.connect();
  await db.query('DELETE FROM subscriber WHERE domain = $1', [TENANT]);
  await db.query('DELETE FROM location WHERE domain = $1', [TENANT]);
  await db.query("DELETE FROM provisio_call_settings WHERE key_name LIKE '%@' || $1 || '%'", [TENANT]);
  await db.end();

  const portMin = 42000 + 200 * Math.floor(Math.random() * 80);
  rtpOpts = {
    ngPort: await freeUdpPort(),
    portMin,
    portMax: portMin + 199,
    recordingDir: path.join(dir, 'recordings'),
    workDir: dir,
  };
  rtp = await startRtpengine(rtpOpts);
  kamOpts = {
    port: await freeUdpPort(),
    dbUrl: kamUrl,
    workDir: dir,
    cfg: KAMAILIO_PG_CFG,
    defines: ['USRLOC_DB_MODE=3'],
    rpcPort: await freeTcpPort(),
    rtpengineSock: rtp.ngPort,
  };
  kam = await startKamailio(kamOpts);
  portal = await startPortal(E2E.port + 5, {
    PLATFORM: 'kamailio',
    KAMAILIO_DB_URL: kamUrl,
    KAMAILIO_SIP_HOST: `127.0.0.1:${kam.port}`,
    KAMAILIO_RPC_URL: `http://127.0.0.1:${kam.rpcPort}/RPC`,
    RTPENGINE_NG: `udp:127.0.0.1:${rtp.ngPort}`,
    RTPENGINE_RECORDING_DIR: rtpOpts.recordingDir,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    CLOUD_ID,
  });
  api = await request.newContext({ baseURL: portal.url });
  const login = await api.post('/api/v1/adminLogin', {
    data: { cloud_id: CLOUD_ID, user: 'admin', password: ADMIN_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  adminToken = ((await login.json()) as { Token: string }).Token;

  await call('createTenant', { tid: TENANT, tname: 'SIP Calls Ltd', domain: TENANT, site_name: 'HQ' });
  await call('createUpdateLicenses', {
    tenant_id: TENANT,
    vcx_desktop: 10,
    vcx_mobile: 10,
    call_recording: 10,
    analytics: 1,
    call_monitor: 2,
  });
  const audio = writeFixtures(dir, 600);
  const ports = await freePhonePorts(3);
  for (const [i, who] of (['a', 'b', 'c'] as const).entries()) {
    const p = people[who];
    await call('createExtension', {
      tenant_id: TENANT,
      extension: p.extension,
      domain: TENANT,
      site_name: 'HQ',
      firstname: who.toUpperCase(),
      lastname: `Caller ${p.extension}`,
      email: p.email,
      admin: p.admin,
    });
    await call('linkExtension', {
      email: p.email,
      did: `+1555010${p.extension}`,
      pin: `73${p.extension}`,
      password: 'admin-set',
      extension: p.extension,
      tenant_id: TENANT,
    });
    const changed = await api.post('/api/v1/changeAppPassword', {
      data: { username: p.email, old_password: 'admin-set', new_password: p.password },
    });
    expect(changed.ok(), await changed.text()).toBeTruthy();
    // The phone is configured from what the portal serves to the app, nothing else.
    const xml = await api.get(
      `/api/v1/provision?${new URLSearchParams({ cloud_id: CLOUD_ID, cloud_username: p.email, cloud_password: p.password })}`,
      { headers: { 'user-agent': 'CloudSoftphone/1.5.6' } },
    );
    expect(xml.ok(), await xml.text()).toBeTruthy();
    // A speaks, B answers with a 440 Hz tone, C rings until answered (it proves where a call went).
    phones[who] = await startPhone(accountFromXml(await xml.text()), {
      localPort: ports[i]!,
      ctrlPort: await freeTcpPort(),
      workDir: dir,
      audioFile: who === 'a' ? audio.speech : audio.tone,
      autoAnswer: who === 'b',
    });
  }
  await Promise.all(Object.values(phones).map((p) => p.registered(15_000)));
});

test.afterAll(async () => {
  await Promise.all(Object.values(phones).map((p) => p?.stop()));
  await api?.dispose();
  await portal?.stop();
  await kam?.stop();
  await rtp?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('a real call: listed live, an administrator hears it in Chromium, then both sides find it in their history with its recording', async ({
  page,
  browser,
}) => {
  const { callId, answeredAt } = await connect('a', 'b');
  await signInAdmin(page);
  await page.goto(`${portal.url}/testSDP`);
  const card = page.locator(`[data-testid="monitor-call"][data-call-id="${callId}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(`${people.a.extension} → ${people.b.extension}`);
  await card.getByTestId('monitor-listen').click();
  await expect(card.getByTestId('monitor-status')).toHaveAttribute('data-state', 'connected');
  // B's tone reaches the browser through rtpengine, the portal's mix and the WebRTC leg.
  await expectTone(page, 440);
  await shot(page, 'kamailio-monitor-listening');
  const stopped = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/api/v1/monitor/'),
  );
  await card.getByTestId('monitor-stop').click();
  expect((await stopped).status()).toBe(200);
  await sleep(Math.max(0, 6000 - (Date.now() - answeredAt)));
  const endedAt = await hangUp('a');
  const talk = (endedAt - answeredAt) / 1000;
  await page.getByTestId('monitor-refresh').click();
  await expect(card).toHaveCount(0, { timeout: 10_000 });

  // A's history: the call is Outbound, its recording plays as a WAV as long as the call.
  const phone = await browser.newPage({ viewport: PHONE });
  await phone.goto(
    `${portal.url}/cdrs?${new URLSearchParams({ username: people.a.email, password: people.a.password, cloud_id: CLOUD_ID })}`,
  );
  const outbound = phone.locator('[data-testid="cdr-row"][data-direction="Outbound"]').first();
  await expect(outbound).toBeVisible({ timeout: 15_000 });
  await expect(outbound.getByTestId('cdr-destination')).toContainText(people.b.extension);
  await shot(phone, 'kamailio-cdrs-outbound');
  await outbound.click();
  await expect(phone.getByTestId('cdr-direction')).toBeVisible();
  const flow = phone.getByTestId('cdr-flow-row').first();
  await expect(flow).toContainText(people.b.extension);
  const seconds = (await flow.textContent())!
    .match(/(\d\d):(\d\d):(\d\d)/)!
    .slice(1)
    .map(Number);
  expect(Math.abs(seconds[0]! * 3600 + seconds[1]! * 60 + seconds[2]! - talk)).toBeLessThanOrEqual(1.5);
  const src = await phone.getByTestId('cdr-recording').getAttribute('src');
  expect(src).toBeTruthy();
  const wav = await phone.request.get(new URL(src!, portal.url).href);
  expect(wav.status()).toBe(200);
  expect(wav.headers()['content-type']).toContain('audio/wav');
  expect(Math.abs(wavSeconds(await wav.body()) - talk)).toBeLessThanOrEqual(1.5);
  await shot(phone, 'kamailio-cdr-detail');

  // B's history: the same call, Inbound.
  await phone.goto(
    `${portal.url}/cdrs?${new URLSearchParams({ username: people.b.email, password: people.b.password, cloud_id: CLOUD_ID })}`,
  );
  await expect(phone.locator('[data-testid="cdr-row"][data-direction="Inbound"]').first()).toBeVisible({
    timeout: 15_000,
  });
  await phone.close();
});

test('an unanswered call is Missed in the callee history', async ({ browser }) => {
  const mark = phones.c.events.length;
  await phones.a.dial(people.c.extension);
  await phones.c.waitFor('CALL_INCOMING', { from: mark, timeoutMs: 15_000 });
  await sleep(1500);
  await hangUp('a');
  const phone = await browser.newPage({ viewport: PHONE });
  await phone.goto(
    `${portal.url}/cdrs?${new URLSearchParams({ username: people.c.email, password: people.c.password, cloud_id: CLOUD_ID })}`,
  );
  await expect(phone.locator('[data-testid="cdr-row"][data-direction="Missed"]').first()).toBeVisible({
    timeout: 15_000,
  });
  await shot(phone, 'kamailio-cdrs-missed');
  await phone.close();
});

test("forwarding set on B's settings page sends A's call to C; DND makes B busy", async ({ browser }) => {
  const page = await browser.newPage({ viewport: PHONE });
  await page.goto(`${portal.url}/settings_tab/callControlSettings`);
  await page.getByTestId('settings-username').fill(people.b.email);
  await page.getByTestId('settings-password').fill(people.b.password);
  await page.getByTestId('settings-signin-submit').click();
  await expect(page.getByTestId('settings-form-callControlSettings')).toBeVisible();
  // Each save waits for its own reply: the toast of the save before may still be showing (it did on a slow host, and
  // the call was placed before DND was stored).
  const save = async () => {
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/saveAppSettings'));
    await page.getByTestId('settings-save').click();
    expect((await saved).status()).toBe(200);
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'Successfully saved data!' }).last(),
    ).toBeVisible();
  };
  await page.getByTestId('setting-forward_always-enabled').check();
  await page.getByTestId('setting-forward_always-number').fill(people.c.extension);
  await save();
  await shot(page, 'kamailio-settings-forward');

  const mark = phones.c.events.length;
  await phones.a.dial(people.b.extension);
  await phones.c.waitFor('CALL_INCOMING', { from: mark, timeoutMs: 15_000 });
  await hangUp('a');

  await page.getByTestId('setting-forward_always-enabled').uncheck();
  await page.getByTestId('setting-dnd').check();
  await save();
  const from = phones.a.events.length;
  await phones.a.dial(people.b.extension);
  const closed = await phones.a.waitFor('CALL_CLOSED', { from, timeoutMs: 15_000 });
  expect(closed.param).toMatch(/486/);

  await page.getByTestId('setting-dnd').uncheck();
  await save();
  await page.close();
});

test('rtpengine or Kamailio stopped: the live-calls page says so (no server error), and the next call works once they are back', async ({
  page,
}) => {
  await signInAdmin(page);
  await rtp.stop();
  try {
    const { callId } = await connect('a', 'b');
    await page.goto(`${portal.url}/testSDP`);
    const card = page.locator(`[data-testid="monitor-call"][data-call-id="${callId}"]`);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/v1/monitor/'));
    await card.getByTestId('monitor-listen').click();
    expect((await answer).status()).toBe(424);
    await expect(page.getByTestId('monitor-error')).toHaveText(
      'The media server (rtpengine) does not answer, so listening in is not possible right now. Try again later.',
    );
    await shot(page, 'kamailio-monitor-rtpengine-down');
    await hangUp('a');
  } finally {
    rtp = await startRtpengine(rtpOpts);
  }

  await kam.stop();
  try {
    await page.goto(`${portal.url}/testSDP`);
    await expect(page.getByTestId('monitor-list-error')).toHaveText(
      'The telephony platform is not reachable right now. Try again later.',
    );
  } finally {
    kam = await startKamailio(kamOpts);
  }

  const { callId } = await connect('a', 'b');
  await page.goto(`${portal.url}/testSDP`);
  const card = page.locator(`[data-testid="monitor-call"][data-call-id="${callId}"]`);
  await card.getByTestId('monitor-listen').click();
  await expectTone(page, 440);
  await card.getByTestId('monitor-stop').click();
  await hangUp('a');
  // The server's request log saw the refusals (424) and no server error at all.
  expect(portal.log()).toMatch(/"statusCode":424/);
  expect(portal.log()).not.toMatch(/"statusCode":5\d\d/);
});
