import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { ADMIN_PASSWORD, CLOUD_ID, type Store, freePort, freshStore, serverBaseEnv, until } from './server-process';

/**
 * The server as production runs it: built to JavaScript by scripts/build.mjs (into a folder of its own beside
 * dist/, at the same depth, so the paths it finds from its own location are the ones dist/ uses) and started with
 * plain `node`, no TypeScript loader in the process or in its log worker. On SQLite, and on PostgreSQL in the
 * postgres project.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const REPO = path.resolve(SERVER_DIR, '../..');
const OUT = path.join(SERVER_DIR, `dist-test-${randomBytes(4).toString('hex')}`);
const TENANT = 'drain.example';

interface Compiled {
  base: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  call<T = unknown>(name: string, body: unknown, token?: string): Promise<{ status: number; json: T }>;
}

async function startCompiled(env: Record<string, string>): Promise<Compiled> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(OUT, 'server.js')], {
    cwd: SERVER_DIR,
    env: {
      ...serverBaseEnv(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'https://portal.example.test',
      SIM_ACTIVE_CALLS: '0',
      JOB_POLL_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (c: Buffer) => (out = (out + c.toString()).slice(-50_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  running.push(child);
  await until(
    'the compiled server to answer /api/health/live',
    async () => {
      if (child.exitCode !== null) throw new Error(`the compiled server exited at start (${child.exitCode}):\n${out}`);
      return fetch(`${base}/api/health/live`).then(
        (r) => r.ok,
        () => false,
      );
    },
    60_000,
    50,
  );
  const call: Compiled['call'] = async (name, body, token) => {
    const res = await fetch(`${base}/api/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as never };
  };
  return { base, child, output: () => out, exited, call };
}

const running: ChildProcess[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const c of running.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const s of stores.splice(0)) await s.dispose().catch(() => undefined);
});
beforeAll(() => {
  execFileSync(process.execPath, [path.join(REPO, 'scripts/build.mjs'), 'server', `--outdir=${OUT}`], {
    cwd: REPO,
    stdio: 'pipe',
  });
}, 60_000);
afterAll(() => fs.rmSync(OUT, { recursive: true, force: true }));

async function store(): Promise<Store> {
  const s = await freshStore();
  stores.push(s);
  return s;
}

async function login(s: Compiled): Promise<string> {
  const res = await s.call<{ Token: string }>('adminLogin', {
    cloud_id: CLOUD_ID,
    user: 'admin',
    password: ADMIN_PASSWORD,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.Token;
}

const job = (db: Db, id: number) =>
  db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const countExtensions = async (db: Db) =>
  Number(
    (
      await db.kysely
        .selectFrom('extensions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', TENANT)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** An HTTP request whose head is sent now and whose body only when `finish` is called: a request in flight. */
function halfSentLogin(base: string): Promise<{ finish(): void; reply: Promise<string> }> {
  const url = new URL(base);
  const body = JSON.stringify({ cloud_id: CLOUD_ID, user: 'admin', password: ADMIN_PASSWORD });
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST /api/v1/adminLogin HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
      );
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      const reply = new Promise<string>((r) => socket.once('close', () => r(text)));
      resolve({ finish: () => socket.write(body.slice(10)), reply });
    });
    socket.once('error', reject);
  });
}

describe('the compiled server', () => {
  it('starts with plain node, answers live, ready and /api/health, and its log worker stores lines', async () => {
    const st = await store();
    const s = await startCompiled(st.env);
    for (const probe of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const res = await fetch(`${s.base}${probe}`);
      expect(res.status, probe).toBe(200);
      expect(await res.json(), probe).toMatchObject({ status: 'ok' });
    }
    // No TypeScript loader anywhere in the process: the command line is node on the built file.
    expect(s.child.spawnargs.join(' ')).not.toMatch(/tsx|\.ts\b/);
    // The log worker (dist-*/log-worker.mjs) stores the server's lines: they can be read back through getlogs.
    const token = await login(s);
    const start = String(BigInt(Date.now() - 60_000) * 1_000_000n);
    await until(
      'the log worker to store the login',
      async () => {
        const res = await s.call<{ data?: { result: unknown[] } }>(
          'getlogs',
          { start, end: String(BigInt(Date.now() + 1000) * 1_000_000n) },
          token,
        );
        return res.status === 200 && (res.json.data?.result.length ?? 0) > 0;
      },
      10_000,
      200,
    );
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 60_000);

  it('on SIGTERM answers the request in flight, pauses the running import at its checkpoint and exits 0; the next start finishes it', async () => {
    const st = await store();
    const n = 10_000;
    const s1 = await startCompiled(st.env);
    const token = await login(s1);
    expect(
      (await s1.call('createTenant', { tid: TENANT, tname: 'Drain Test', domain: TENANT, site_name: 'Main' }, token))
        .status,
    ).toBe(200);
    const rows = Array.from({ length: n }, (_, i) => ({
      Extension: String(100_000 + i),
      Domain: TENANT,
      'Site Name': 'Main',
      'First Name': `First${i}`,
      'Last Name': `Last${i}`,
      Admin: 'false',
      Email: '',
      Linked: 'false',
      'Mobile App Allowed': 'false',
      'Desktop App Allowed': 'false',
      tenantid: TENANT,
    }));
    // A request in flight: the server has its head (it logged it) but not yet its body when the signal comes.
    const logins = () => s1.output().split('"url":"/api/v1/adminLogin"').length;
    const before = logins();
    const inFlight = await halfSentLogin(s1.base);
    await until('the server to receive the request', async () => logins() > before, 10_000, 10);

    const imported = await s1.call<{ job_id: number }>('extensionsImport', rows, token);
    expect(imported.status, JSON.stringify(imported.json).slice(0, 300)).toBe(200);
    const id = imported.json.job_id;
    await until(
      'the import to be part-way',
      async () => {
        const j = await job(st.db, id);
        return j.done > 0 && j.done < j.total;
      },
      30_000,
      5,
    );
    s1.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    inFlight.finish();
    expect(await inFlight.reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(await s1.exited).toBe(0);
    expect(s1.output()).toContain('job paused for shutdown');

    const paused = await job(st.db, id);
    expect(paused).toMatchObject({ status: 'queued', lease_owner: null, attempts: 0 });
    expect(paused.done).toBeLessThan(n);
    expect(paused.checkpoint).not.toBeNull();

    // Handed back, not left locked until its lease runs out (60 s by default): the next start resumes it at once.
    const s2 = await startCompiled(st.env);
    await until('the import to finish', async () => (await job(st.db, id)).status === 'done', 60_000, 100);
    const done = await job(st.db, id);
    expect(JSON.parse(done.result ?? 'null')).toEqual({ applied: n, skipped: 0 });
    expect(done.attempts).toBe(1);
    expect(await countExtensions(st.db)).toBe(n);
    s2.child.kill('SIGTERM');
    expect(await s2.exited).toBe(0);
  }, 90_000);
});
