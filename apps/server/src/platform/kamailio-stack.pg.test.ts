/**
 * The reference SIP stack alone (no portal): Debian's Kamailio with deploy/kamailio/kamailio.cfg on the throwaway
 * cluster's "kamailio" database, rtpengine 10.5 (userspace, deploy/rtpengine/rtpengine.conf) and baresip phones, all on
 * loopback. Subscribers are written as the portal writes them (subscriberHashes).
 *
 * What the portal can rely on, as seen here:
 *
 * `dlg.list` (JSON-RPC, no params) → an array with one entry per dialog, e.g. for a confirmed call
 *   { "h_entry": 3735, "h_id": 8502, "ref": 2, "call-id": "115b54200287c581",
 *     "from_uri": "sip:2001@stack.example", "to_uri": "sip:2002@stack.example;transport=udp"  (the To of the INVITE,
 *       i.e. the number dialled, with whatever URI parameters the phone put there),
 *     "state": 4  (1 unconfirmed, 2 early = ringing, 3 answered not yet ACKed, 4 confirmed, 5 deleted: a dialog
 *       just ended may stay listed a moment in state 5 with "variables": [] and "profiles": [], so filter state < 5),
 *     "start_ts": 1795441645 (unix seconds of the answer; 0 while ringing), "init_ts": 1795441645 (of the INVITE),
 *     "end_ts": 0, "duration": 5, "timeout": 1795484845, "lifetime": 43200, "dflags": 1667, "sflags": 0, "iflags": 0,
 *     "caller": { "tag": "3ce4…", "contact": "sip:2001-0x55b8…@127.0.0.1:26000", "cseq": "15549", "route_set": "",
 *                 "socket": "udp:127.0.0.1:25060" },
 *     "callee": { "tag": "4616…", "contact": "sip:2002-0x5608…@127.0.0.1:26010", "cseq": "0", "route_set": "",
 *                 "socket": "udp:127.0.0.1:25060" },
 *     "profiles": [{ "inuse": "2002@stack.example" }, { "inuse": "2001@stack.example" }],
 *     "variables": [{ "sip_code": "200" }, { "fwd_user": "" }, { "dst_domain": "stack.example" }, { "dst_user": "2002" },
 *                   { "src_domain": "stack.example" }, { "src_user": "2001" }, { "duration": "0" },
 *                   { "end_time": "1795441645.297" }, { "start_time": "1795441645.297" }] }
 *   While ringing: "state": 2, "start_ts": 0, "duration": 0, "timeout": 0, "callee": { "tag": null, "contact": null,
 *   "cseq": null, "route_set": null, "socket": null }, variables with "sip_code": "".
 *   After a forwarding rule, to_uri is still the number dialled and the callee is the forwarded-to phone.
 *   "variables" is a list of one-key objects; src_user/src_domain/dst_user (the number dialled)/dst_domain/fwd_user (the
 *   user a forwarding rule sent the call to, '' if none) are the caller and callee to match a tenant's accounts with.
 *
 * Recordings: `<recording-dir>/pcaps/<call-id>-<16 hex digits>.pcap` (e.g. 115b54200287c581-1aea019bf69e5e04.pcap;
 * libpcap, little-endian magic a1b2c3d4, link type 101 = raw IPv4: each party's RTP as it reached rtpengine, i.e. one
 * stream per party from the phone's RTP port to rtpengine's port for it, 200-byte packets of PCMU at 50/s, plus a few
 * RTCP packets), written while the call runs and complete once the call is deleted (BYE);
 * `<recording-dir>/metadata/rtpengine-meta-<call-id>-<same hex>.txt` beside it (both SDPs, start time).
 *
 * acc_cdrs (one row per call): id, start_time, end_time (local time, as Kamailio writes them), duration (seconds,
 * REAL; 0 for a call not answered), callid, src_user, src_domain, dst_user, dst_domain, sip_code, fwd_user.
 * missed_calls (one row per unanswered branch): id, method, from_tag, to_tag, callid, sip_code, sip_reason, time,
 * src_user, src_domain, dst_ouser (the number dialled), dst_user (the user whose phone rang), dst_domain.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcapPackets, readWav, rms, syllabicity, toneLevel, writeFixtures } from '../../test/kamailio/audio';
import type { XmlSipAccount } from '../../test/kamailio/baresip';
import { type Phone, type PhoneEvent, startPhone } from '../../test/kamailio/phones';
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
  sippAnonymousInvite,
  startKamailio,
  startRtpengine,
} from '../../test/kamailio/sip-tools';
import { subscriberHashes } from './kamailio-db';

const KAM_URL = kamailioPgUrl();
const DOMAIN = 'stack.test';
const USERS = { a: '7001', b: '7002', c: '7003', d: '7004', offline: '7009' } as const;

let dir: string;
let kam: Kamailio;
let rtp: Rtpengine;
let rtpOpts: Parameters<typeof startRtpengine>[0];
const phones: Record<'a' | 'b' | 'c' | 'd', Phone> = {} as never;
let db: pg.Pool;

const q = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await db.query<T>(sql, params)).rows;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const account = (username: string): XmlSipAccount => ({
  username,
  password: `pw-${username}-Stack`,
  authUsername: username,
  host: DOMAIN,
  proxy: `127.0.0.1:${kam.port}`,
  transport: 'udp',
  extProvUrl: '',
});

/** Polls `fn` until it returns something truthy. */
async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

interface CdrRow {
  start_time: Date;
  end_time: Date;
  duration: number;
  callid: string;
  src_user: string;
  src_domain: string;
  dst_user: string;
  dst_domain: string;
  sip_code: string;
  fwd_user: string;
}
type Dialog = {
  'call-id': string;
  from_uri: string;
  to_uri: string;
  state: number;
  start_ts: number;
  variables: Array<Record<string, string>>;
};
const cdrOf = (callid: string) =>
  until(
    `acc_cdrs row of ${callid}`,
    async () => (await q<CdrRow>('SELECT * FROM acc_cdrs WHERE callid = $1', [callid]))[0],
  );

/** Sets the call-settings keys (htable "cs") and reloads them, as the portal does. */
async function settings(keys: Array<[string, 0 | 1, string]>): Promise<void> {
  await q("DELETE FROM provisio_call_settings WHERE key_name LIKE '%@' || $1 || '%'", [DOMAIN]);
  for (const [name, type, value] of keys)
    await q('INSERT INTO provisio_call_settings (key_name, value_type, key_value) VALUES ($1, $2, $3)', [
      name,
      type,
      value,
    ]);
  expect(await rpc(kam.rpcPort, 'htable.reload', ['cs'])).toMatch(/reloaded/i);
}
const aor = (u: string) => `${u}@${DOMAIN}`;

/** A dials `target`; resolves with A's CALL_CLOSED (whatever ended the call) and the call's id. */
async function dialAndWait(target: string, closeAfterMs?: number): Promise<{ closed: PhoneEvent; callid: string }> {
  const from = phones.a.events.length;
  await phones.a.dial(target);
  const local = await phones.a.waitFor('CALL_LOCAL_SDP', { from });
  if (closeAfterMs !== undefined) {
    await phones.a.waitFor('CALL_ESTABLISHED', { from });
    await sleep(closeAfterMs);
    await phones.a.hangup();
  }
  const closed = await phones.a.waitFor('CALL_CLOSED', { from, timeoutMs: 20_000 });
  return { closed, callid: closed.id ?? local.id ?? '' };
}

beforeAll(async () => {
  ensureCallTools();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-stack-'));
  db = new pg.Pool({ connectionString: KAM_URL, max: 2 });
  const users = Object.values(USERS);
  await q('DELETE FROM location WHERE domain = $1', [DOMAIN]);
  await q('DELETE FROM subscriber WHERE domain = $1', [DOMAIN]);
  await q("DELETE FROM provisio_call_settings WHERE key_name LIKE '%@' || $1 || '%'", [DOMAIN]);
  for (const u of users) {
    const { ha1, ha1b } = subscriberHashes(u, DOMAIN, DOMAIN, `pw-${u}-Stack`);
    await q('INSERT INTO subscriber (username, domain, password, ha1, ha1b) VALUES ($1, $2, $3, $4, $5)', [
      u,
      DOMAIN,
      `pw-${u}-Stack`,
      ha1,
      ha1b,
    ]);
  }
  const portMin = 40000 + 200 * Math.floor(Math.random() * 90);
  rtpOpts = {
    ngPort: await freeUdpPort(),
    portMin,
    portMax: portMin + 199,
    recordingDir: path.join(dir, 'recordings'),
    workDir: dir,
  };
  rtp = await startRtpengine(rtpOpts);
  kam = await startKamailio({
    port: await freeUdpPort(),
    dbUrl: KAM_URL,
    workDir: dir,
    cfg: KAMAILIO_PG_CFG,
    defines: ['USRLOC_DB_MODE=3'],
    rpcPort: await freeTcpPort(),
    rtpengineSock: rtp.ngPort,
  });
  const audio = writeFixtures(dir, 300);
  const [pa, pb, pc, pd] = await freePhonePorts(4);
  const spec = {
    a: [pa, audio.speech, false],
    b: [pb, audio.tone, true],
    c: [pc, audio.tone, true],
    d: [pd, audio.tone, false],
  } as const;
  for (const [k, [port, file, autoAnswer]] of Object.entries(spec)) {
    phones[k as keyof typeof phones] = await startPhone(account(USERS[k as keyof typeof spec]), {
      localPort: port!,
      ctrlPort: await freeTcpPort(),
      workDir: dir,
      audioFile: file,
      autoAnswer,
    });
  }
  await Promise.all(Object.values(phones).map((p) => p.registered()));
}, 60_000);

afterAll(async () => {
  await Promise.all(Object.values(phones).map((p) => p?.stop()));
  await kam?.stop();
  await rtp?.stop();
  await db?.end();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('Kamailio + rtpengine + baresip on loopback', () => {
  it('A calls B: both hear each other through rtpengine, dlg.list shows the call, acc_cdrs and a pcap record it', async () => {
    const from = phones.a.events.length;
    const bFrom = phones.b.events.length;
    await phones.a.dial(USERS.b);
    const up = await phones.a.waitFor('CALL_ESTABLISHED', { from });
    const answeredAt = Date.now();
    await phones.b.waitFor('CALL_ESTABLISHED', { from: bFrom });
    const callid = up.id!;

    const dlg = await until('the confirmed dialog in dlg.list', async () =>
      (await rpc<Dialog[]>(kam.rpcPort, 'dlg.list')).find((d) => d['call-id'] === callid && d.state === 4),
    );
    expect(dlg.from_uri).toBe(`sip:${aor(USERS.a)}`);
    expect(dlg.to_uri).toMatch(new RegExp(`^sip:${USERS.b}@${DOMAIN}`));
    expect(Math.abs(dlg.start_ts * 1000 - answeredAt)).toBeLessThan(1500);
    expect(Object.assign({}, ...dlg.variables)).toMatchObject({
      src_user: USERS.a,
      src_domain: DOMAIN,
      dst_user: USERS.b,
      dst_domain: DOMAIN,
      fwd_user: '',
      sip_code: '200',
    });

    await sleep(4000);
    await phones.a.hangup();
    const hungUpAt = Date.now();
    await phones.a.waitFor('CALL_CLOSED', { from });
    await phones.b.waitFor('CALL_CLOSED', { from: bFrom });
    // A dialog just ended may stay listed for a moment in state 5 (deleted): live calls are the states below 5.
    await until(
      'the dialog to leave dlg.list',
      async () => !(await rpc<Dialog[]>(kam.rpcPort, 'dlg.list')).some((d) => d['call-id'] === callid && d.state < 5),
    );

    // B hears A's speech, A hears B's 440 Hz tone (the received audio, as each phone decoded it).
    const atB = readWav(await until('B received audio', async () => phones.b.receivedWav()));
    const atA = readWav(await until('A received audio', async () => phones.a.receivedWav()));
    expect(atB.pcm.length / atB.sampleRate).toBeGreaterThan(3);
    expect(rms(atB.pcm)).toBeGreaterThan(0.02);
    expect(toneLevel(atB.pcm, atB.sampleRate, 440)).toBeLessThan(0.1);
    expect(syllabicity(atB.pcm, atB.sampleRate)).toBeGreaterThan(0.3);
    expect(toneLevel(atA.pcm, atA.sampleRate, 440)).toBeGreaterThan(0.8);

    const cdr = await cdrOf(callid);
    expect(cdr).toMatchObject({
      src_user: USERS.a,
      src_domain: DOMAIN,
      dst_user: USERS.b,
      dst_domain: DOMAIN,
      sip_code: '200',
      fwd_user: '',
    });
    expect(Math.abs(cdr.duration - (hungUpAt - answeredAt) / 1000)).toBeLessThan(1);
    expect(await q('SELECT 1 FROM missed_calls WHERE callid = $1', [callid])).toEqual([]);

    const pcaps = fs.readdirSync(path.join(rtp.recordingDir, 'pcaps')).filter((f) => f.startsWith(`${callid}-`));
    expect(pcaps).toHaveLength(1);
    expect(pcaps[0]).toMatch(new RegExp(`^${callid}-[0-9a-f]{16}\\.pcap$`));
    // What each phone sent to rtpengine, 50 packets a second each: about 2 × 50 × 4 packets.
    const packets = pcapPackets(path.join(rtp.recordingDir, 'pcaps', pcaps[0]!));
    expect(packets).toBeGreaterThan(2 * 50 * 3.5);
  });

  it('a call nobody answers (cancelled while ringing) and a call to a phone not registered leave failed CDRs and missed calls', async () => {
    const dFrom = phones.d.events.length;
    const from = phones.a.events.length;
    await phones.a.dial(USERS.d);
    const ringing = await phones.d.waitFor('CALL_INCOMING', { from: dFrom });
    // Early (2) once the callee's 180 has passed Kamailio, which can be a moment after the callee saw the INVITE.
    const early = await until('the ringing dialog', async () =>
      (await rpc<Dialog[]>(kam.rpcPort, 'dlg.list')).find((d) => d['call-id'] === ringing.id && d.state === 2),
    );
    expect(early).toMatchObject({ state: 2, start_ts: 0, callee: { tag: null, contact: null } });
    await sleep(1000);
    await phones.a.hangup();
    const cancelled = await phones.a.waitFor('CALL_CLOSED', { from });
    await phones.d.waitFor('CALL_CLOSED', { from: dFrom });
    expect(await cdrOf(cancelled.id!)).toMatchObject({
      src_user: USERS.a,
      dst_user: USERS.d,
      sip_code: '487',
      fwd_user: '',
      duration: 0,
    });
    const [missed] = await until('missed_calls row', () =>
      q('SELECT * FROM missed_calls WHERE callid = $1', [cancelled.id]).then((r) => (r.length ? r : undefined)),
    );
    expect(missed).toMatchObject({
      sip_code: '487',
      src_user: USERS.a,
      src_domain: DOMAIN,
      dst_ouser: USERS.d,
      dst_user: USERS.d,
      dst_domain: DOMAIN,
    });

    const offline = await dialAndWait(USERS.offline);
    expect(offline.closed.param).toMatch(/480/);
    expect(await cdrOf(offline.callid)).toMatchObject({ dst_user: USERS.offline, sip_code: '480', duration: 0 });
    const missedOffline = await until('missed_calls row', () =>
      q('SELECT dst_user, sip_code FROM missed_calls WHERE callid = $1', [offline.callid]).then((r) =>
        r.length ? r : undefined,
      ),
    );
    expect(missedOffline).toEqual([{ dst_user: USERS.offline, sip_code: '480' }]);
  });

  it('call settings from provisio_call_settings after htable.reload: DND 486, block 603, forward always and on no answer', async () => {
    await settings([[`dnd::${aor(USERS.b)}`, 1, '1']]);
    const dnd = await dialAndWait(USERS.b);
    expect(dnd.closed.param).toMatch(/486/);
    expect(await cdrOf(dnd.callid)).toMatchObject({ dst_user: USERS.b, sip_code: '486' });

    await settings([[`block::${aor(USERS.b)}::${USERS.a}`, 1, '1']]);
    const blocked = await dialAndWait(USERS.b);
    expect(blocked.closed.param).toMatch(/603/);
    expect(await cdrOf(blocked.callid)).toMatchObject({ dst_user: USERS.b, sip_code: '603' });

    // Forward always B → C: C rings (and answers), B never sees the call.
    await settings([[`fwd_always::${aor(USERS.b)}`, 0, USERS.c]]);
    const bFrom = phones.b.events.length;
    const cFrom = phones.c.events.length;
    const fwd = await dialAndWait(USERS.b, 1000);
    await phones.c.waitFor('CALL_CLOSED', { from: cFrom });
    expect(phones.b.events.slice(bFrom).map((e) => e.type)).not.toContain('CALL_INCOMING');
    expect(await cdrOf(fwd.callid)).toMatchObject({
      src_user: USERS.a,
      dst_user: USERS.b,
      fwd_user: USERS.c,
      sip_code: '200',
    });

    // Forward on no answer for a callee not registered: at once.
    await settings([[`fwd_na::${aor(USERS.offline)}`, 0, USERS.c]]);
    const offline = await dialAndWait(USERS.offline, 300);
    expect(await cdrOf(offline.callid)).toMatchObject({ dst_user: USERS.offline, fwd_user: USERS.c, sip_code: '200' });

    // Forward on no answer after 5 s, D → C: D rings about 5 s, then C answers.
    await settings([
      [`fwd_na::${aor(USERS.d)}`, 0, USERS.c],
      [`fwd_na_t::${aor(USERS.d)}`, 1, '5'],
    ]);
    const dFrom = phones.d.events.length;
    const cFrom2 = phones.c.events.length;
    const from = phones.a.events.length;
    const dialled = Date.now();
    await phones.a.dial(USERS.d);
    await phones.d.waitFor('CALL_INCOMING', { from: dFrom });
    const up = await phones.a.waitFor('CALL_ESTABLISHED', { from, timeoutMs: 10_000 });
    const rang = Date.now() - dialled;
    expect(rang).toBeGreaterThan(4500);
    expect(rang).toBeLessThan(7500);
    await phones.c.waitFor('CALL_ESTABLISHED', { from: cFrom2 });
    await phones.d.waitFor('CALL_CLOSED', { from: dFrom });
    await phones.a.hangup();
    await phones.a.waitFor('CALL_CLOSED', { from });
    expect(await cdrOf(up.id!)).toMatchObject({ dst_user: USERS.d, fwd_user: USERS.c, sip_code: '200' });
    // D missed it (the 408 of its branch); C answered.
    expect(await q('SELECT dst_ouser, dst_user, sip_code FROM missed_calls WHERE callid = $1', [up.id])).toEqual([
      { dst_ouser: USERS.d, dst_user: USERS.d, sip_code: '408' },
    ]);
    await settings([]);
  });

  it('anonymous calls refused with 433 when the callee blocks them; a caller who shows its identity still gets through', async () => {
    await settings([[`block_anon::${aor(USERS.b)}`, 1, '1']]);
    const anon = sippAnonymousInvite({
      username: USERS.c,
      password: account(USERS.c).password,
      domain: DOMAIN,
      target: USERS.b,
      proxy: `127.0.0.1:${kam.port}`,
      localPort: await freeUdpPort(),
      workDir: dir,
    });
    expect(anon.refusal).toBe('');
    expect(anon.ok).toBe(true);
    const shown = await dialAndWait(USERS.b, 300);
    expect(await cdrOf(shown.callid)).toMatchObject({ dst_user: USERS.b, sip_code: '200' });
    await settings([]);
  });

  it('with one fixed digest realm (REALM define) INVITEs are challenged with that realm too', async () => {
    const realm = 'calls.provider.test';
    const [caller, callee] = ['7101', '7102'];
    await q('DELETE FROM subscriber WHERE username = ANY($1)', [[caller, callee]]);
    for (const u of [caller, callee]) {
      const { ha1, ha1b } = subscriberHashes(u, DOMAIN, realm, `pw-${u}-Realm`);
      await q('INSERT INTO subscriber (username, domain, password, ha1, ha1b) VALUES ($1, $2, $3, $4, $5)', [
        u,
        DOMAIN,
        `pw-${u}-Realm`,
        ha1,
        ha1b,
      ]);
    }
    const kamRealm = await startKamailio({
      port: await freeUdpPort(),
      dbUrl: KAM_URL,
      workDir: dir,
      cfg: KAMAILIO_PG_CFG,
      defines: ['USRLOC_DB_MODE=3', `REALM="${realm}"`],
    });
    try {
      await settings([[`block_anon::${aor(callee)}`, 1, '1']]);
      expect(await rpc(kamRealm.rpcPort, 'htable.reload', ['cs'])).toMatch(/reloaded/i);
      const invite = async (password: string) =>
        sippAnonymousInvite({
          username: caller,
          password,
          domain: DOMAIN,
          target: callee,
          proxy: `127.0.0.1:${kamRealm.port}`,
          localPort: await freeUdpPort(),
          workDir: dir,
        });
      // Past the 407 with the realm's credentials, the callee's settings apply (433); a wrong password is challenged again.
      const right = await invite(`pw-${caller}-Realm`);
      expect(right.refusal).toBe('');
      // (SIPp takes the second 407 for a retransmission of the first and retries until its timeout.)
      const wrong = await invite('not-the-password');
      expect(wrong.ok).toBe(false);
      await sleep(200); // Kamailio's log is read by the event loop, which SIPp (spawnSync) held up.
      expect(kamRealm.log()).toContain(`INVITE sip:${caller}@${DOMAIN} -> sip:${callee}@${DOMAIN} refused (-2)`);
    } finally {
      await kamRealm.stop();
      await settings([]);
    }
  });

  it('busy: a callee that refuses (486) forwards on busy; with call waiting off a callee in a call is busy', async () => {
    // D refuses (baresip answers 486 to a hang-up while ringing): fwd_busy D → C.
    await settings([[`fwd_busy::${aor(USERS.d)}`, 0, USERS.c]]);
    const dFrom = phones.d.events.length;
    const cFrom = phones.c.events.length;
    const from = phones.a.events.length;
    await phones.a.dial(USERS.d);
    await phones.d.waitFor('CALL_INCOMING', { from: dFrom });
    await phones.d.hangup();
    const up = await phones.a.waitFor('CALL_ESTABLISHED', { from });
    await phones.c.waitFor('CALL_ESTABLISHED', { from: cFrom });
    await phones.a.hangup();
    await phones.a.waitFor('CALL_CLOSED', { from });
    await phones.c.waitFor('CALL_CLOSED', { from: cFrom });
    expect(await cdrOf(up.id!)).toMatchObject({ dst_user: USERS.d, fwd_user: USERS.c, sip_code: '200' });

    // Call waiting off for C: while A talks to C, B's call to C is busy (486), and goes to D when C forwards on busy.
    await settings([[`nocw::${aor(USERS.c)}`, 1, '1']]);
    const cFrom2 = phones.c.events.length;
    const from2 = phones.a.events.length;
    await phones.a.dial(USERS.c);
    await phones.c.waitFor('CALL_ESTABLISHED', { from: cFrom2 });
    const bFrom = phones.b.events.length;
    await phones.b.dial(USERS.c);
    const busy = await phones.b.waitFor('CALL_CLOSED', { from: bFrom });
    expect(busy.param).toMatch(/486/);
    expect(await cdrOf(busy.id!)).toMatchObject({
      src_user: USERS.b,
      dst_user: USERS.c,
      sip_code: '486',
      fwd_user: '',
    });

    await settings([
      [`nocw::${aor(USERS.c)}`, 1, '1'],
      [`fwd_busy::${aor(USERS.c)}`, 0, USERS.d],
    ]);
    const dFrom2 = phones.d.events.length;
    const bFrom2 = phones.b.events.length;
    await phones.b.dial(USERS.c);
    await phones.d.waitFor('CALL_INCOMING', { from: dFrom2 });
    await phones.b.hangup();
    const cancelled = await phones.b.waitFor('CALL_CLOSED', { from: bFrom2 });
    expect(await cdrOf(cancelled.id!)).toMatchObject({
      src_user: USERS.b,
      dst_user: USERS.c,
      fwd_user: USERS.d,
      sip_code: '487',
    });
    await phones.a.hangup();
    await phones.a.waitFor('CALL_CLOSED', { from: from2 });
    await phones.d.waitFor('CALL_CLOSED', { from: dFrom2 });
    await settings([]);
  });

  it('with rtpengine stopped a call still connects, unanchored (media straight between the phones), and is recorded in acc_cdrs only', async () => {
    await rtp.stop();
    const from = phones.a.events.length;
    const bFrom = phones.b.events.length;
    await phones.a.dial(USERS.b);
    const up = await phones.a.waitFor('CALL_ESTABLISHED', { from });
    await sleep(2000);
    await phones.a.hangup();
    await phones.a.waitFor('CALL_CLOSED', { from });
    await phones.b.waitFor('CALL_CLOSED', { from: bFrom });
    const atA = readWav(await until('A received audio', async () => phones.a.receivedWav()));
    expect(toneLevel(atA.pcm, atA.sampleRate, 440)).toBeGreaterThan(0.8);
    expect(await cdrOf(up.id!)).toMatchObject({ dst_user: USERS.b, sip_code: '200' });
    expect(fs.readdirSync(path.join(rtp.recordingDir, 'pcaps')).filter((f) => f.startsWith(`${up.id}-`))).toEqual([]);
    expect(kam.log()).toMatch(new RegExp(`rtpengine: offer of call ${up.id} failed, not anchored`));
    expect(await rpc(kam.rpcPort, 'core.version')).toMatch(/^kamailio 5\./);

    // Back again: after rtpengine_disable_tout (5 s) Kamailio tries it again; each worker that tried it while it was
    // down fails once more (the ICMP error left on its socket), so anchoring resumes within about 5-20 s.
    rtp = await startRtpengine(rtpOpts);
    await until(
      'a call anchored and recorded again',
      async () => {
        const call = await dialAndWait(USERS.b, 300);
        expect(await cdrOf(call.callid)).toMatchObject({ dst_user: USERS.b, sip_code: '200' });
        const pcap = fs.readdirSync(path.join(rtp.recordingDir, 'pcaps')).find((f) => f.startsWith(`${call.callid}-`));
        return pcap && pcapPackets(path.join(rtp.recordingDir, 'pcaps', pcap)) > 10 && pcap;
      },
      30_000,
    );
  });
});
