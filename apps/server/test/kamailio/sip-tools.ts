import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { kamailioRpc } from '../../src/platform/kamailio-rpc';
import { freePort as freeTcpPort, freeUdpPort } from '../../src/reliability/server-process';

// Free loopback ports for the stacks the tests start: never one handed out before in this process.
export { freeTcpPort, freeUdpPort };

const HERE = import.meta.dirname;
export const KAMAILIO_CFG = path.join(HERE, 'kamailio.cfg');
/** The provider's config on PostgreSQL, kept in the repository (deploy/kamailio). */
export const KAMAILIO_PG_CFG = path.resolve(HERE, '../../../../deploy/kamailio/kamailio.cfg');
export const REGISTER_XML = path.join(HERE, 'register.xml');
export const ANONYMOUS_INVITE_XML = path.join(HERE, 'anonymous-invite.xml');
/** rtpengine's config for the deploy Kamailio config (deploy/rtpengine). */
export const RTPENGINE_CONF = path.resolve(HERE, '../../../../deploy/rtpengine/rtpengine.conf');
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/**
 * Fails with what to do when Debian's Kamailio (with its SQLite and PostgreSQL modules), SIPp or baresip is missing.
 * Installing is the test bootstrap's job (scripts/test-bootstrap.mjs, run first by `npm test`), not a test's.
 */
export function ensureSipTools(): void {
  const lacking = [
    has('kamailio') ? '' : 'kamailio',
    fs.existsSync('/usr/share/kamailio/db_sqlite') ? '' : 'kamailio-sqlite-modules',
    fs.existsSync('/usr/share/kamailio/postgres') ? '' : 'kamailio-postgres-modules',
    has('sipp') ? '' : 'sip-tester',
    has('baresip') ? '' : 'baresip-core',
  ].filter(Boolean);
  if (lacking.length) {
    const pkgs = lacking.join(' ');
    throw new Error(
      `Debian packages missing: ${pkgs}. Run \`node scripts/test-bootstrap.mjs\` (npm test runs it first) or \`sudo apt-get install -y ${pkgs}\`.`,
    );
  }
}

/** Like ensureSipTools, plus what calls need: rtpengine (package rtpengine-daemon). Test audio is made in code. */
export function ensureCallTools(): void {
  ensureSipTools();
  const lacking = has('rtpengine') ? '' : 'rtpengine-daemon';
  if (lacking)
    throw new Error(
      `Debian packages missing: ${lacking}. Run \`node scripts/test-bootstrap.mjs\` or \`sudo apt-get install -y ${lacking}\`.`,
    );
}

const canBind = (port: number, kind: 'udp' | 'tcp') =>
  new Promise<boolean>((resolve) => {
    if (kind === 'udp') {
      const s = dgram.createSocket('udp4');
      s.once('error', () => resolve(false));
      s.bind(port, '127.0.0.1', () => s.close(() => resolve(true)));
    } else {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    }
  });

/**
 * `count` SIP ports for baresip phones, 10 apart from a random base between 20000 and 29000, each with its UDP port and
 * the TCP ports baresip also binds (port+1, port+2) free.
 */
export async function freePhonePorts(count: number): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20000 + 10 * Math.floor(Math.random() * 900);
    const ports = Array.from({ length: count }, (_, i) => base + 10 * i);
    const free = await Promise.all(
      ports.map(
        async (p) =>
          (await canBind(p, 'udp')) &&
          (await canBind(p, 'tcp')) &&
          (await canBind(p + 1, 'tcp')) &&
          (await canBind(p + 2, 'tcp')),
      ),
    );
    if (free.every(Boolean)) return ports;
  }
  throw new Error(`no ${count} free phone ports found`);
}

/** Kamailio's own SQLite schema (version, subscriber, location), from the files Debian ships. */
export function createKamailioSqlite(file: string): void {
  const dir = fs.existsSync('/usr/share/kamailio/db_sqlite')
    ? '/usr/share/kamailio/db_sqlite'
    : '/usr/share/kamailio/sqlite';
  const db = new SQLite(file);
  for (const f of ['standard-create.sql', 'auth_db-create.sql', 'usrloc-create.sql'])
    db.exec(fs.readFileSync(path.join(dir, f), 'utf8'));
  // WAL, as a SQLite Kamailio should have (telephony-stack guide, defect 4): Kamailio 5.6's db_sqlite never waits for a
  // lock, and in the default rollback journal a reader (the portal showing who is registered) made its location insert
  // fail ('database is locked', 500 to a REGISTER: seen once in linphonec.test under the full suite). The file keeps it.
  db.pragma('journal_mode = WAL');
  db.close();
}

/** Sends OPTIONS until Kamailio answers anything (the test config answers 405, the deploy config 200). */
async function waitForSip(port: number, timeoutMs: number): Promise<void> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve));
  const me = s.address().port;
  const msg = Buffer.from(
    `OPTIONS sip:127.0.0.1:${port} SIP/2.0\r\nVia: SIP/2.0/UDP 127.0.0.1:${me};branch=z9hG4bK-probe${Date.now()}\r\nMax-Forwards: 70\r\n` +
      `From: <sip:probe@127.0.0.1>;tag=p1\r\nTo: <sip:probe@127.0.0.1>\r\nCall-ID: probe-${Date.now()}@127.0.0.1\r\nCSeq: 1 OPTIONS\r\nContent-Length: 0\r\n\r\n`,
  );
  const answered = new Promise<void>((resolve) => s.once('message', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      s.send(msg, port, '127.0.0.1');
      const ok = await Promise.race([
        answered.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 200)),
      ]);
      if (ok) return;
    }
    throw new Error(`Kamailio did not answer on 127.0.0.1:${port} within ${timeoutMs} ms`);
  } finally {
    s.close();
  }
}

export interface Kamailio {
  port: number;
  /** The JSON-RPC socket (RPC_LISTEN) and its URL, http://127.0.0.1:<rpcPort>/RPC (deploy config only). */
  rpcPort: number;
  rpcUrl: string;
  log: () => string;
  stop(): Promise<void>;
}

/**
 * Starts Debian's Kamailio in the foreground on loopback, with the test config (or `cfg`) and extra `-A` defines
 * such as `REALM="sip.provider.test"` or `USRLOC_DB_MODE=3`. The deploy config also gets RPC_LISTEN (`rpcPort`, else
 * a free port, so instances never share one) and RTPENGINE_SOCK (`rtpengineSock`: a port or `udp:host:port`; unset:
 * a free port where nothing listens, so calls go unanchored rather than to someone else's rtpengine).
 */
export async function startKamailio(opts: {
  port: number;
  dbUrl: string;
  workDir: string;
  cfg?: string;
  defines?: string[];
  rpcPort?: number;
  rtpengineSock?: number | string;
}): Promise<Kamailio> {
  const rpcPort = opts.rpcPort ?? (await freeTcpPort());
  const sock = opts.rtpengineSock ?? (await freeUdpPort());
  const ng = typeof sock === 'number' ? `udp:127.0.0.1:${sock}` : sock;
  const args = [
    '-f',
    opts.cfg ?? KAMAILIO_CFG,
    '-DD',
    '-E',
    '-w',
    opts.workDir,
    '-A',
    `LISTEN=udp:127.0.0.1:${opts.port}`,
    '-A',
    `DBURL="${opts.dbUrl}"`,
  ];
  args.push('-A', `RPC_LISTEN=tcp:127.0.0.1:${rpcPort}`, '-A', `RTPENGINE_SOCK="${ng}"`);
  for (const d of opts.defines ?? []) args.push('-A', d);
  const child: ChildProcess = spawn('kamailio', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForSip(opts.port, 10_000);
  } catch (err) {
    child.kill('SIGTERM');
    throw new Error(`${(err as Error).message}\n${log.slice(-2000)}`, { cause: err });
  }
  return {
    port: opts.port,
    rpcPort,
    rpcUrl: `http://127.0.0.1:${rpcPort}/RPC`,
    log: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Kamailio's JSON-RPC (e.g. `dlg.list`, `htable.reload` ["cs"]) through the portal's own client. */
export function rpc<T = unknown>(port: number, method: string, params: unknown[] = []): Promise<T> {
  return kamailioRpc<T>(`http://127.0.0.1:${port}/RPC`, method, params);
}

export interface Rtpengine {
  ngPort: number;
  /** pcaps land in `<recordingDir>/pcaps/<call-id>-<16 hex>.pcap`. */
  recordingDir: string;
  log: () => string;
  stop(): Promise<void>;
}

/** Sends an ng `ping` until rtpengine answers `pong`. */
async function waitForNg(port: number, timeoutMs: number): Promise<boolean> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve));
  const pong = new Promise<boolean>((resolve) =>
    s.on('message', (m) => m.toString().includes('pong') && resolve(true)),
  );
  s.on('error', () => undefined);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      s.send(Buffer.from('probe d7:command4:pinge'), port, '127.0.0.1');
      if (await Promise.race([pong, new Promise<boolean>((r) => setTimeout(() => r(false), 200))])) return true;
    }
    return false;
  } finally {
    s.close();
  }
}

/**
 * Starts Debian's rtpengine 10.5 in the foreground from deploy/rtpengine/rtpengine.conf (userspace, pcap recording)
 * with the ng port, RTP port range and recording directory overridden on the command line.
 */
export async function startRtpengine(o: {
  ngPort: number;
  portMin: number;
  portMax: number;
  recordingDir: string;
  workDir: string;
}): Promise<Rtpengine> {
  fs.mkdirSync(o.recordingDir, { recursive: true });
  const args = [
    `--config-file=${RTPENGINE_CONF}`,
    `--listen-ng=127.0.0.1:${o.ngPort}`,
    `--port-min=${o.portMin}`,
    `--port-max=${o.portMax}`,
    `--recording-dir=${o.recordingDir}`,
    `--pidfile=${path.join(o.workDir, `rtpengine-${o.ngPort}.pid`)}`,
  ];
  const child: ChildProcess = spawn('rtpengine', args, { cwd: o.workDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (!(await waitForNg(o.ngPort, 10_000))) {
    child.kill('SIGKILL');
    throw new Error(`rtpengine did not answer on 127.0.0.1:${o.ngPort}\n${log.slice(-2000)}`);
  }
  return {
    ngPort: o.ngPort,
    recordingDir: o.recordingDir,
    log: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

export interface RegisterResult {
  ok: boolean;
  /** The status line of the answer that ended the call when it was not 200 (e.g. "SIP/2.0 401 Unauthorized"). */
  refusal: string;
}

/**
 * One REGISTER with digest auth by SIPp (test/kamailio/register.xml) for username@host (the account XML's SIP domain),
 * sent to `proxy` when given (the XML's `<proxy>`), else to host[:port]; ok on 200 OK.
 */
export function sippRegister(o: {
  username: string;
  password: string;
  host: string;
  proxy?: string;
  localPort: number;
  workDir: string;
}): RegisterResult {
  const [domain] = o.host.split(':') as [string];
  const csv = path.join(o.workDir, `users-${o.localPort}.csv`);
  const errors = path.join(o.workDir, `sipp-errors-${o.localPort}-${Date.now()}.log`);
  // SIPp reads ';' as the field separator: SIP passwords generated by the portal are base64url, so they have none.
  fs.writeFileSync(
    csv,
    `SEQUENTIAL\n${o.username};-;${domain};[authentication username=${o.username} password=${o.password}]\n`,
  );
  const args = [
    '-sf',
    REGISTER_XML,
    '-inf',
    csv,
    '-i',
    '127.0.0.1',
    '-p',
    String(o.localPort),
    '-m',
    '1',
    '-timeout',
    '10',
    '-timeout_error',
    '-nostdin',
    '-trace_err',
    '-error_file',
    errors,
    o.proxy || o.host,
  ];
  const run = spawnSync('sipp', args, { cwd: o.workDir, encoding: 'utf8', timeout: 20_000 });
  const errText = fs.existsSync(errors) ? fs.readFileSync(errors, 'utf8') : '';
  const refusal =
    /received '(SIP\/2\.0 \d{3}[^\r\n]*)/.exec(errText)?.[1] ??
    (run.status === 0 ? '' : `sipp exit ${run.status}: ${errText.slice(0, 500)}${run.stderr ?? ''}`);
  return { ok: run.status === 0, refusal };
}

/**
 * An authenticated INVITE from username@domain to target@domain with "Privacy: id" (test/kamailio/anonymous-invite.xml),
 * sent to `proxy`; ok when the answer is 433 Anonymity Disallowed, else `refusal` holds what came instead.
 */
export function sippAnonymousInvite(o: {
  username: string;
  password: string;
  domain: string;
  target: string;
  proxy: string;
  localPort: number;
  workDir: string;
}): RegisterResult {
  const csv = path.join(o.workDir, `anon-${o.localPort}.csv`);
  const errors = path.join(o.workDir, `sipp-anon-errors-${o.localPort}-${Date.now()}.log`);
  fs.writeFileSync(
    csv,
    `SEQUENTIAL\n${o.username};${o.target};${o.domain};[authentication username=${o.username} password=${o.password}]\n`,
  );
  const args = [
    '-sf',
    ANONYMOUS_INVITE_XML,
    '-inf',
    csv,
    '-i',
    '127.0.0.1',
    '-p',
    String(o.localPort),
    '-m',
    '1',
    '-timeout',
    '3',
    '-timeout_error',
    '-nostdin',
    '-trace_err',
    '-error_file',
    errors,
    o.proxy,
  ];
  const run = spawnSync('sipp', args, { cwd: o.workDir, encoding: 'utf8', timeout: 20_000 });
  const errText = fs.existsSync(errors) ? fs.readFileSync(errors, 'utf8') : '';
  const refusal =
    /received '(SIP\/2\.0 \d{3}[^\r\n]*)/.exec(errText)?.[1] ??
    (run.status === 0 ? '' : `sipp exit ${run.status}: ${errText.slice(0, 500)}${run.stderr ?? ''}`);
  return { ok: run.status === 0, refusal };
}

/**
 * Kamailio's PostgreSQL database in the throwaway cluster (scripts/pg-throwaway.sh creates role and database
 * "kamailio" with Debian's schema): KAMAILIO_TEST_DB_URL, else TEST_DATABASE_URL's server with kamailio/kamailio.
 */
export function kamailioPgUrl(): string {
  if (process.env.KAMAILIO_TEST_DB_URL) return process.env.KAMAILIO_TEST_DB_URL;
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('KAMAILIO_TEST_DB_URL or TEST_DATABASE_URL is needed');
  const u = new URL(base);
  u.username = 'kamailio';
  u.password = 'kamailio';
  u.pathname = '/kamailio';
  return u.toString();
}
