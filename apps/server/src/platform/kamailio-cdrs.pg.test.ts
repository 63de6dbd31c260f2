import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { type XmlSipAccount, accountFromXml } from '../../test/kamailio/baresip';
import { toneLevel, writeFixtures } from '../../test/kamailio/audio';
import { type Phone, startPhone } from '../../test/kamailio/phones';
import {
  KAMAILIO_PG_CFG,
  type Kamailio,
  type Rtpengine,
  ensureCallTools,
  freePhonePorts,
  freeTcpPort,
  freeUdpPort,
  kamailioPgUrl,
  rpc,
  startKamailio,
  startRtpengine,
} from '../../test/kamailio/sip-tools';
import type { UlDump } from './kamailio-contacts';
import { parsePcap, udpOf } from './pcap-wav';
import { parseRtp } from './rtp';

// Runs in the postgres project only. Call records, recordings and registrations through the portal's API
// (PLATFORM=kamailio with KAMAILIO_RPC_URL and RTPENGINE_RECORDING_DIR) on the reference stack: Debian's Kamailio with
// deploy/kamailio/kamailio.cfg (usrloc db_mode 2, as in production: the location table lags, RPC does not) on the
// throwaway cluster's "kamailio" database, rtpengine 10.5 (userspace, pcap recording) and baresip phones configured
// only from the portal's account XML.
const CLOUD_ID = 'CDRPROOF';
const KAM_URL = kamailioPgUrl();
const suffix = randomBytes(3).toString('hex');
const T1 = { tenant: `cdr1-${suffix}`, domain: `cdr1-${suffix}.example` };
const T2 = { tenant: `cdr2-${suffix}`, domain: `cdr2-${suffix}.example` };
const PIN = '246813';
const PASSWORD = 'Call!Records-2026';
const USERS = { a: '7301', b: '7302', c: '7303', d: '7401' } as const;
type Who = keyof typeof USERS;

let dir: string;
let kam: Kamailio;
let rtp: Rtpengine;
let t: TestApp;
let admin: string;
const accounts: Partial<Record<Who, XmlSipAccount>> = {};
const phones: Partial<Record<Who, Phone>> = {};
const phone = (w: Who) => phones[w]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface CdrRow {
  name: string;
  destination: string;
  time_stamp: string;
  direction: string;
  recording_url: string | null;
  ans_call_flow: { callingnumber: string; dialednumber: string; target: string; talktime_duration: string }[];
}
const tenantOf = (w: Who) => (w === 'd' ? T2 : T1);
const token = (w: Who) => Buffer.from(`${USERS[w]}@${tenantOf(w).tenant}:${PIN}`).toString('base64');
/** getCDRs (My Calls) or getGroupCDRs as the end-user page asks for them. */
async function cdrs(w: Who, group = false): Promise<CdrRow[] | null> {
  const res = await t.call(group ? 'getGroupCDRs' : 'getCDRs', {
    tenant_id: tenantOf(w).tenant,
    user: USERS[w],
    token: token(w),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CdrRow[] | null>();
}
/** The first getCDRs row for which `ok` holds, within a few seconds (acc writes the row when the call ends). */
async function until(w: Who, ok: (rows: CdrRow[]) => boolean): Promise<CdrRow[]> {
  const deadline = Date.now() + 8000;
  for (;;) {
    const rows = (await cdrs(w)) ?? [];
    if (ok(rows) || Date.now() > deadline) return rows;
    await sleep(200);
  }
}
const seconds = (hms: string) => hms.split(':').reduce((s, p) => s * 60 + Number(p), 0);
/** 'YYYY-MM-DD hh:mm:ss AM/PM' (UTC) → epoch ms. */
function stampMs(s: string): number {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) (AM|PM)$/.exec(s)!;
  const h = (Number(m[4]) % 12) + (m[7] === 'PM' ? 12 : 0);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), h, Number(m[5]), Number(m[6]));
}
/**
 * The AoRs of the test's domains with a live contact in usrloc's memory (ul.dump). With db_mode 2 a removed AoR may stay
 * listed until the next timer run, its contacts marked "deleted".
 */
async function aors(): Promise<string[]> {
  const dump = await rpc<
    UlDump & { Domains?: { Domain?: { AoRs?: { Info?: { Contacts?: { Contact?: { Expires?: unknown } }[] } }[] } }[] }
  >(kam.rpcPort, 'ul.dump');
  return (dump.Domains ?? [])
    .flatMap((d) => d.Domain?.AoRs ?? [])
    .filter((a) =>
      (a.Info?.Contacts ?? []).some(
        (c) => c.Contact?.Expires === 'permanent' || (typeof c.Contact?.Expires === 'number' && c.Contact.Expires > 0),
      ),
    )
    .map((a) => a.Info?.AoR ?? '')
    .filter((a) => a.endsWith(T1.domain) || a.endsWith(T2.domain));
}
async function registered(w: Who): Promise<boolean | undefined> {
  const res = await t.call('getExtensions', { tenant_id: tenantOf(w).tenant }, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ extension: string; registered?: boolean }[]>().find((r) => r.extension === USERS[w])?.registered;
}

async function person(w: Who): Promise<XmlSipAccount> {
  const { tenant, domain } = tenantOf(w);
  const extension = USERS[w];
  const email = `u${extension}@${domain}`;
  const ext = await t.call(
    'createExtension',
    {
      tenant_id: tenant,
      extension,
      domain,
      site_name: 'HQ',
      firstname: 'Cdr',
      lastname: `User ${w.toUpperCase()}`,
      email,
      admin: w === 'a',
    },
    { token: admin },
  );
  expect(ext.statusCode, ext.body).toBe(200);
  const link = await t.call(
    'linkExtension',
    { email, did: `+1555${extension}`, pin: PIN, password: 'Temp!pw12', extension, tenant_id: tenant },
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

beforeAll(async () => {
  ensureCallTools();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-cdrs-sip-'));
  const audio = writeFixtures(dir, 120);
  const portMin = 33000 + 200 * Math.floor(Math.random() * 40);
  rtp = await startRtpengine({
    ngPort: await freeUdpPort(),
    portMin,
    portMax: portMin + 199,
    recordingDir: path.join(dir, 'recordings'),
    workDir: dir,
  });
  kam = await startKamailio({
    port: await freeUdpPort(),
    dbUrl: KAM_URL,
    workDir: dir,
    cfg: KAMAILIO_PG_CFG,
    defines: ['USRLOC_DB_MODE=2'],
    rtpengineSock: rtp.ngPort,
  });
  t = await startTestApp({
    PLATFORM: 'kamailio',
    KAMAILIO_DB_URL: KAM_URL,
    KAMAILIO_RPC_URL: kam.rpcUrl,
    RTPENGINE_RECORDING_DIR: rtp.recordingDir,
    CLOUD_ID,
  });
  admin = await t.login();
  for (const { tenant, domain } of [T1, T2]) {
    expect(
      (await t.call('createTenant', { tid: tenant, tname: tenant, domain, site_name: 'HQ' }, { token: admin }))
        .statusCode,
    ).toBe(200);
    const profile = await t.call(
      'profileCreateUpdate',
      { profile_name: `${tenant} phones`, proxy: `127.0.0.1:${kam.port}`, transport: 'udp', tenant_id: tenant },
      { token: admin },
    );
    expect(profile.statusCode, profile.body).toBe(200);
  }
  const ports = await freePhonePorts(4);
  // A talks (speech), B answers at once with a 440 Hz tone, C rings until someone hangs up, D is in the other tenant.
  const spec: Record<Who, [string, boolean]> = {
    a: [audio.speech, false],
    b: [audio.tone, true],
    c: [audio.tone, false],
    d: [audio.tone, false],
  };
  for (const [i, w] of (Object.keys(USERS) as Who[]).entries()) {
    accounts[w] = await person(w);
    phones[w] = await startPhone(accounts[w], {
      localPort: ports[i]!,
      ctrlPort: await freeTcpPort(),
      workDir: dir,
      audioFile: spec[w][0],
      autoAnswer: spec[w][1],
    });
  }
  await Promise.all(Object.values(phones).map((p) => p.registered()));
}, 120_000);

afterAll(async () => {
  await Promise.all(Object.values(phones).map((p) => p?.stop()));
  await t?.close();
  await kam?.stop();
  await rtp?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  const c = new pg.Client({ connectionString: KAM_URL });
  await c.connect();
  for (const d of [T1.domain, T2.domain]) {
    for (const table of ['location', 'subscriber']) await c.query(`DELETE FROM ${table} WHERE domain = $1`, [d]);
    await c.query('DELETE FROM acc_cdrs WHERE src_domain = $1 OR dst_domain = $1', [d]);
    await c.query('DELETE FROM missed_calls WHERE src_domain = $1 OR dst_domain = $1', [d]);
  }
  await c.end();
});

describe('call records and recordings of real calls, through the portal API', () => {
  let answered: { talkMs: number; answeredAt: number; callid: string };

  it("A calls B and hangs up: A's My Calls show it Outbound, B's Inbound, the talk time within 1 s of the call", async () => {
    const a = phone('a');
    const from = a.events.length;
    await a.dial(USERS.b);
    const up = await a.waitFor('CALL_ESTABLISHED', { from, timeoutMs: 15_000 });
    const answeredAt = Date.now();
    await sleep(4500);
    await a.hangup();
    await a.waitFor('CALL_CLOSED', { from });
    answered = { talkMs: Date.now() - answeredAt, answeredAt, callid: up.id ?? '' };
    expect(answered.callid).not.toBe('');

    const mine = await until('a', (rows) => rows.length > 0);
    expect(mine[0], kam.log().slice(-1500)).toMatchObject({
      direction: 'Outbound',
      destination: USERS.b,
      name: 'Cdr User B',
    });
    const talk = seconds(mine[0]!.ans_call_flow[0]!.talktime_duration);
    expect(Math.abs(talk * 1000 - answered.talkMs)).toBeLessThanOrEqual(1000);
    expect(mine[0]!.ans_call_flow).toMatchObject([{ callingnumber: USERS.a, dialednumber: USERS.b, target: USERS.b }]);
    expect(Math.abs(stampMs(mine[0]!.time_stamp) - answeredAt)).toBeLessThan(3000);

    const theirs = await until('b', (rows) => rows.length > 0);
    expect(theirs[0]).toMatchObject({ direction: 'Inbound', destination: USERS.a, name: 'Cdr User A' });
    expect(seconds(theirs[0]!.ans_call_flow[0]!.talktime_duration)).toBe(talk);
  });

  it('the recording URL plays a WAV of the call: its length that of the call (± 1 s), with B’s 440 Hz tone in it', async () => {
    const [row] = (await cdrs('a'))!;
    expect(row!.recording_url).toMatch(/^\/api\/v1\/recordings\/\d+\?grant=/);
    const res = await t.app.inject({ method: 'GET', url: row!.recording_url! });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^audio\/wav/);
    const wav = res.rawPayload;
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
    const lengthMs = (samples.length / 8000) * 1000;
    expect(Math.abs(lengthMs - answered.talkMs), `WAV ${lengthMs} ms, call ${answered.talkMs} ms`).toBeLessThanOrEqual(
      1000,
    );
    const pcm = Float32Array.from(samples, (v) => v / 32768);
    expect(toneLevel(pcm, 8000, 440)).toBeGreaterThan(0.2);
    // Both parties are in the capture the WAV was mixed from: two G.711 streams, each about 50 packets a second.
    const [file, ...more] = fs
      .readdirSync(path.join(rtp.recordingDir, 'pcaps'))
      .filter((f) => f.startsWith(`${answered.callid}-`));
    expect(more).toEqual([]);
    const capture = parsePcap(fs.readFileSync(path.join(rtp.recordingDir, 'pcaps', file!)));
    const streams = new Map<string, number>();
    for (const p of capture.packets) {
      const udp = udpOf(capture.linkType, p.frame);
      const r = udp && parseRtp(udp.payload);
      if (r && (r.payloadType === 0 || r.payloadType === 8))
        streams.set(`${udp.source}/${r.ssrc}`, (streams.get(`${udp.source}/${r.ssrc}`) ?? 0) + 1);
    }
    expect(capture.linkType).toBe(101);
    expect(streams.size).toBe(2);
    for (const n of streams.values()) expect(Math.abs(n / 50 - answered.talkMs / 1000)).toBeLessThanOrEqual(1);
    // B's own record plays the same call.
    const [b] = (await cdrs('b'))!;
    const other = await t.app.inject({ method: 'GET', url: b!.recording_url! });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.length).toBe(wav.length);
  });

  it('a call C does not answer (A hangs up while it rings) is Missed for C, Outbound with no talk time for A', async () => {
    const a = phone('a');
    const c = phone('c');
    const from = a.events.length;
    const ringing = c.events.length;
    await a.dial(USERS.c);
    await c.waitFor('CALL_INCOMING', { from: ringing, timeoutMs: 15_000 });
    await sleep(1500);
    await a.hangup();
    await a.waitFor('CALL_CLOSED', { from });
    const missed = await until('c', (rows) => rows.length > 0);
    expect(missed[0], kam.log().slice(-1500)).toMatchObject({
      direction: 'Missed',
      destination: USERS.a,
      name: 'Cdr User A',
      recording_url: null,
    });
    expect(missed[0]!.ans_call_flow[0]!.talktime_duration).toBe('00:00:00');
    const mine = await until('a', (rows) => rows.length > 1);
    expect(mine[0]).toMatchObject({ direction: 'Outbound', destination: USERS.c, recording_url: null });
    // The group (A is an admin extension): every side of both calls, newest first.
    expect((await cdrs('a', true))!.map((r) => `${r.direction}:${r.destination}`)).toEqual([
      `Outbound:${USERS.c}`,
      `Missed:${USERS.a}`,
      `Outbound:${USERS.b}`,
      `Inbound:${USERS.a}`,
    ]);
  });

  it("a call B forwards to C (forward always, saved on B's settings page) is Inbound for both, the flow showing the hop", async () => {
    const login = await t.call('appLogin', {
      username: `u${USERS.b}@${T1.domain}`,
      password: Buffer.from(PASSWORD).toString('base64'),
    });
    expect(login.statusCode, login.body).toBe(200);
    const appToken = login.json().app_token as string;
    const off = { enabled: false, number: '' };
    const plain = {
      dnd: false,
      call_waiting: true,
      forward_always: off,
      forward_busy: off,
      forward_no_answer: { ...off, ring_seconds: 20 },
    };
    const save = async (values: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/saveAppSettings',
        headers: { 'app-token': appToken },
        payload: { tab: 'callControlSettings', values },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await save({ ...plain, forward_always: { enabled: true, number: USERS.c } });
    try {
      const [a, c] = [phone('a'), phone('c')];
      const from = a.events.length;
      const ringing = c.events.length;
      await a.dial(USERS.b);
      await c.waitFor('CALL_INCOMING', { from: ringing, timeoutMs: 15_000 });
      await c.accept();
      await a.waitFor('CALL_ESTABLISHED', { from, timeoutMs: 15_000 });
      const answeredAt = Date.now();
      await sleep(2500);
      await a.hangup();
      await a.waitFor('CALL_CLOSED', { from });
      const talkMs = Date.now() - answeredAt;
      const flow = (r: CdrRow) =>
        r.ans_call_flow.map((l) => [
          l.callingnumber,
          l.dialednumber,
          l.target,
          l.talktime_duration === '00:00:00' ? 0 : 'talk',
        ]);
      const hops = [
        [USERS.a, USERS.b, USERS.b, 0],
        [USERS.b, USERS.c, USERS.c, 'talk'],
      ];
      const [mine] = await until('a', (rows) => rows.length > 2);
      expect(mine).toMatchObject({ direction: 'Outbound', destination: USERS.b });
      expect(flow(mine!)).toEqual(hops);
      expect(Math.abs(seconds(mine!.ans_call_flow[1]!.talktime_duration) * 1000 - talkMs)).toBeLessThanOrEqual(1000);
      const [forwarder] = await until('b', (rows) => rows.length > 1);
      expect(forwarder).toMatchObject({ direction: 'Inbound', destination: USERS.a, name: 'Cdr User A' });
      expect(flow(forwarder!)).toEqual(hops);
      const [target] = await until('c', (rows) => rows.length > 1);
      expect(target).toMatchObject({ direction: 'Inbound', destination: USERS.a });
      expect(flow(target!)).toEqual(hops);
    } finally {
      await save(plain);
    }
  });

  it("another tenant sees none of it: D's calls are empty, and tenant 1's record and recording are refused to D", async () => {
    expect(await cdrs('d')).toBeNull();
    // A's first call (the oldest record with a recording).
    const row = (await cdrs('a'))!.filter((r) => r.recording_url).at(-1);
    const id = /^\/api\/v1\/recordings\/(\d+)\?/.exec(row!.recording_url!)![1]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/recordings/${id}?tenant_id=${T2.tenant}&token=${encodeURIComponent(token('d'))}`,
    });
    expect(res.statusCode).toBe(403);
    expect(await t.deps.connector.getCallRecord!(T2.tenant, id)).toBeNull();
    expect(await t.deps.connector.getRecording!(T2.tenant, answered.callid)).toBeNull();
    expect(await t.deps.connector.getCallRecord!(T1.tenant, id)).toMatchObject({
      extension: USERS.a,
      recordingRef: answered.callid,
    });
  });
});

describe('registrations through RPC (usrloc db_mode 2): honest at once', () => {
  it('registered phones show as registered (ul.dump)', async () => {
    expect((await aors()).sort()).toEqual([
      `${USERS.a}@${T1.domain}`,
      `${USERS.b}@${T1.domain}`,
      `${USERS.c}@${T1.domain}`,
      `${USERS.d}@${T2.domain}`,
    ]);
    expect(await registered('b')).toBe(true);
  });

  it("after setSipPassword B's contact is gone from ul.dump and B shows unregistered; a call to B finds nobody", async () => {
    const res = await t.call('setSipPassword', { tenant_id: T1.tenant, extension: USERS.b }, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const dump = JSON.stringify(await rpc(kam.rpcPort, 'ul.dump'));
    expect(await aors(), dump).not.toContain(`${USERS.b}@${T1.domain}`);
    expect(await registered('b')).toBe(false);
    const a = phone('a');
    const from = a.events.length;
    await a.dial(USERS.b);
    const end = await a.waitFor(['CALL_ESTABLISHED', 'CALL_CLOSED'], { from, timeoutMs: 15_000 });
    expect(end).toMatchObject({ type: 'CALL_CLOSED', param: expect.stringMatching(/480/) });
  });

  it("after deleteExtension C's contact is gone from ul.dump at once", async () => {
    const res = await t.call('deleteExtension', { tenant_id: T1.tenant, extension: USERS.c }, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(await aors()).not.toContain(`${USERS.c}@${T1.domain}`);
    expect(await aors()).toContain(`${USERS.a}@${T1.domain}`);
  });

  it('Kamailio down: a password change still succeeds (the contacts lapse later), and the list leaves the status out', async () => {
    await kam.stop();
    const res = await t.call('setSipPassword', { tenant_id: T1.tenant, extension: USERS.a }, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(await registered('a')).toBeUndefined();
  });
});
