import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { type TestApp, createResellerUser, startTestApp } from '../../test/harness';
import { rms, toneLevel, writeFixtures } from '../../test/kamailio/audio';
import { type XmlSipAccount, accountFromXml } from '../../test/kamailio/baresip';
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
  startKamailio,
  startRtpengine,
} from '../../test/kamailio/sip-tools';
import { FRAME_SAMPLES } from './builtin-audio';
import { muLawDecode } from './rtp';
import { NgClient } from './rtpengine-ng';

// Runs in the postgres project only: Debian's Kamailio (deploy/kamailio/kamailio.cfg on the throwaway cluster's
// "kamailio" database) and rtpengine (deploy/rtpengine), two baresip phones configured only from the portal's account
// XML, and the portal (PLATFORM=kamailio) listing the call and letting an administrator listen in over WebRTC.
const CLOUD_ID = 'LIVEPROOF';
const KAM_URL = kamailioPgUrl();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dir: string;
let kam: Kamailio;
let engine: Rtpengine;
let ngPort: number;
let portMin: number;
let t: TestApp;
let admin: string;

interface Person {
  tenant: string;
  domain: string;
  extension: string;
  email: string;
  password: string;
}
const ana: Person = {
  tenant: 'live-a',
  domain: 'live-a.example',
  extension: '4101',
  email: 'ana@live-a.example',
  password: 'Live!Caller-2024',
};
const ben: Person = {
  tenant: 'live-a',
  domain: 'live-a.example',
  extension: '4102',
  email: 'ben@live-a.example',
  password: 'Live!Callee-2024',
};
const oli: Person = {
  tenant: 'live-b',
  domain: 'live-b.example',
  extension: '4101',
  email: 'oli@live-b.example',
  password: 'Live!Other-2024',
};

/** Tenant (once), extension and app account through the API, as an administrator would; the account XML's account. */
async function setUp(p: Person, newTenant: boolean): Promise<XmlSipAccount> {
  if (newTenant) {
    const tenant = await t.call(
      'createTenant',
      { tid: p.tenant, tname: p.tenant, domain: p.domain, site_name: 'HQ' },
      { token: admin },
    );
    expect(tenant.statusCode, tenant.body).toBe(200);
    const lic = await t.call(
      'createUpdateLicenses',
      { tenant_id: p.tenant, vcx_desktop: 5, vcx_mobile: 5, call_monitor: 2, call_recording: 0, analytics: 0 },
      { token: admin },
    );
    expect(lic.statusCode, lic.body).toBe(200);
    const profile = await t.call(
      'profileCreateUpdate',
      { profile_name: `${p.tenant} phones`, proxy: `127.0.0.1:${kam.port}`, transport: 'udp', tenant_id: p.tenant },
      { token: admin },
    );
    expect(profile.statusCode, profile.body).toBe(200);
  }
  const ext = await t.call(
    'createExtension',
    {
      tenant_id: p.tenant,
      extension: p.extension,
      domain: p.domain,
      site_name: 'HQ',
      firstname: 'Live',
      lastname: p.extension,
      email: p.email,
      admin: false,
    },
    { token: admin },
  );
  expect(ext.statusCode, ext.body).toBe(200);
  const link = await t.call(
    'linkExtension',
    {
      email: p.email,
      did: `+1555${p.extension}${p.tenant.length}`,
      pin: '246813',
      password: p.password,
      extension: p.extension,
      tenant_id: p.tenant,
    },
    { token: admin },
  );
  expect(link.statusCode, link.body).toBe(200);
  const q = new URLSearchParams({ cloud_id: CLOUD_ID, cloud_username: p.email, cloud_password: p.password });
  const xml = await t.app.inject({
    method: 'GET',
    url: `/api/v1/provision?${q}`,
    headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
  });
  expect(xml.statusCode, xml.body).toBe(200);
  return accountFromXml(xml.body);
}

/** A werift client standing in for the browser: recvonly PCMU; records the decoded audio with arrival times. */
async function listener() {
  const pc = new RTCPeerConnection({
    iceServers: [],
    iceAdditionalHostAddresses: ['127.0.0.1'],
    codecs: {
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/PCMU', clockRate: 8000, channels: 1, payloadType: 0 })],
      video: [],
    },
  });
  const transceiver = pc.addTransceiver('audio', { direction: 'recvonly' });
  const frames: { at: number; pcm: number[] }[] = [];
  transceiver.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((rtp) => frames.push({ at: Date.now(), pcm: [...rtp.payload].map(muLawDecode) })),
  );
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete')
    await new Promise<void>((res) => pc.iceGatheringStateChange.subscribe((s) => s === 'complete' && res()));
  return { pc, offer: pc.localDescription!.sdp, frames };
}

/** Power of `hz` relative to the signal's energy (Goertzel): ~0.5 for a pure tone, ~0.25 for one of two equal tones. */
function tonePower(samples: number[], hz: number): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / 8000);
  let s1 = 0;
  let s2 = 0;
  for (const x of samples) [s2, s1] = [s1, x + k * s1 - s2];
  return (s1 * s1 + s2 * s2 - k * s1 * s2) / (samples.reduce((acc, x) => acc + x * x, 0) || 1) / samples.length;
}

/** Arrival time of the first frame of the first 100 ms (5 frames) in which `hz` clearly stands out; null if never. */
function firstTone(frames: { at: number; pcm: number[] }[], hz: number): number | null {
  for (let i = 0; i + 5 <= frames.length; i++) {
    const pcm = frames.slice(i, i + 5).flatMap((f) => f.pcm);
    if (tonePower(pcm, hz) > 0.1) return frames[i]!.at;
  }
  return null;
}

const channels = async (token: string, tenant?: string) => {
  const res = await t.call(
    'callActions',
    { action: 'list_active_channels', ...(tenant ? { tenant_id: tenant } : {}) },
    { token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<
    { SIPCallID: string; Caller: string; Callee: string; Aor: string; StartedAt: string; tenant_id: string }[]
  >();
};
const listen = (callId: string, sdp: string, token: string, tenant?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/monitor/${encodeURIComponent(callId)}${tenant ? `?tenant_id=${tenant}` : ''}`,
    headers: { 'content-type': 'application/sdp', token },
    payload: sdp,
  });

async function newEngine(): Promise<Rtpengine> {
  return startRtpengine({ ngPort, portMin, portMax: portMin + 99, recordingDir: path.join(dir, 'rec'), workDir: dir });
}

beforeAll(async () => {
  ensureCallTools();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-live-'));
  ngPort = await freeUdpPort();
  portMin = 30000 + Math.floor(Math.random() * 27) * 100; // below the ephemeral ports, above test phones' SIP ports
  engine = await newEngine();
  kam = await startKamailio({
    port: await freeUdpPort(),
    dbUrl: KAM_URL,
    workDir: dir,
    cfg: KAMAILIO_PG_CFG,
    defines: ['USRLOC_DB_MODE=3'],
    rtpengineSock: ngPort,
  });
  t = await startTestApp({
    PLATFORM: 'kamailio',
    KAMAILIO_DB_URL: KAM_URL,
    KAMAILIO_RPC_URL: kam.rpcUrl,
    RTPENGINE_NG: `udp:127.0.0.1:${ngPort}`,
    RTPENGINE_RECORDING_DIR: path.join(dir, 'rec'),
    CLOUD_ID,
  });
  admin = await t.login();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await kam?.stop();
  await engine?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('live calls and listen-in on Kamailio + rtpengine, phones set up from the account XML', () => {
  let a: Phone;
  let b: Phone;
  let other: Phone;
  let callId: string;
  let answeredAt: number;

  beforeAll(async () => {
    const accounts = [await setUp(ana, true), await setUp(ben, false), await setUp(oli, true)];
    const audio = writeFixtures(dir);
    const ports = await freePhonePorts(3);
    const phone = async (acct: XmlSipAccount, i: number, audioFile: string) => {
      const p = await startPhone(acct, {
        localPort: ports[i]!,
        ctrlPort: await freeTcpPort(),
        workDir: dir,
        audioFile,
        autoAnswer: true,
      });
      await p.registered();
      return p;
    };
    // A talks (speech-like), B sends a 440 Hz tone; the other tenant's phone only registers.
    // One at a time, so that afterAll stops the ones started when a later one fails.
    a = await phone(accounts[0]!, 0, audio.speech);
    b = await phone(accounts[1]!, 1, audio.tone);
    other = await phone(accounts[2]!, 2, audio.speech);
  }, 120_000);
  afterAll(async () => {
    for (const p of [a, b, other]) await p?.stop();
  });

  it("A calls B: callActions lists the call for A and B's tenant (caller, callee, AOR, start) and not for the other tenant", async () => {
    const established = b.waitFor('CALL_ESTABLISHED');
    await a.dial(`${ben.extension}@${ben.domain}`);
    await established;
    answeredAt = Date.now();
    await a.waitFor('CALL_ESTABLISHED', { from: 0 });
    let calls: Awaited<ReturnType<typeof channels>> = [];
    for (let i = 0; i < 50 && calls.length === 0; i++) {
      calls = await channels(admin, ana.tenant);
      if (!calls.length) await sleep(100);
    }
    expect(calls).toHaveLength(1);
    const [c] = calls;
    callId = c!.SIPCallID;
    expect(c).toMatchObject({
      Caller: `sip:${ana.extension}@${ana.domain}`,
      Callee: `sip:${ben.extension}@${ben.domain}`,
      Aor: `sip:${ana.extension}@${ana.domain}`,
      tenant_id: ana.tenant,
    });
    expect(Math.abs(Date.parse(c!.StartedAt) - answeredAt)).toBeLessThan(2000);
    expect(await channels(admin, oli.tenant)).toEqual([]);
    // The administrator's list of every tenant has it once, under A's tenant.
    expect((await channels(admin)).filter((x) => x.SIPCallID === callId).map((x) => x.tenant_id)).toEqual([ana.tenant]);
  }, 30_000);

  it("an administrator listens in: B's 440 Hz tone arrives within ~500 ms, mixed with A's speech; stopping unsubscribes in rtpengine", async () => {
    const l = await listener();
    const clicked = Date.now();
    const res = await listen(callId, l.offer, admin);
    const answered = Date.now();
    expect(res.statusCode, res.body).toBe(201);
    const subscriptions = async () => {
      const q = await new NgClient(`udp:127.0.0.1:${ngPort}`).command('query', { 'call-id': callId });
      const tags = q.tags as Record<string, { tag: string; subscriptions: { tag: string }[] }>;
      return Object.values(tags)
        .filter((m) => m.tag.startsWith('listen-'))
        .map((m) => m.subscriptions.length);
    };
    try {
      await l.pc.setRemoteDescription({ type: 'answer', sdp: res.body });
      const deadline = Date.now() + 5000;
      while (firstTone(l.frames, 440) === null && Date.now() < deadline) await sleep(20);
      const toneAt = firstTone(l.frames, 440);
      expect(toneAt, `frames received: ${l.frames.length}`).not.toBeNull();
      const firstPacket = l.frames[0]!.at - clicked;
      const firstTone440 = toneAt! - clicked;
      console.log(
        `listen-in: SDP answer after ${answered - clicked} ms, first packet ${firstPacket} ms, 440 Hz detected ${firstTone440} ms after the POST (the call was answered ${clicked - answeredAt} ms before the POST)`,
      );
      // Target 500 ms from the click (issue #15); measured 218-460 ms here, the upper end with the machine's load at 6.
      expect(firstTone440).toBeLessThan(750);
      // The next second, in 100 ms windows: both parties heard in most of them, nothing else.
      // (The server sends one frame per 20 ms timer tick; a busy machine delays ticks, so wait for 50 frames.)
      const from = l.frames.length;
      const enough = Date.now() + 3000;
      while (l.frames.length < from + 50 && Date.now() < enough) await sleep(20);
      const spanMs = l.frames[Math.min(l.frames.length, from + 50) - 1]!.at - l.frames[from]!.at;
      const windows = Array.from({ length: 10 }, (_, w) =>
        l.frames.slice(from + 5 * w, from + 5 * w + 5).flatMap((f) => f.pcm),
      );
      expect(
        windows.every((w) => w.length === 5 * FRAME_SAMPLES),
        `frames in the second: ${l.frames.length - from}`,
      ).toBe(true);
      const level = (hz: number) =>
        windows.map((w) =>
          Number(
            toneLevel(
              Float32Array.from(w, (x) => x / 32768),
              8000,
              hz,
            ).toFixed(2),
          ),
        );
      const loud = windows.map((w) => Number(rms(Float32Array.from(w, (x) => x / 32768)).toFixed(3)));
      const report = `440 Hz share ${level(440)}; rms ${loud}; 50 frames in ${spanMs} ms`;
      // B's tone in (nearly) every window; A's speech-like syllables lower its share while they sound (the tone alone,
      // through G.711 twice: 0.98-1; with A's syllables seen 0.57-0.96, in 5-7 windows of 10).
      console.log(`listen-in audio: ${report}`);
      expect(level(440).filter((x) => x > 0.3).length, report).toBeGreaterThanOrEqual(7);
      expect(level(440).filter((x) => x < 0.97).length, report).toBeGreaterThanOrEqual(3);
      expect(Math.min(...loud), report).toBeGreaterThan(0.1);
      expect(await subscriptions()).toEqual([2]);
    } finally {
      const stop = await t.app.inject({
        method: 'DELETE',
        url: res.headers.location as string,
        headers: { token: admin },
      });
      expect(stop.statusCode, stop.body).toBe(200);
      await l.pc.close();
    }
    await sleep(300);
    expect(await subscriptions()).toEqual([0]);
  }, 30_000);

  it("another tenant's call is refused: 404 with the other tenant named, 404 for a reseller user who sees only that tenant", async () => {
    const l = await listener();
    const named = await listen(callId, l.offer, admin, oli.tenant);
    expect(named.statusCode, named.body).toBe(404);
    expect(named.json().error.code).toBe('not_found');
    const reseller = await t.call('createUpdateReseller', { name: 'Live B reseller' }, { token: admin });
    expect(reseller.statusCode, reseller.body).toBe(200);
    const resellerId = reseller.json<{ id: number }>().id;
    expect(
      (await t.call('createUpdateResllerTenants', { reseller_id: resellerId, tenant_id: oli.tenant }, { token: admin }))
        .statusCode,
    ).toBe(200);
    await createResellerUser(t.db, 'seller@live-b.example', 'seller-pass-1', [resellerId]);
    const seller = await t.login('seller@live-b.example', 'seller-pass-1');
    expect(await channels(seller)).toEqual([]);
    expect((await listen(callId, l.offer, seller)).statusCode).toBe(404);
    expect((await listen(callId, l.offer, seller, ana.tenant)).statusCode).toBe(403);
    await l.pc.close();
  }, 30_000);

  it('rtpengine stopped: listen-in answers 424 with the message (never a 5xx) and it is logged; restarted: the call it lost is 424 too, a new call is heard', async () => {
    await engine.stop();
    const l = await listener();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/monitor/${encodeURIComponent(callId)}`,
      headers: { 'content-type': 'application/sdp', token: admin, 'accept-language': 'fr' },
      payload: l.offer,
    });
    expect(res.statusCode, res.body).toBe(424);
    expect(res.json()).toEqual({
      error: {
        code: 'platform_unreachable',
        message:
          "Le serveur média (rtpengine) ne répond pas : l'écoute de l'appel est impossible pour le moment. Réessayez plus tard.",
      },
    });
    await l.pc.close();
    // Nothing left counting against the licence (the attempt is audited as started and ended "failed").
    const open = await t.db.kysely
      .selectFrom('monitor_sessions')
      .select('session_key')
      .where('ended_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    await t.logging.flush();
    const logged = await t.logging
      .store!.kysely.selectFrom('logs')
      .select(['level', 'msg'])
      .where('msg', 'like', '%refused: platform_unreachable%')
      .execute();
    expect(logged).toEqual([{ level: 'warn', msg: `POST /api/v1/monitor/:callId refused: platform_unreachable` }]);

    engine = await newEngine();
    // The call still runs in Kamailio, but the new rtpengine never saw its media: 424 too, not a silent listen.
    const orphan = await listener();
    const lost = await listen(callId, orphan.offer, admin);
    expect(lost.statusCode, lost.body).toBe(424);
    expect(lost.json().error.message).toMatch(/rtpengine/);
    await orphan.pc.close();
    const closed = a.waitFor('CALL_CLOSED');
    await a.hangup();
    await closed;
    const reconnected = b.waitFor('CALL_ESTABLISHED');
    await a.dial(`${ben.extension}@${ben.domain}`);
    await reconnected;
    const second = Date.now();
    let calls: Awaited<ReturnType<typeof channels>> = [];
    for (
      let i = 0;
      i < 100 && !calls.some((c) => c.SIPCallID !== callId && Date.parse(c.StartedAt) >= second - 1000);
      i++
    ) {
      calls = await channels(admin, ana.tenant);
      await sleep(100);
    }
    const next = calls.find((c) => c.SIPCallID !== callId);
    expect(next, JSON.stringify(calls)).toBeDefined();
    const l2 = await listener();
    const again = await listen(next!.SIPCallID, l2.offer, admin);
    expect(again.statusCode, again.body).toBe(201);
    await l2.pc.setRemoteDescription({ type: 'answer', sdp: again.body });
    const deadline = Date.now() + 5000;
    while (firstTone(l2.frames, 440) === null && Date.now() < deadline) await sleep(20);
    expect(firstTone(l2.frames, 440)).not.toBeNull();
    // Hung up while someone listens: the session ends by itself (not silence until MONITOR_MAX_MINUTES), audited.
    await a.hangup();
    const ended = async () =>
      t.db.kysely
        .selectFrom('monitor_sessions')
        .select('ended_at')
        .where('sip_call_id', '=', next!.SIPCallID)
        .executeTakeFirstOrThrow();
    const until = Date.now() + 8000;
    while ((await ended()).ended_at === null && Date.now() < until) await sleep(200);
    expect((await ended()).ended_at).not.toBeNull();
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('entity', '=', 'call_monitor')
      .where('entity_id', '=', `${ana.tenant}/${next!.SIPCallID}`)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after_json))).toMatchObject({ reason: 'call ended' });
    await l2.pc.close();
  }, 60_000);

  it('Kamailio stopped: the live-calls list and a listen-in answer 424 platformUnavailable (never a 5xx); restarted: 200 again', async () => {
    const { port, rpcPort } = kam;
    await kam.stop();
    await sleep(300); // past the 250 ms in which one dlg.list answers every request
    const list = await t.call(
      'callActions',
      { action: 'list_active_channels', tenant_id: ana.tenant },
      { token: admin },
    );
    expect(list.statusCode, list.body).toBe(424);
    expect(list.json()).toEqual({
      error: {
        code: 'platform_unreachable',
        message: 'The telephony platform is not reachable right now. Try again later.',
      },
    });
    const l = await listener();
    const res = await listen(callId, l.offer, admin);
    expect(res.statusCode, res.body).toBe(424);
    await l.pc.close();
    kam = await startKamailio({
      port,
      rpcPort,
      dbUrl: KAM_URL,
      workDir: dir,
      cfg: KAMAILIO_PG_CFG,
      defines: ['USRLOC_DB_MODE=3'],
      rtpengineSock: ngPort,
    });
    expect(await channels(admin, ana.tenant)).toEqual([]);
  }, 30_000);
});
