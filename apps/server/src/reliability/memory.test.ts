import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  CLOUD_ID,
  type Store,
  freePort,
  freshStore,
  npmStartFlags,
  serverBaseEnv,
  until,
} from './server-process';

/**
 * Memory of one server as `npm start` runs it (issue #17): built by scripts/build.mjs (into a folder of its own, as
 * compiled-server.test.ts does), started with the node flags of the root package.json "start" script, demo data.
 * Idle it stays under 150 MB of resident memory, the whole process (the log worker's thread included); a
 * 10,000-row import keeps it under 250 MB. Read from /proc (Linux), as `ps` and systemd report it.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const REPO = path.resolve(SERVER_DIR, '../..');
const OUT = path.join(SERVER_DIR, `dist-test-${randomBytes(4).toString('hex')}`);
const IDLE_MAX_MB = 150;
const IMPORT_MAX_MB = 250;
const TENANT = 'memory.example';

/** The node flags `npm start` gives the server: `... && exec node <flags> dist/server.js`. */
/** Resident memory of the process, all its threads, in MB. */
function rssMb(pid: number): number {
  const kb = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) / 1024;
}

let child: ChildProcess;
let store: Store;
let base = '';
let startedAt = 0;
let output = '';

async function call<T>(name: string, body: unknown, token?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base}/api/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

async function login(): Promise<string> {
  const res = await call<{ Token: string }>('adminLogin', {
    cloud_id: CLOUD_ID,
    user: 'admin',
    password: ADMIN_PASSWORD,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.Token;
}

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(REPO, 'scripts/build.mjs'), 'server', `--outdir=${OUT}`], {
    cwd: REPO,
    stdio: 'pipe',
  });
  store = await freshStore();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  startedAt = Date.now();
  child = spawn(process.execPath, [...npmStartFlags(), path.join(OUT, 'server.js')], {
    cwd: SERVER_DIR,
    env: {
      ...serverBaseEnv(port),
      PUBLIC_URL: 'https://portal.example.test',
      ...store.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  await until(
    'the server to answer /api/health',
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited at start (${child.exitCode}):\n${output}`);
      return fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    },
    60_000,
    50,
  );
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await store?.dispose();
  fs.rmSync(OUT, { recursive: true, force: true });
});

describe('memory of one server started as npm start does', () => {
  it(`idles under ${IDLE_MAX_MB} MB with the demo data, its log worker running`, async () => {
    const token = await login();
    // The demo is there, and the log worker stores lines (its thread counts in the process's memory).
    const tenants = await call<unknown[]>('tenantList', {}, token);
    expect(tenants.json.length).toBeGreaterThan(0);
    const start = String(BigInt(startedAt - 60_000) * 1_000_000n);
    await until(
      'the log worker to store the sign-in',
      async () => {
        const res = await call<{ data?: { result: unknown[] } }>(
          'getlogs',
          { start, end: String(BigInt(Date.now() + 1000) * 1_000_000n), message: 'adminLogin' },
          token,
        );
        return res.status === 200 && (res.json.data?.result.length ?? 0) > 0;
      },
      15_000,
      200,
    );
    // Idle: from 20 s after the start, 10 s of samples, every one under the limit.
    await new Promise((r) => setTimeout(r, Math.max(0, startedAt + 20_000 - Date.now())));
    const samples: number[] = [];
    for (let i = 0; i < 20; i++) {
      samples.push(rssMb(child.pid!));
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(Math.max(...samples), `RSS samples (MB): ${samples.map((s) => s.toFixed(0)).join(' ')}`).toBeLessThan(
      IDLE_MAX_MB,
    );
  }, 60_000);

  it(`imports 10,000 rows under ${IMPORT_MAX_MB} MB`, async () => {
    const token = await login();
    expect((await call('createTenant', { tid: TENANT, tname: 'Memory Test' }, token)).status).toBe(200);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      Extension: String(100_000 + i),
      Domain: TENANT,
      'Site Name': 'Main',
      'First Name': `First${i}`,
      'Last Name': `Last${i}`,
      Admin: 'false',
      Email: `user${i}@${TENANT}`,
      Linked: 'false',
      'Mobile App Allowed': 'false',
      'Desktop App Allowed': 'false',
      tenantid: TENANT,
    }));
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMb(child.pid!)), 20);
    try {
      const started = await call<{ job_id: number }>('extensionsImport', { rows }, token);
      expect(started.status, JSON.stringify(started.json).slice(0, 300)).toBe(200);
      const job = await until(
        'the import to finish',
        async () => {
          const res = await call<{ status: string; done: number }>('jobStatus', { id: started.json.job_id }, token);
          return res.json.status === 'done' || res.json.status === 'failed' ? res.json : null;
        },
        60_000,
        50,
      );
      expect(job).toMatchObject({ status: 'done', done: 10_000 });
    } finally {
      clearInterval(sampler);
    }
    samples.push(rssMb(child.pid!));
    expect(samples.length).toBeGreaterThan(5);
    expect(Math.max(...samples), `peak RSS (MB) of ${samples.length} samples`).toBeLessThan(IMPORT_MAX_MB);
  }, 90_000);
});
