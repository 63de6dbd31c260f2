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
 * GET /api/health is injected in the same run as the yardstick. Figures are recorded in docs/benchmarks.md. The
 * client side and the report are in bench-listen-client.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { createLogging } from '../apps/server/src/lib/logging';
import { Mailer } from '../apps/server/src/lib/mailer';
import { migrate } from '../apps/server/src/migrations';
import { NgClient } from '../apps/server/src/platform/rtpengine-ng';
import { seedOnFirstStart } from '../apps/server/src/seed/seed';
import { writeFixtures } from '../apps/server/test/kamailio/audio';
import { type XmlSipAccount, accountFromXml } from '../apps/server/test/kamailio/baresip';
import { type Phone, startPhone } from '../apps/server/test/kamailio/phones';
import {
  KAMAILIO_PG_CFG,
  type Kamailio,
  type Rtpengine,
  ensureCallTools,
  freePhonePorts,
  freeTcpPort,
  freeUdpPort,
  startKamailio,
  startRtpengine,
} from '../apps/server/test/kamailio/sip-tools';
import { type Run, listenOnce, printReport, sleep } from './bench-listen-client';

const N = Number(process.env.BENCH_N ?? 20);
const HEALTH_RUNS = 50;
const PASSWORD = 'bench-pass-1';
const CLOUD_ID = 'BENCHLISTEN';
const TARGET_MS = 500;
/** The portal shares one dlg.list among requests within 250 ms (kamailio-live.ts); runs are spaced past it. */
const PAUSE_MS = 400;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

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
    console.error(
      'KAMAILIO_TEST_DB_URL is needed (a PostgreSQL with the kamailio database). For a throwaway one:\n' +
        '  eval "$(bash scripts/pg-throwaway.sh start 55447)"\n  npx tsx scripts/bench-listen.ts\n  bash scripts/pg-throwaway.sh stop "$PG_THROWAWAY_DIR"',
    );
    process.exitCode = 2;
    return;
  }
  ensureCallTools();
  const loadAtStart = load();
  const stack: Stack = {
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-listen-')),
    phones: [],
    cleanups: [],
  };
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
  const kam = await startKamailio({
    port: await freeUdpPort(),
    dbUrl: kamUrl,
    workDir: dir,
    cfg: KAMAILIO_PG_CFG,
    defines: ['USRLOC_DB_MODE=3'],
    rtpengineSock: ngPort,
  });
  stack.kam = kam;

  // The portal in process, configured as a provider would (its connector made from these keys by buildApp).
  const db = openDatabase({ sqliteFile: path.join(dir, 'provisio.sqlite') });
  const config = loadConfig({
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    CLOUD_ID,
    WEB_DIST: path.join(dir, 'no-web'),
    PLATFORM: 'kamailio',
    KAMAILIO_DB_URL: kamUrl,
    KAMAILIO_RPC_URL: kam.rpcUrl,
    RTPENGINE_NG: `udp:127.0.0.1:${ngPort}`,
    RTPENGINE_RECORDING_DIR: recordingDir,
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
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/${name}`,
      headers: token ? { token } : {},
      payload: body as object,
    });
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  const admin = (await call('adminLogin', { cloud_id: CLOUD_ID, user: 'admin', password: PASSWORD })).json<{
    Token: string;
  }>().Token;

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
  await call(
    'createUpdateLicenses',
    { tenant_id: tenant, vcx_desktop: 5, vcx_mobile: 5, call_monitor: 2, call_recording: 0, analytics: 0 },
    admin,
  );
  await call(
    'profileCreateUpdate',
    { profile_name: 'Bench phones', proxy: `127.0.0.1:${kam.port}`, transport: 'udp', tenant_id: tenant },
    admin,
  );
  const account = async (extension: string): Promise<XmlSipAccount> => {
    const email = `u${extension}@${domain}`;
    const password = `Bench!Listen-${extension}`;
    await call(
      'createExtension',
      {
        tenant_id: tenant,
        extension,
        domain,
        site_name: 'HQ',
        firstname: 'Bench',
        lastname: extension,
        email,
        admin: false,
      },
      admin,
    );
    await call(
      'linkExtension',
      { email, did: `+1555${extension}`, pin: '246813', password, extension, tenant_id: tenant },
      admin,
    );
    const q = new URLSearchParams({ cloud_id: CLOUD_ID, cloud_username: email, cloud_password: password });
    const xml = await app.inject({
      method: 'GET',
      url: `/api/v1/provision?${q}`,
      headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
    });
    if (xml.statusCode !== 200) throw new Error(`provision ${extension}: ${xml.statusCode} ${xml.body.slice(0, 300)}`);
    return accountFromXml(xml.body);
  };
  const [accountA, accountB] = [await account('5101'), await account('5102')];

  // Audio longer than the run (baresip hangs up at the end of its file).
  const audio = writeFixtures(dir, Math.max(300, N * 6 + 120));
  const ports = await freePhonePorts(2);
  const phone = async (acct: XmlSipAccount, i: number, file: string) => {
    const p = await startPhone(acct, {
      localPort: ports[i]!,
      ctrlPort: await freeTcpPort(),
      workDir: dir,
      audioFile: file,
      autoAnswer: true,
    });
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
    const list = (await call('callActions', { action: 'list_active_channels', tenant_id: tenant }, admin)).json<
      { SIPCallID: string }[]
    >();
    callId = list[0]?.SIPCallID ?? '';
    if (!callId) await sleep(100);
  }
  if (!callId) throw new Error('the call never showed in callActions');
  await sleep(1000); // both parties' media flowing through rtpengine

  const ng = new NgClient(`udp:127.0.0.1:${ngPort}`);
  const subscriptions = async () => {
    const q = await ng.command('query', { 'call-id': callId });
    const tags = q.tags as Record<string, { tag: string; subscriptions: unknown[] }>;
    return Object.values(tags)
      .filter((m) => m.tag.startsWith('listen-'))
      .reduce((n, m) => n + m.subscriptions.length, 0);
  };

  // The yardstick in the same run, with the call's media flowing: 5 warm-ups, then HEALTH_RUNS.
  const health: number[] = [];
  for (let i = 0; i < 5 + HEALTH_RUNS; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    if (res.statusCode !== 200) throw new Error(`health: ${res.statusCode}`);
    if (i >= 5) health.push(performance.now() - t0);
  }

  const target = { app, callId, token: admin, subscriptions };
  const warm = await listenOnce(target);
  await sleep(PAUSE_MS);
  const runs: Run[] = [];
  for (let i = 0; i < N; i++) {
    runs.push(await listenOnce(target));
    await sleep(PAUSE_MS);
  }
  const loadAtEnd = load();
  await a.hangup().catch(() => undefined);

  printReport({ runs, warm, health, loadAtStart, loadAtEnd, targetMs: TARGET_MS });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
