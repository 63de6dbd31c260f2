/**
 * Reads during a job's writes on SQLite (issue #17 item 5). Run from the repository root:
 *   npx tsx scripts/bench-sqlite-reads.ts      # BENCH_TENANTS=1000, BENCH_PER_TENANT=1000, BENCH_SYNCS=10,
 *                                              # BENCH_CLIENTS=2, BENCH_IDLE_CALLS=300, BENCH_CACHE_CALLS=2000,
 *                                              # BENCH_IMPORTS=3,
 *                                              # BENCH_TEMPLATE=/tmp/filled.sqlite (fill once, copy after)
 * Fills a SQLite database with BENCH_TENANTS x BENCH_PER_TENANT extensions (plain INSERTs), plus BENCH_SYNCS builtin
 * tenants of 1,000 extensions that the portal has not synced yet. A real server process (tsx) then answers:
 *   (a) getExtensions, a page of 50 of a filled tenant, from BENCH_CLIENTS clients each sending one call after
 *       another, nothing else running; /api/health the same way;
 *   (b) the same getExtensions calls while the server syncs one of the 1,000-extension tenants (the job's run, from
 *       the call that starts it to jobStatus "done"), BENCH_SYNCS times;
 *   (c) the same during BENCH_IMPORTS imports of 10,000 rows (extensionsImport and its job), each into a new tenant;
 *   (d) in process (app.inject) on the same file after the server stopped: getExtensions with the statement cache
 *       and without it (statementCacheSize 0), one call on each in turn: what reusing prepared statements saves a call.
 * Not a timed test; figures go to docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { createLogging } from '../apps/server/src/lib/logging';
import { Mailer } from '../apps/server/src/lib/mailer';
import { migrate } from '../apps/server/src/migrations';
import { ADMIN_PASSWORD, CLOUD_ID, spawnServer } from '../apps/server/src/reliability/server-process';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 1000);
const PER_TENANT = Number(process.env.BENCH_PER_TENANT ?? 1000);
const SYNCS = Number(process.env.BENCH_SYNCS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const SYNC_SIZE = 1000;
const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 3);
const IMPORT_ROWS = 10_000;
const IDLE_CALLS = Number(process.env.BENCH_IDLE_CALLS ?? 300);
const CACHE_CALLS = Number(process.env.BENCH_CACHE_CALLS ?? 2000);

const tid = (i: number) => `t${String(i).padStart(4, '0')}.example`;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 0.5).toFixed(1)} ms, p95 ${pct(xs, 0.95).toFixed(1)} ms, max ${pct(xs, 1).toFixed(1)} ms (${xs.length} calls)`;

/** Rows of an import file (the CSV headers) creating IMPORT_ROWS extensions in `tenant`. */
const importRows = (tenant: string) =>
  Array.from({ length: IMPORT_ROWS }, (_, i) => ({
    Extension: String(1000 + i),
    Domain: tenant,
    'Site Name': 'Main',
    'First Name': `First${i}`,
    'Last Name': `Last${i}`,
    Admin: 'false',
    Email: `user${i}@${tenant}`,
    Linked: 'false',
    'Mobile App Allowed': 'false',
    'Desktop App Allowed': 'false',
    tenantid: tenant,
  }));

/** Plain INSERTs on the portal's tables, one transaction per 20 tenants. */
function fill(file: string): void {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const now = Date.now();
  const tenant = db.prepare('insert into tenants (tid, tname, created_at, updated_at) values (?, ?, ?, ?)');
  const ext = db.prepare(
    `insert into extensions (tenant_id, extension, domain, site_name, firstname, lastname, email, admin, created_at,
       updated_at) values (?, ?, ?, 'Main', ?, ?, ?, 0, ?, ?)`,
  );
  const fillTenants = db.transaction((from: number, to: number) => {
    for (let t = from; t < to; t++) {
      const id = tid(t);
      tenant.run(id, `Tenant ${t}`, now, now);
      for (let e = 0; e < PER_TENANT; e++) {
        ext.run(id, String(1000 + e), id, `First${e}`, `Last${e}`, `user${e}@${id}`, now, now);
      }
    }
  });
  const started = Date.now();
  for (let t = 0; t < TENANTS; t += 20) {
    fillTenants(t, Math.min(TENANTS, t + 20));
    if (t % 200 === 0) process.stdout.write(`  filled ${t * PER_TENANT} extensions (${Date.now() - started} ms)\n`);
  }
  const builtin = db.transaction(() => {
    for (let s = 0; s < SYNCS; s++) {
      const id = `sync${s}.example`;
      tenant.run(id, `Sync ${s}`, now, now);
      db.prepare('insert into builtin_tenants (tid, tname, created_at) values (?, ?, ?)').run(id, `Sync ${s}`, now);
      db.prepare("insert into builtin_domains (tenant_id, domain, site_name) values (?, ?, 'Main')").run(id, id);
      const b = db.prepare(
        `insert into builtin_extensions (tenant_id, extension, domain, site_name, firstname, lastname, email, admin,
           sip_password, created_at, updated_at) values (?, ?, ?, 'Main', ?, ?, ?, 0, 'secret', ?, ?)`,
      );
      for (let e = 0; e < SYNC_SIZE; e++) b.run(id, String(1000 + e), id, `F${e}`, `L${e}`, `u${e}@${id}`, now, now);
    }
  });
  builtin();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  console.log(`  filled ${TENANTS * PER_TENANT} extensions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function timedFetch(url: string, init?: RequestInit): Promise<{ ms: number; res: Response; text: string }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  return { ms: performance.now() - t0, res, text };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-reads-'));
  const file = path.join(dataDir, 'provisio.sqlite');
  console.log(
    `# SQLite reads during a sync, Node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  // BENCH_TEMPLATE=<file>: the filled database is kept there and copied by the next runs (before/after comparisons).
  const template = process.env.BENCH_TEMPLATE;
  if (template && fs.existsSync(template)) {
    fs.copyFileSync(template, file);
    console.log(`  copied the filled database from ${template}`);
  } else {
    const db = openDatabase({ sqliteFile: file });
    await migrate(db);
    await db.close();
    fill(file);
    if (template) fs.copyFileSync(file, template);
  }

  const server = await spawnServer({ DATA_DIR: dataDir, JOB_POLL_MS: '1000' });
  try {
    const token = await server.login();
    const post = (name: string, body: unknown) =>
      timedFetch(`${server.base}/api/v1/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(body),
      });
    const page = { tenant_id: tid(Math.floor(TENANTS / 2)), limit: 50 };
    for (let i = 0; i < 20; i++) await post('getExtensions', page); // warm-up
    /** CLIENTS loops of one call after another, until `more` says stop; the times of the calls it still allows. */
    const clients = async (call: () => Promise<{ ms: number }>, more: (n: number) => boolean) => {
      const times: number[] = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (more(times.length)) {
            const { ms } = await call();
            if (more(times.length)) times.push(ms);
          }
        }),
      );
      return times;
    };
    const idle = await clients(
      () => post('getExtensions', page),
      (n) => n < IDLE_CALLS,
    );
    const health = await clients(
      () => timedFetch(`${server.base}/api/health`),
      (n) => n < IDLE_CALLS,
    );
    console.log(`(a) getExtensions (50), idle: ${fmt(idle)}`);
    console.log(`(a) /api/health, idle: ${fmt(health)}`);

    // Calls run without a break while the jobs run one after another; a call whose time overlaps a job's (from the
    // call that starts it to jobStatus "done") counts as "during", the others as "between".
    const during = async (label: string, jobs: (() => Promise<number>)[]) => {
      const calls: { start: number; end: number }[] = [];
      const runs: { start: number; end: number }[] = [];
      let running = true;
      const load = clients(
        async () => {
          const start = performance.now();
          const r = await post('getExtensions', page);
          calls.push({ start, end: performance.now() });
          return r;
        },
        () => running,
      );
      for (const job of jobs) {
        await new Promise((r) => setTimeout(r, 300));
        const start = performance.now();
        const id = await job();
        for (;;) {
          const status = JSON.parse((await post('jobStatus', { id })).text) as { status: string };
          if (status.status === 'done' || status.status === 'failed') break;
          await new Promise((r) => setTimeout(r, 5));
        }
        runs.push({ start, end: performance.now() });
      }
      running = false;
      await load;
      const overlaps = (c: { start: number; end: number }) => runs.some((s) => c.start < s.end && c.end > s.start);
      const ms = (c: { start: number; end: number }) => c.end - c.start;
      const runMs = runs.reduce((n, s) => n + s.end - s.start, 0);
      const answered = calls.filter((c) => runs.some((s) => c.end > s.start && c.end < s.end)).length;
      console.log(`(${label}) getExtensions (50) during them: ${fmt(calls.filter(overlaps).map(ms))}`);
      console.log(`(${label}) getExtensions (50) between them: ${fmt(calls.filter((c) => !overlaps(c)).map(ms))}`);
      console.log(
        `(${label}) calls answered while one ran: ${answered} in ${runMs.toFixed(0)} ms (${((answered / runMs) * 1000).toFixed(0)}/s); each run (call to done): ${runs.map((r) => ms(r).toFixed(0)).join(', ')} ms`,
      );
    };
    console.log(`(b) ${SYNCS} syncs of ${SYNC_SIZE} extensions (builtin platform), one after another`);
    await during(
      'b',
      Array.from({ length: SYNCS }, (_, s) => async () => {
        const started = await post('getExtensions', { tenant_id: `sync${s}.example`, sync: true, limit: 1 });
        return Number(started.res.headers.get('x-job-id'));
      }),
    );
    console.log(`(c) ${IMPORTS} imports of ${IMPORT_ROWS} rows (call + job), each into a new tenant`);
    for (let i = 0; i < IMPORTS; i++) await post('createTenant', { tid: `import${i}.example`, tname: `Import ${i}` });
    await during(
      'c',
      Array.from({ length: IMPORTS }, (_, i) => async () => {
        const started = await post('extensionsImport', { rows: importRows(`import${i}.example`) });
        return (JSON.parse(started.text) as { job_id: number }).job_id;
      }),
    );
  } finally {
    await server.stop();
  }

  // (d) the statement cache, in process
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_PASSWORD, CLOUD_ID, LOG_LEVEL: 'silent' });
  const apps = [];
  for (const statementCacheSize of [500, 0]) {
    const d = openDatabase({ sqliteFile: file, statementCacheSize });
    const logging = createLogging(config, { target: null, stdout: false });
    const mailer = new Mailer(d, logging.log, { from: config.MAIL_FROM, pollMs: 60_000 });
    const app = await buildApp({ config, db: d, mailer, logStore: null }, logging.log);
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/adminLogin',
      payload: { cloud_id: CLOUD_ID, user: 'admin', password: ADMIN_PASSWORD },
    });
    apps.push({
      statementCacheSize,
      app,
      db: d,
      token: login.json<{ Token: string }>().Token,
      times: [] as number[],
      cpu: [] as number[],
    });
  }
  const page = { tenant_id: tid(Math.floor(TENANTS / 3)), limit: 50 };
  // One call on each in turn, so both meet the same load of the (shared) machine; wall time and CPU time per call.
  for (let i = 0; i < CACHE_CALLS + 50; i++) {
    for (const a of i % 2 ? apps : [...apps].reverse()) {
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/v1/getExtensions',
        headers: { token: a.token },
        payload: page,
      });
      if (res.statusCode !== 200) throw new Error(`getExtensions ${res.statusCode}`);
      if (i < 50) continue;
      const cpu = process.cpuUsage(cpu0);
      a.times.push(performance.now() - t0);
      a.cpu.push((cpu.user + cpu.system) / 1000);
    }
  }
  for (const a of apps)
    console.log(`(d) getExtensions (50) in process, statement cache ${a.statementCacheSize}: ${fmt(a.times)}`);
  for (const a of apps)
    console.log(
      `(d) ... CPU time per call, statement cache ${a.statementCacheSize}: ${fmt(a.cpu).replace(/ \(.*/, '')}`,
    );
  const [cached, uncached] = apps.map((a) => pct(a.times, 0.5));
  const [cachedCpu, uncachedCpu] = apps.map((a) => pct(a.cpu, 0.5));
  console.log(
    `(d) CPU saved per call by the cache (p50): ${(uncachedCpu! - cachedCpu!).toFixed(2)} ms (${((1 - cachedCpu! / uncachedCpu!) * 100).toFixed(0)}%)`,
  );
  console.log(
    `(d) saved per call by the cache (p50): ${(uncached! - cached!).toFixed(2)} ms (${((1 - cached! / uncached!) * 100).toFixed(0)}%)`,
  );
  for (const a of apps) {
    await a.app.close();
    await a.db.close();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
