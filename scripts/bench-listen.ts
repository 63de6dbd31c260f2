/**
 * Listen-in on Kamailio + rtpengine (issue #15: "first audio within 500 ms of clicking"). Run from the repository root:
 *   eval "$(bash scripts/pg-throwaway.sh start 55447)"   # a PostgreSQL with the kamailio database
 *   npx tsx scripts/bench-listen.ts                        # BENCH_N=20 listen-ins
 *   bash scripts/pg-throwaway.sh stop "$PG_THROWAWAY_DIR"
 * Starts Debian's rtpengine (deploy/rtpengine) and Kamailio (deploy/kamailio/kamailio.cfg on KAMAILIO_TEST_DB_URL),
 * the portal in process (PLATFORM=kamailio, its own database a temp SQLite file), and two baresip phones configured
 * from the portal's account XML: A sends speech, B (auto-answer) a 440 Hz tone. A calls B; then BENCH_N listen-ins
 * of that call in a row (after one warm-up), each by a fresh werift client standing in for the browser: the time from
 * the POST of its offer (app.inject) to the SDP answer, to the first RTP packet received (ICE and DTLS done), and to
 * the first 20 ms frame holding the 440 Hz tone. Each is stopped (DELETE) and the script waits until rtpengine shows
 * no subscription left, then past the 250 ms in which the portal reuses one `dlg.list`, so every POST asks Kamailio.
 * GET /api/health is injected in the same run as the yardstick. Figures are recorded in docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { createLogging } from '../apps/server/src/lib/logging';
import { Mailer } from '../apps/server/src/lib/mailer';
import { migrate } from '../apps/server/src/migrations';
import { muLawDecode } from '../apps/server/src/platform/rtp';
import { NgClient } from '../apps/server/src/platform/rtpengine-ng';
import { seedOnFirstStart } from '../apps/server/src/seed/seed';
import { writeFixtures } from '../apps/server/test/kamailio/audio';
import { type XmlSipAccount, accountFromXml } from '../apps/server/test/kamailio/baresip';
import { type Phone, startPhone } from '../apps/server/test/kamailio/phones';
import { KAMAILIO_PG_CFG, type Kamailio, type Rtpengine, ensureCallTools, freePhonePorts, freeTcpPort, freeUdpPort, startKamailio, startRtpengine } from '../apps/server/test/kamailio/sip-tools';

const N = Number(process.env.BENCH_N ?? 20);
const HEALTH_RUNS = 50;
const PASSWORD = 'bench-pass-1';
const CLOUD_ID = 'BENCHLISTEN';
const TARGET_MS = 500;
/** The portal shares one dlg.list among requests within 250 ms (kamailio-live.ts); runs are spaced past it. */
const PAUSE_MS = 400;
/**
 * A 20 ms frame holds the tone when 440 Hz carries this share of its power at this amplitude or more. Checked on the
 * fixtures: A's speech alone passes in 0 of 3,000 frames, speech and tone mixed at half level in 2,999 of 3,000.
 */
const TONE_SHARE = 0.7;
const TONE_AMPLITUDE = 0.1;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

/** Share of the frame's power at `hz` (Goertzel, about 1 for a pure tone) and that component's amplitude (-1..1). */
function tone(pcm: Float32Array, hz: number, rate = 8000): { share: number; amplitude: number } {
  const k = 2 * Math.cos((2 * Math.PI * hz) / rate);
  let s1 = 0;
  let s2 = 0;
  let energy = 0;
  for (const x of pcm) {
    [s2, s1] = [s1, x + k * s1 - s2];
    energy += x * x;
  }
  const power = Math.max(0, s1 * s1 + s2 * s2 - k * s1 * s2);
  return { share: energy ? power / ((pcm.length / 2) * energy) : 0, amplitude: (2 * Math.sqrt(power)) / pcm.length };
}

interface Run {
  offer: number;
  answer: number;
  ice: number;
  dtls: number;
  firstPacket: number;
  firstTone: number;
  unsubscribed: number;
  /** The answer's DTLS role (a=setup): `active` makes the portal the DTLS client. */
  setup: string;
}

interface Stack {
  dir: string;
  engine?: Rtpengine;
  kam?: Kamailio;
  phones: Phone[];
  cleanups: (() => Promise<unknown>)[];
}

async function main(): Promise<void> {
  const KAM_URL = process.env.KAMAILIO_TEST_DB_URL;
  if (!KAM_URL) {
    console.error('KAMAILIO_TEST_DB_URL is needed (a PostgreSQL with the kamailio database). For a throwaway one:\n' +
      '  eval "$(bash scripts/pg-throwaway.sh start 55447)"\n  npx tsx scripts/bench-listen.ts\n  bash scripts/pg-throwaway.sh stop "$PG_THROWAWAY_DIR"');
    process.exitCode = 2;
    return;
  }
  ensureCallTools();
  const loadAtStart = load();
  const stack: Stack = { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-listen-')), phones: [], cleanups: [] };
  // Ctrl-C stops what was started, like the end of the run.
  const interrupted = () => void cleanUp(stack).finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await bench(stack, KAM_URL, loadAtStart);
  } finally {
    await cleanUp(stack);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

async function cleanUp(s: Stack): Promise<void> {
  for (const p of s.phones.splice(0)) await p.stop().catch(() => undefined);
  for (const c of s.cleanups.splice(0).reverse()) await c().catch((err: unknown) => console.error('clean-up:', err));
  await s.kam?.stop();
  s.kam = undefined;
  await s.engine?.stop();
  s.engine = undefined;
  fs.rmSync(s.dir, { recursive: true, force: true });
}

async function bench(stack: Stack, kamUrl: string, loadAtStart: string): Promise<void> {
  const { dir } = stack;
  const ngPort = await freeUdpPort();
  const portMin = 30000 + Math.floor(Math.random() * 27) * 100; // below the ephemeral ports, above the phones' SIP ports
  const recordingDir = path.join(dir, 'rec');
  stack.engine = await startRtpengine({ ngPort, portMin, portMax: portMin + 99, recordingDir, workDir: dir });
  const kam = await startKamailio({ port: await freeUdpPort(), dbUrl: kamUrl, workDir: dir, cfg: KAMAILIO_PG_CFG, defines: ['USRLOC_DB_MODE=3'], rtpengineSock: ngPort });
  stack.kam = kam;

  // The portal in process, configured as a provider would (its connector made from these keys by buildApp).
  const db = openDatabase({ sqliteFile: path.join(dir, 'provisio.sqlite') });
  const config = loadConfig({
    DATA_DIR: dir, SEED_DEMO: 'false', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', CLOUD_ID, WEB_DIST: path.join(dir, 'no-web'),
    PLATFORM: 'kamailio', KAMAILIO_DB_URL: kamUrl, KAMAILIO_RPC_URL: kam.rpcUrl, RTPENGINE_NG: `udp:127.0.0.1:${ngPort}`, RTPENGINE_RECORDING_DIR: recordingDir,
  });
  await migrate(db);
  const logging = createLogging(config, { target: null, stdout: true });
  await seedOnFirstStart(db, config, logging.log);
  const mailer = new Mailer(db, logging.log, { from: config.MAIL_FROM, pollMs: 60_000 });
  const app = await buildApp({ config, db, mailer, logStore: null }, logging.log);
  stack.cleanups.push(async () => {
    await app.close();
    await app.deps.jobs.stop();
    await mailer.stop();
    await logging.close();
    await db.close();
  });
  await app.ready();
  const call = async (name: string, body: unknown, token?: string) => {
    const res = await app.inject({ method: 'POST', url: `/api/v1/${name}`, headers: token ? { token } : {}, payload: body as object });
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  const admin = (await call('adminLogin', { cloud_id: CLOUD_ID, user: 'admin', password: PASSWORD })).json<{ Token: string }>().Token;

  // One tenant on a domain of its own (Kamailio's database outlives the run; its rows are removed at the end).
  const tenant = `bench-${randomBytes(3).toString('hex')}`;
  const domain = `${tenant}.example`;
  stack.cleanups.push(async () => {
    const c = new pg.Client({ connectionString: kamUrl });
    await c.connect();
    await c.query('DELETE FROM subscriber WHERE domain = $1', [domain]);
    await c.query('DELETE FROM location WHERE domain = $1', [domain]);
    await c.query('DELETE FROM acc_cdrs WHERE src_domain = $1 OR dst_domain = $1', [domain]);
    await c.end();
  });
  await call('createTenant', { tid: tenant, tname: 'Listen-in bench', domain, site_name: 'HQ' }, admin);
  await call('createUpdateLicenses', { tenant_id: tenant, vcx_desktop: 5, vcx_mobile: 5, call_monitor: 2, call_recording: 0, analytics: 0 }, admin);
  await call('profileCreateUpdate', { profile_name: 'Bench phones', proxy: `127.0.0.1:${kam.port}`, transport: 'udp', tenant_id: tenant }, admin);
  const account = async (extension: string): Promise<XmlSipAccount> => {
    const email = `u${extension}@${domain}`;
    const password = `Bench!Listen-${extension}`;
    await call('createExtension', { tenant_id: tenant, extension, domain, site_name: 'HQ', firstname: 'Bench', lastname: extension, email, admin: false }, admin);
    await call('linkExtension', { email, did: `+1555${extension}`, pin: '246813', password, extension, tenant_id: tenant }, admin);
    const q = new URLSearchParams({ cloud_id: CLOUD_ID, cloud_username: email, cloud_password: password });
    const xml = await app.inject({ method: 'GET', url: `/api/v1/provision?${q}`, headers: { 'user-agent': 'CloudSoftphone/1.5.6' } });
    if (xml.statusCode !== 200) throw new Error(`provision ${extension}: ${xml.statusCode} ${xml.body.slice(0, 300)}`);
    return accountFromXml(xml.body);
  };
  const [accountA, accountB] = [await account('5101'), await account('5102')];

  // Audio longer than the run (baresip hangs up at the end of its file).
  const audio = writeFixtures(dir, Math.max(300, N * 6 + 120));
  const ports = await freePhonePorts(2);
  const phone = async (acct: XmlSipAccount, i: number, file: string) => {
    const p = await startPhone(acct, { localPort: ports[i]!, ctrlPort: await freeTcpPort(), workDir: dir, audioFile: file, autoAnswer: true });
    stack.phones.push(p);
    await p.registered();
    return p;
  };
  const a = await phone(accountA, 0, audio.speech);
  const b = await phone(accountB, 1, audio.tone);
  const established = b.waitFor('CALL_ESTABLISHED');
  await a.dial(`5102@${domain}`);
  await established;
  let callId = '';
  for (let i = 0; i < 50 && !callId; i++) {
    const list = (await call('callActions', { action: 'list_active_channels', tenant_id: tenant }, admin)).json<{ SIPCallID: string }[]>();
    callId = list[0]?.SIPCallID ?? '';
    if (!callId) await sleep(100);
  }
  if (!callId) throw new Error('the call never showed in callActions');
  await sleep(1000); // both parties' media flowing through rtpengine

  const ng = new NgClient(`udp:127.0.0.1:${ngPort}`);
  const subscriptions = async () => {
    const q = await ng.command('query', { 'call-id': callId });
    const tags = q.tags as Record<string, { tag: string; subscriptions: unknown[] }>;
    return Object.values(tags).filter((m) => m.tag.startsWith('listen-')).reduce((n, m) => n + m.subscriptions.length, 0);
  };

  /** One listen-in, as the page does it: offer (recvonly PCMU, ICE gathered), POST, answer, audio; then DELETE. */
  const listenOnce = async (): Promise<Run> => {
    const t0 = performance.now();
    const pc = new RTCPeerConnection({ iceServers: [], iceAdditionalHostAddresses: ['127.0.0.1'], codecs: { audio: [new RTCRtpCodecParameters({ mimeType: 'audio/PCMU', clockRate: 8000, channels: 1, payloadType: 0 })], video: [] } });
    try {
      const transceiver = pc.addTransceiver('audio', { direction: 'recvonly' });
      let firstPacket = 0;
      let iceAt = 0;
      let dtlsAt = 0;
      pc.iceConnectionStateChange.subscribe((st) => st === 'connected' && (iceAt ||= performance.now()));
      pc.connectionStateChange.subscribe((st) => st === 'connected' && (dtlsAt ||= performance.now()));
      let heard: (at: number) => void = () => undefined;
      const toneHeard = new Promise<number>((resolve) => (heard = resolve));
      transceiver.onTrack.subscribe((track) =>
        track.onReceiveRtp.subscribe((rtp) => {
          const at = performance.now();
          firstPacket ||= at;
          const pcm = Float32Array.from(rtp.payload, (x) => muLawDecode(x) / 32768);
          const t = tone(pcm, 440);
          if (t.share > TONE_SHARE && t.amplitude > TONE_AMPLITUDE) heard(at);
        }),
      );
      await pc.setLocalDescription(await pc.createOffer());
      if (pc.iceGatheringState !== 'complete') await new Promise<void>((res) => pc.iceGatheringStateChange.subscribe((s) => s === 'complete' && res()));
      const posted = performance.now();
      const res = await app.inject({ method: 'POST', url: `/api/v1/monitor/${encodeURIComponent(callId)}`, headers: { 'content-type': 'application/sdp', token: admin }, payload: pc.localDescription!.sdp });
      const answered = performance.now();
      if (res.statusCode !== 201) throw new Error(`monitor: ${res.statusCode} ${res.body.slice(0, 300)}`);
      await pc.setRemoteDescription({ type: 'answer', sdp: res.body });
      const toneAt = await Promise.race([toneHeard, sleep(5000).then(() => 0)]);
      if (!toneAt) throw new Error(`no 440 Hz frame within 5 s of the answer (${firstPacket ? 'packets arrived' : 'no packet'})`);
      if ((await subscriptions()) === 0) throw new Error('rtpengine shows no subscription while listening');
      const stopped = performance.now();
      const stop = await app.inject({ method: 'DELETE', url: res.headers.location as string, headers: { token: admin } });
      if (stop.statusCode !== 200) throw new Error(`stop: ${stop.statusCode} ${stop.body.slice(0, 300)}`);
      while ((await subscriptions()) > 0) {
        if (performance.now() - stopped > 5000) throw new Error('rtpengine still holds the subscription 5 s after the DELETE');
        await sleep(10);
      }
      return { offer: posted - t0, answer: answered - posted, ice: iceAt - posted, dtls: dtlsAt - posted, firstPacket: firstPacket - posted, firstTone: toneAt - posted, unsubscribed: performance.now() - stopped, setup: /a=setup:(\w+)/.exec(res.body)?.[1] ?? '?' };
    } finally {
      await pc.close();
    }
  };

  // The yardstick in the same run, with the call's media flowing: 5 warm-ups, then HEALTH_RUNS.
  const health: number[] = [];
  for (let i = 0; i < 5 + HEALTH_RUNS; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    if (res.statusCode !== 200) throw new Error(`health: ${res.statusCode}`);
    if (i >= 5) health.push(performance.now() - t0);
  }

  const warm = await listenOnce();
  await sleep(PAUSE_MS);
  const runs: Run[] = [];
  for (let i = 0; i < N; i++) {
    runs.push(await listenOnce());
    await sleep(PAUSE_MS);
  }
  const loadAtEnd = load();
  await a.hangup().catch(() => undefined);

  const base = pct(health, 0.5);
  const steps: [string, (r: Run) => number][] = [
    ['offer made by the client (before the POST, not counted)', (r) => r.offer],
    ['SDP answer (201)', (r) => r.answer],
    ['ICE connected (client)', (r) => r.ice],
    ['DTLS done: connection state connected (client)', (r) => r.dtls],
    ['first RTP packet received', (r) => r.firstPacket],
    ['first 20 ms frame with the 440 Hz tone', (r) => r.firstTone],
    ['DELETE to no subscription in rtpengine', (r) => r.unsubscribed],
  ];
  const f = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
  console.log(`# Listen-in on Kamailio + rtpengine: ${N} listen-ins of one call after 1 warm-up; Node ${process.version}, ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}`);
  console.log(`  load average (1, 5, 15 min) at start ${loadAtStart}, at end ${loadAtEnd}`);
  console.log(`\n| step (time from the POST) | p50 | p90 | max | p50 / health |\n| --- | --- | --- | --- | --- |`);
  for (const [name, of] of steps) {
    const xs = runs.map(of);
    console.log(`| ${name} | ${f(pct(xs, 0.5))} | ${f(pct(xs, 0.9))} | ${f(Math.max(...xs))} | ${(pct(xs, 0.5) / base).toFixed(0)}× |`);
  }
  console.log(`| GET /api/health (inject, ${HEALTH_RUNS} runs) | ${f(base)} | ${f(pct(health, 0.9))} | ${f(Math.max(...health))} | 1× |`);
  console.log(`\nwarm-up run: answer ${f(warm.answer)}, first packet ${f(warm.firstPacket)}, 440 Hz ${f(warm.firstTone)}; the answer's a=setup:${warm.setup}`);
  console.log(`440 Hz per run (ms): ${runs.map((r) => r.firstTone.toFixed(0)).join(' ')}`);
  const p50 = pct(runs.map((r) => r.firstTone), 0.5);
  const p90 = pct(runs.map((r) => r.firstTone), 0.9);
  console.log(`target: first audio (the tone) within ${TARGET_MS} ms of the POST: p50 ${f(p50)} ${p50 < TARGET_MS ? 'holds' : 'MISSED'}, p90 ${f(p90)} ${p90 < TARGET_MS ? 'holds' : 'MISSED'}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
