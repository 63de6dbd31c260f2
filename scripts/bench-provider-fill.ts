/**
 * The store, the server process and the fill of the provider-scale benchmark (scripts/bench-provider.ts).
 *
 * The fill goes through the real paths, in the fast way: the builtin platform's own tables (builtin_tenants,
 * builtin_domains, builtin_extensions: what the platform holds, not the portal) are written directly in large
 * batches, then the portal pulls them through its real sync code: one tenants sync (tenantList {sync: true}) and
 * ONE extensions sync per tenant (getExtensions {sync: true}), each a job of the server process. Resellers, their
 * tenants and portal users are created through the API.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../apps/server/src/db/database';
import { freePort, npmStartFlags } from '../apps/server/src/reliability/server-process';

const REPO = path.resolve(import.meta.dirname, '..');
const SERVER_DIR = path.join(REPO, 'apps/server');
export const ADMIN_PASSWORD = 'Bench-admin-1';
export const CLOUD_ID = 'BENCH';
const MARKER = 'bench-fill.json';

export interface Fill {
  tenants: number;
  perTenant: number;
  schema?: string;
  seconds: { platform: number; tenantsSync: number; extensionsSyncs: number; api: number };
}

export interface Store {
  label: 'SQLite' | 'PostgreSQL';
  dir: string;
  env: Record<string, string>;
  db: Db;
  fill: Fill | null;
  saveFill(fill: Fill): void;
  dispose(): Promise<void>;
}

/** SQLite in DATA_DIR, or a schema of BENCH_DATABASE_URL; with BENCH_KEEP=<dir> both are kept for the next run. */
export async function openStore(keep: string | undefined, want: { tenants: number; perTenant: number }) {
  const dir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-provider-'));
  fs.mkdirSync(dir, { recursive: true });
  const markerFile = path.join(dir, MARKER);
  const url = process.env.BENCH_DATABASE_URL;
  let fill = fs.existsSync(markerFile) ? (JSON.parse(fs.readFileSync(markerFile, 'utf8')) as Fill) : null;
  if (fill && (fill.tenants !== want.tenants || fill.perTenant !== want.perTenant || !!fill.schema !== !!url))
    throw new Error(`${dir} holds another fill (${JSON.stringify(fill)}): use another BENCH_KEEP`);
  const env: Record<string, string> = { DATA_DIR: dir };
  let db: Db;
  let schema = fill?.schema;
  if (url) {
    schema ??= `bench_${randomBytes(4).toString('hex')}`;
    if (!fill) await pgQuery(url, `CREATE SCHEMA ${schema}`);
    db = openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 2 });
    const sep = url.includes('?') ? '&' : '?';
    env.DATABASE_URL = `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  } else {
    db = openDatabase({ sqliteFile: path.join(dir, 'provisio.sqlite') });
  }
  const store: Store = {
    label: url ? 'PostgreSQL' : 'SQLite',
    dir,
    env,
    db,
    fill,
    saveFill(f) {
      fill = { ...f, schema };
      store.fill = fill;
      fs.writeFileSync(markerFile, `${JSON.stringify(fill, null, 2)}\n`);
    },
    async dispose() {
      await db.close();
      if (keep) return;
      if (url) await pgQuery(url, `DROP SCHEMA ${schema} CASCADE`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return store;
}

async function pgQuery(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/** Builds the server as production runs it (scripts/build.mjs, plain JavaScript) into a folder of its own. */
export function buildServer(): { outdir: string; remove(): void } {
  const outdir = path.join(SERVER_DIR, `dist-bench-${randomBytes(4).toString('hex')}`);
  execFileSync(process.execPath, [path.join(REPO, 'scripts/build.mjs'), 'server', `--outdir=${outdir}`], {
    cwd: REPO,
    stdio: 'inherit',
  });
  return { outdir, remove: () => fs.rmSync(outdir, { recursive: true, force: true }) };
}

export interface Server {
  base: string;
  /** The node flags it runs with. */
  flags: string[];
  child: ChildProcess;
  call<T = unknown>(name: string, body: unknown, token?: string): Promise<{ json: T; headers: Headers; ms: number }>;
  login(): Promise<string>;
  /** Resident memory of the process (all its threads, the log worker included), in MB, from /proc. */
  rssMb(): number;
  pssMb(): number;
  stop(): Promise<void>;
}

/** The node flags the root package.json "start" script gives the server (`... && exec node <flags> dist/server.js`). */
/** `node <flags> <outdir>/server.js` with the flags of `npm start` (the checkout's package.json). */
export async function startServer(outdir: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? npmStartFlags(REPO);
  const child = spawn(process.execPath, [...flags, path.join(outdir, 'server.js')], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD,
      CLOUD_ID,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      PUBLIC_URL: 'https://portal.example.test',
      SIM_ACTIVE_CALLS: '0',
      JOB_POLL_MS: '100',
      // BENCH_NODE_OPTIONS: flags for the server's node (e.g. --max-semi-space-size=4), to compare their memory.
      NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-20_000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (const started = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`server exited at start (${child.exitCode}):\n${stderr}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 120_000) throw new Error(`server did not start:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const call: Server['call'] = async (name, body, token) => {
    const t0 = performance.now();
    // A body of undefined: the call is a GET (getTemplates).
    const res = await fetch(`${base}/api/v1/${name}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
    return { json: JSON.parse(text) as never, headers: res.headers, ms };
  };
  const proc = (file: string, key: string) =>
    Number(fs.readFileSync(`/proc/${child.pid}/${file}`, 'utf8').match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1]) /
    1024;
  return {
    base,
    flags,
    child,
    call,
    async login() {
      const r = await call<{ Token: string }>('adminLogin', {
        cloud_id: CLOUD_ID,
        user: 'admin',
        password: ADMIN_PASSWORD,
      });
      return r.json.Token;
    },
    rssMb: () => proc('status', 'VmRSS'),
    pssMb: () => proc('smaps_rollup', 'Pss'),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits for a job to finish (polls jobStatus); throws when it failed. */
export async function waitJob(s: Server, token: string, id: number): Promise<void> {
  for (;;) {
    const j = (await s.call<{ status: string; error: string | null }>('jobStatus', { id }, token)).json;
    if (j.status === 'done') return;
    if (j.status === 'failed') throw new Error(`job ${id} failed: ${j.error}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const tenantId = (i: number) => `t${String(i).padStart(4, '0')}.bench.example`;

/** Writes tenants and their extensions into the builtin platform's own tables (not the portal's). */
export async function fillPlatform(db: Db, tids: string[], perTenant: number, first = 1000): Promise<void> {
  const now = Date.now();
  const chunk = db.dialect === 'postgres' ? 2000 : 1000;
  await db.kysely
    .insertInto('builtin_tenants')
    .values(tids.map((tid, i) => ({ tid, tname: `Bench Tenant ${tid.split('.')[0]} ${i}`, created_at: now })))
    .execute();
  await db.kysely
    .insertInto('builtin_domains')
    .values(tids.map((tid) => ({ tenant_id: tid, domain: tid, site_name: 'Main' })))
    .execute();
  let rows: object[] = [];
  const flush = async () => {
    if (rows.length)
      await db.kysely
        .insertInto('builtin_extensions')
        .values(rows as never)
        .execute();
    rows = [];
  };
  for (const [t, tid] of tids.entries()) {
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < perTenant; i++) {
        rows.push({
          tenant_id: tid,
          extension: String(first + i),
          domain: tid,
          site_name: 'Main',
          firstname: `First${i}`,
          lastname: `Last${(i * 7919 + t) % 5000}`,
          email: i % 10 === 9 ? '' : `user${i}@${tid}`,
          admin: i === 0 ? 1 : 0,
          sip_password: randomBytes(12).toString('base64url'),
          created_at: now,
          updated_at: now,
        });
        if (rows.length >= chunk) {
          await trx
            .insertInto('builtin_extensions')
            .values(rows as never)
            .execute();
          rows = [];
        }
      }
    });
  }
  await flush();
}

/** The portal pulls the tenants (one sync), then each tenant's extensions (one sync each), through the server. */
export async function syncAll(s: Server, token: string, tids: string[], log: (m: string) => void) {
  let t0 = performance.now();
  const r = await s.call('tenantList', { sync: true }, token);
  await waitJob(s, token, Number(r.headers.get('x-job-id')));
  const tenantsSync = (performance.now() - t0) / 1000;
  t0 = performance.now();
  for (const [i, tid] of tids.entries()) {
    const e = await s.call('getExtensions', { tenant_id: tid, sync: true, limit: 1 }, token);
    await waitJob(s, token, Number(e.headers.get('x-job-id')));
    if ((i + 1) % 100 === 0)
      log(`  synced ${i + 1}/${tids.length} tenants (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  return { tenantsSync, extensionsSyncs: (performance.now() - t0) / 1000 };
}

/** 50 resellers with 20 tenants each and 20 portal users, through the API. */
export async function fillAccounts(s: Server, token: string, tids: string[]): Promise<void> {
  for (let r = 0; r < 50; r++) {
    const { json } = await s.call<{ id: number }>('createUpdateReseller', { name: `Bench Reseller ${r}` }, token);
    for (const tid of tids.slice(r * 20, r * 20 + 20))
      await s.call('createUpdateResllerTenants', { reseller_id: json.id, tenant_id: tid }, token);
  }
  for (let u = 0; u < 20; u++)
    await s.call(
      'createUpdateUser',
      {
        name: `Bench User ${u}`,
        email: `user${u}@bench.example`,
        username: `bench${u}`,
        password: 'Bench-user-pass-1',
        user_type: u % 10 ? 'simple user' : 'admin',
        active: true,
      },
      token,
    );
}
