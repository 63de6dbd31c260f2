import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, openDatabase } from '../db/database';

const SERVER_TS = path.resolve(import.meta.dirname, '../server.ts');
const REPO = path.resolve(import.meta.dirname, '../../../..');
export const ADMIN_PASSWORD = 'Crash-admin-1';
export const CLOUD_ID = 'CRASH';

/**
 * Every port freePort and freeUdpPort handed out in this process (TCP and UDP alike). The system may give the port it
 * just released to the next bind to port 0: a fresh clone's run once got the same port for the reference stack's
 * PostgreSQL and Kamailio's JSON-RPC, asked for one after the other, and Kamailio could not bind it.
 */
const handedOut = new Set<number>();

async function unusedPort(bindZero: () => Promise<number>): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await bindZero();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error('no free port that was not handed out already');
}

/** A free TCP port on loopback (bound, read, released), never one handed out before in this process. */
export function freePort(): Promise<number> {
  return unusedPort(async () => {
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as net.AddressInfo).port;
    await new Promise((r) => srv.close(r));
    return port;
  });
}

/** A free UDP port on loopback (bound, read, released), never one handed out before in this process. */
export function freeUdpPort(): Promise<number> {
  return unusedPort(async () => {
    const s = dgram.createSocket('udp4');
    await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
    const { port } = s.address();
    await new Promise<void>((r) => s.close(() => r()));
    return port;
  });
}

/** The node flags of `npm start` (the root package.json), so a spawned built server runs as `npm start` runs it. */
export function npmStartFlags(repo = REPO): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const m = pkg.scripts.start.match(/exec node ((?:--\S+ )*)dist\/server\.js$/);
  if (!m) throw new Error(`unexpected start script: ${pkg.scripts.start}`);
  return m[1]!.split(' ').filter(Boolean);
}

/** What every spawned test server gets: a clean environment on loopback, the test admin password and cloud id. */
export function serverBaseEnv(port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD,
    CLOUD_ID,
    // A developer's .env at the repository's root must not change what the tests run against.
    ENV_FILE: 'none',
  };
}

/** Where spawned servers keep their data: a temp dir (SQLite), or a fresh schema of TEST_DATABASE_URL. */
export interface Store {
  env: Record<string, string>;
  /** The test's own connection, for checking what the servers wrote. */
  db: Db;
  dispose(): Promise<void>;
}

export async function freshStore(
  kind: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite',
): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-crash-'));
  if (kind === 'sqlite') {
    // The servers create the file; the test opens it once the first server has migrated it.
    let db: Db | undefined;
    return {
      env: { DATA_DIR: dataDir },
      get db() {
        db ??= openDatabase({ sqliteFile: path.join(dataDir, 'provisio.sqlite') });
        return db;
      },
      dispose: async () => {
        await db?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('postgres store needs TEST_DATABASE_URL');
  const schema = `crash_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const sep = url.includes('?') ? '&' : '?';
  const db = openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 2 });
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}` },
    db,
    dispose: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** What the process wrote to stderr (shown when a test fails). */
  output(): string;
  call<T = unknown>(name: string, body: unknown, token?: string): Promise<{ status: number; json: T }>;
  login(): Promise<string>;
  /** SIGKILL: no shutdown hook runs, as when the machine dies. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `server.ts` as its own process (node --import tsx, so a signal reaches the server itself) and waits for /api/health. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_TS], {
    cwd: REPO,
    env: {
      ...serverBaseEnv(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(os.tmpdir(), 'provisio-no-web'),
      PUBLIC_URL: 'https://portal.example.test',
      MAIL_POLL_MS: '100',
      JOB_POLL_MS: '100',
      SIM_ACTIVE_CALLS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-20_000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start (${child.exitCode}):\n${stderr}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 60_000) throw new Error(`server did not start:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const call: ServerProcess['call'] = async (name, body, token) => {
    const res = await fetch(`${base}/api/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as never };
  };
  return {
    base,
    child,
    output: () => stderr,
    call,
    async login() {
      const res = await call<{ Token: string }>('adminLogin', {
        cloud_id: CLOUD_ID,
        user: 'admin',
        password: ADMIN_PASSWORD,
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json.Token;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
  everyMs = 20,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
