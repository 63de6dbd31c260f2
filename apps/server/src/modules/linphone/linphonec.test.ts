import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import {
  type Kamailio,
  createKamailioSqlite,
  ensureSipTools,
  freeUdpPort,
  startKamailio,
} from '../../../test/kamailio/sip-tools';
import { openKamailioDb } from '../../platform/kamailio-db';

/**
 * Linphone provisions itself from the portal's one-time URL and registers with Debian's Kamailio: linphonec 5.1 is
 * given nothing but `[misc] config-uri=<url>` and fetches the document itself (remote provisioning), in a
 * multi-domain set-up where the SIP domain (lin.example, not resolvable) differs from the server to connect to.
 * linphonec only runs its core loop with a terminal on stdin, hence `script` around it.
 */
const TENANT = 'lin-e2e';
const DOMAIN = 'lin.example';
const EMAIL = 'lin.user@lin.example';
const APP_PASSWORD = 'L1nphonec-App-2024';
const CLOUD_ID = 'LINE2E';

let dir: string;
let kamDbFile: string;
let kamailio: Kamailio;
let t: TestApp;
let admin: string;
let linphonec: ChildProcess | undefined;

async function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function location(): Promise<{ username: string; domain: string | null; user_agent: string }[]> {
  const db = openKamailioDb(`sqlite:///${kamDbFile}`);
  try {
    return await db.kysely
      .selectFrom('location')
      .select(['username', 'domain', 'user_agent'])
      .where('username', '=', '3001')
      .execute();
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  ensureSipTools();
  const which = spawnSync('sh', ['-c', 'command -v linphonec && command -v script'], { encoding: 'utf8' });
  if (which.status !== 0)
    throw new Error(
      'linphonec (linphone-cli) and script (util-linux) are needed: apt-get install linphone-cli util-linux',
    );
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-linphonec-'));
  kamDbFile = path.join(dir, 'kamailio.db');
  createKamailioSqlite(kamDbFile);
  const sipPort = await freeUdpPort();
  kamailio = await startKamailio({ port: sipPort, dbUrl: `sqlite:///${kamDbFile}`, workDir: dir });
  const httpPort = await freeTcpPort();
  // Multi-domain: no KAMAILIO_SIP_DOMAIN, so the subscriber is 3001@lin.example; Kamailio is reached at KAMAILIO_SIP_HOST.
  t = await startTestApp({
    PLATFORM: 'kamailio',
    KAMAILIO_DB_URL: `sqlite:///${kamDbFile}`,
    KAMAILIO_SIP_HOST: `127.0.0.1:${sipPort}`,
    CLOUD_ID,
    PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
  });
  await t.app.listen({ port: httpPort, host: '127.0.0.1' });
  admin = await t.login();
  const tenant = await t.call(
    'createTenant',
    { tid: TENANT, tname: 'Linphone E2E', domain: DOMAIN, site_name: 'HQ' },
    { token: admin },
  );
  expect(tenant.statusCode, tenant.body).toBe(200);
  const created = await t.call(
    'createExtension',
    {
      tenant_id: TENANT,
      extension: '3001',
      domain: DOMAIN,
      site_name: 'HQ',
      firstname: 'Lin',
      lastname: 'Phone',
      email: EMAIL,
      admin: false,
    },
    { token: admin },
  );
  expect(created.statusCode, created.body).toBe(200);
  const link = await t.call(
    'linkExtension',
    { email: EMAIL, did: '+15550143', pin: '246813', password: APP_PASSWORD, extension: '3001', tenant_id: TENANT },
    { token: admin },
  );
  expect(link.statusCode, link.body).toBe(200);
  const profile = await t.call(
    'profileCreateUpdate',
    {
      profile_name: 'Linphone E2E',
      proxy: `127.0.0.1:${sipPort}`,
      transport: 'udp',
      tenant_id: TENANT,
      codecorder: '8,0',
      expires: '120',
    },
    { token: admin },
  );
  expect(profile.statusCode, profile.body).toBe(200);
}, 240_000);

afterAll(async () => {
  if (linphonec && linphonec.exitCode === null) {
    linphonec.stdin?.write('quit\n');
    await new Promise((r) => setTimeout(r, 1000));
    if (linphonec.exitCode === null) linphonec.kill('SIGKILL');
  }
  await t?.close();
  await kamailio?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('linphonec provisioned from the one-time Linphone URL', () => {
  it('fetches its configuration from the URL alone and registers 200 OK with Kamailio; the URL is then spent', async () => {
    const login = await t.call('authLogin', { username: EMAIL, password: APP_PASSWORD, cloud_id: CLOUD_ID });
    expect(login.statusCode, login.body).toBe(200);
    const minted = await t.call('linphoneLink', { grant: login.json().grant });
    expect(minted.statusCode, minted.body).toBe(200);
    const { url } = minted.json<{ url: string }>();
    expect(url.startsWith(`${t.deps.config.publicUrl}/api/v1/linphone/`)).toBe(true);
    expect(await location()).toEqual([]);

    const home = path.join(dir, 'home');
    fs.mkdirSync(path.join(home, '.local/share/linphone'), { recursive: true });
    const rc = path.join(dir, 'linphonerc');
    const log = path.join(dir, 'linphonec.log');
    // Only the provisioning URI, plus a random local SIP port so it does not take 5060.
    fs.writeFileSync(rc, `[misc]\nconfig-uri=${url}\n[sip]\nsip_port=-1\nsip_tcp_port=0\n`);
    linphonec = spawn('script', ['-qfec', `linphonec -c ${rc} -d 5 -l ${log}`, '/dev/null'], {
      env: { ...process.env, HOME: home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });

    let rows: Awaited<ReturnType<typeof location>> = [];
    for (let i = 0; i < 60 && rows.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      rows = await location();
    }
    const readLog = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '');
    // Kamailio saves the contact before linphonec has read (and logged) the 200 OK: wait for the line too.
    const registered = /SIP\/2\.0 200 OK[\s\S]*CSeq: \d+ REGISTER/;
    let lpLog = readLog();
    for (let i = 0; i < 40 && rows.length === 1 && !registered.test(lpLog); i++) {
      await new Promise((r) => setTimeout(r, 250));
      lpLog = readLog();
    }
    expect(rows, `${lpLog.slice(-3000)}\n${kamailio.log().slice(-1500)}`).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: '3001', domain: DOMAIN });
    expect(rows[0]!.user_agent).toMatch(/Linphone/i);
    // The REGISTER that Kamailio answered 200 OK, as linphonec logged it.
    expect(lpLog).toMatch(registered);
    const reg = await t.call('getExtensions', { tenant_id: TENANT }, { token: admin });
    expect(reg.json<{ extension: string; registered?: boolean }[]>().find((r) => r.extension === '3001')).toMatchObject(
      { registered: true },
    );

    // What linphonec stored: the identity on the SIP domain and Kamailio as the server; no config-uri any more
    // (transient_provisioning), so it will not fetch the spent link at each start. (Codec sections are not checked:
    // linphonec 5.1 reads its codec list before remote provisioning runs and writes that list back when it quits.)
    // linphonec writes its configuration file when it quits.
    const exited = new Promise<void>((resolve) => linphonec!.once('exit', () => resolve()));
    linphonec.stdin?.write('quit\n');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    const stored = fs.readFileSync(rc, 'utf8');
    expect(stored).toContain('reg_identity="Lin Phone" <sip:3001@lin.example>');
    expect(stored).toContain(`reg_proxy=<sip:127.0.0.1:${kamailio.port};transport=udp>`);
    expect(stored).not.toContain('config-uri=');
    const again = await fetch(url);
    expect(again.status).toBe(404);
  }, 90_000);
});
