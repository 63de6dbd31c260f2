/**
 * Provider-scale benchmark (issue #17). Run from the repository root: `npx tsx scripts/bench-provider.ts`
 * (needs wrk: `apt-get install -y wrk`). SQLite by default; BENCH_DATABASE_URL=postgres://... runs on PostgreSQL in
 * a throwaway schema. Figures are recorded in docs/benchmarks.md; it prints a table and passes or fails nothing.
 *
 * 1. Fill: BENCH_TENANTS (1,000) tenants x BENCH_EXTENSIONS (1,000) extensions on the builtin platform, pulled into
 *    the portal by its real sync code (one sync per tenant), 50 resellers and 100 users through the API
 *    (scripts/bench-provider-fill.ts). BENCH_KEEP=<dir> keeps the filled store (the SQLite file, or the PostgreSQL
 *    schema named in <dir>/bench-fill.json) and the next run with the same BENCH_KEEP reuses it.
 *    BENCH_SERVER_DIST=<dir> runs a server built before (`node scripts/build.mjs server --outdir=<dir>`, e.g. at an
 *    older commit for "before" figures) instead of building the checkout's. The server gets the node flags of the
 *    root package.json "start" script; BENCH_SERVER_FLAGS="--enable-source-maps ..." replaces them (that commit's).
 * 2. Against a fresh server process (the built server, `node dist/server.js`, as `npm start` runs it):
 *    its idle memory; p50/p95 of every admin screen's first calls (BENCH_RUNS each, sequential, random tenants);
 *    the first sync of a new 1,000-extension tenant (5 of them), with getExtensions timed while it runs; the import
 *    of 10,000 rows into a new tenant, with the server's peak memory during it; then the throughput of getExtensions
 *    (page of 50, signed in) against /api/health's, with wrk, in the same run.
 * BENCH_ONLY=throughput runs only that last part (with BENCH_KEEP, on a kept fill), BENCH_ROUNDS (1) times in turn,
 * and prints the median of each with every round's figures.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  buildServer,
  fillAccounts,
  fillPlatform,
  openStore,
  type Server,
  startServer,
  syncAll,
  tenantId,
  waitJob,
} from './bench-provider-fill';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 1000);
const PER_TENANT = Number(process.env.BENCH_EXTENSIONS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WRK_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const IMPORT_ROWS = 10_000;
const ONLY = process.env.BENCH_ONLY;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const RUN_ID = Date.now().toString(36);

const log = (m: string) => process.stderr.write(`${m}\n`);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const pick = () => tenantId(1 + Math.floor(Math.random() * TENANTS));
const rows: string[][] = [];
const row = (measure: string, p50: string, p95: string, note = '') => rows.push([measure, p50, p95, note]);

async function timeCalls(s: Server, token: string, name: string, label: string, body: () => unknown) {
  for (let i = 0; i < 3; i++) await s.call(name, body(), token);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push((await s.call(name, body(), token)).ms);
  row(`${label}`, pct(ms, 0.5).toFixed(1), pct(ms, 0.95).toFixed(1), `${RUNS} calls`);
  return ms;
}

async function wrk(url: string, lua?: string): Promise<number> {
  const args = ['-t2', '-c16', `-d${WRK_SECONDS}s`, ...(lua ? ['-s', lua] : []), url];
  const { stdout } = await promisify(execFile)('wrk', args, { encoding: 'utf8' });
  if (/Non-2xx/.test(stdout)) throw new Error(`wrk: errors\n${stdout}`);
  return Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0);
}

async function screens(s: Server, token: string): Promise<number> {
  const nowNs = () => String(BigInt(Date.now()) * 1_000_000n);
  const hourAgoNs = () => String(BigInt(Date.now() - 3_600_000) * 1_000_000n);
  await timeCalls(s, token, 'dashboardSummary', 'dashboardSummary', () => ({}));
  await timeCalls(s, token, 'tenantList', 'tenantList (all 1,000+)', () => ({}));
  await timeCalls(s, token, 'tenantList', 'tenantList typeahead (search, 20)', () => ({ search: 't04', limit: 20 }));
  const page = await timeCalls(s, token, 'getExtensions', 'getExtensions page of 50', () => ({
    tenant_id: pick(),
    limit: 50,
    offset: 0,
  }));
  await timeCalls(s, token, 'getExtensions', 'getExtensions next page (offset 50)', () => ({
    tenant_id: pick(),
    limit: 50,
    offset: 50,
  }));
  await timeCalls(s, token, 'getExtensions', 'getExtensions last page (offset 950)', () => ({
    tenant_id: pick(),
    limit: 50,
    offset: PER_TENANT - 50,
  }));
  await timeCalls(s, token, 'getExtensions', "getExtensions search 'user99' (50)", () => ({
    tenant_id: pick(),
    search: 'user99',
    limit: 50,
  }));
  await timeCalls(s, token, 'getExtensions', 'getExtensions sort lastname desc (50)', () => ({
    tenant_id: pick(),
    sort: 'lastname',
    order: 'desc',
    limit: 50,
  }));
  await timeCalls(s, token, 'getAppUsage', 'getAppUsage', () => ({ tenant_id: pick() }));
  await timeCalls(s, token, 'getLicenses', 'getLicenses', () => ({ tenant_id: pick() }));
  await timeCalls(s, token, 'checkDuplicateEmails', 'checkDuplicateEmails with tenant', () => {
    const tid = pick();
    return { email: `USER${Math.floor(Math.random() * 900)}@${tid}`, tenant_id: tid };
  });
  await timeCalls(s, token, 'checkDuplicateEmails', 'checkDuplicateEmails without tenant', () => ({
    email: `user${Math.floor(Math.random() * 900)}@${pick()}`,
  }));
  await timeCalls(s, token, 'domainSummary', 'domainSummary (page of 50)', () => ({ limit: 50 }));
  await timeCalls(s, token, 'domainSummary', 'domainSummary search (50)', () => ({ search: 't09', limit: 50 }));
  await timeCalls(s, token, 'userSummary', 'userSummary (page of 50)', () => ({ limit: 50 }));
  await timeCalls(s, token, 'resellerSummary', 'resellerSummary (page of 50)', () => ({ limit: 50 }));
  await timeCalls(s, token, 'resellerUserSummary', 'resellerUserSummary', () => ({}));
  await timeCalls(s, token, 'profileSummary', 'profileSummary (client profiles)', () => ({}));
  await timeCalls(s, token, 'getTemplates', 'getTemplates', () => undefined);
  await timeCalls(s, token, 'listJobs', 'listJobs', () => ({}));
  await timeCalls(s, token, 'auditLog', 'auditLog (page of 50)', () => ({ limit: 50 }));
  await timeCalls(s, token, 'getlogs', 'getlogs (last hour, 100 lines)', () => ({
    start: hourAgoNs(),
    end: nowNs(),
    limit: 100,
  }));
  return pct(page, 0.5);
}

async function throughput(s: Server, token: string): Promise<void> {
  const lua = path.join(os.tmpdir(), `provisio-bench-provider-${process.pid}.lua`);
  const tids = Array.from({ length: 50 }, pick);
  fs.writeFileSync(
    lua,
    `local t = { ${tids.map((t) => `"${t}"`).join(', ')} }\nlocal n = 0\nrequest = function()\n  n = n + 1\n` +
      `  return wrk.format("POST", "/api/v1/getExtensions", { ["Content-Type"] = "application/json", ["Token"] = "${token}" }, ` +
      `'{"tenant_id":"' .. t[(n % #t) + 1] .. '","limit":50,"offset":0}')\nend\n`,
  );
  await wrk(`${s.base}/api/v1/getExtensions`, lua).catch(() => 0); // warm-up of the same length
  const lists: number[] = [];
  const healths: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    lists.push(await wrk(`${s.base}/api/v1/getExtensions`, lua));
    healths.push(await wrk(`${s.base}/api/health`));
  }
  fs.rmSync(lua, { force: true });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [list, health] = [median(lists), median(healths)];
  const each = (xs: number[]) => (ROUNDS > 1 ? `, rounds ${xs.map((x) => x.toFixed(0)).join('/')}` : '');
  row('getExtensions page of 50, req/s (wrk -c16)', list.toFixed(0), '', `${WRK_SECONDS} s${each(lists)}`);
  row('/api/health, req/s (wrk -c16)', health.toFixed(0), '', `${WRK_SECONDS} s${each(healths)}`);
  row('ratio getExtensions / health', `${((list / health) * 100).toFixed(1)} %`, '', 'same run');
}

/** A new tenant with 1,000 extensions on the platform; its first sync, with getExtensions timed while it runs. */
async function syncOne(s: Server, token: string, db: Parameters<typeof fillPlatform>[0], k: number) {
  const tid = `sync${k}-${RUN_ID}.bench.example`;
  await fillPlatform(db, [tid], PER_TENANT);
  const r = await s.call('tenantList', { sync: true }, token);
  await waitJob(s, token, Number(r.headers.get('x-job-id')));
  const t0 = performance.now();
  const e = await s.call('getExtensions', { tenant_id: tid, sync: true, limit: 1 }, token);
  let done = false;
  const during: number[] = [];
  const reader = (async () => {
    while (!done) during.push((await s.call('getExtensions', { tenant_id: pick(), limit: 50 }, token)).ms);
  })();
  await waitJob(s, token, Number(e.headers.get('x-job-id')));
  const ms = performance.now() - t0;
  done = true;
  await reader;
  return { ms, during };
}

async function importRows(s: Server, token: string) {
  const tid = `import-${RUN_ID}.bench.example`;
  await s.call('createTenant', { tid, tname: `Import ${RUN_ID}` }, token);
  const csv = Array.from({ length: IMPORT_ROWS }, (_, i) => ({
    Extension: String(10_000 + i),
    Domain: tid,
    'Site Name': 'Main',
    'First Name': `First${i}`,
    'Last Name': `Last${i}`,
    Admin: 'false',
    Email: `user${i}@${tid}`,
    Linked: 'false',
    'Mobile App Allowed': 'false',
    'Desktop App Allowed': 'false',
    tenantid: tid,
  }));
  const before = s.rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, s.rssMb())), 20);
  const t0 = performance.now();
  const started = await s.call<{ job_id: number }>('extensionsImport', { rows: csv }, token);
  const callMs = performance.now() - t0;
  await waitJob(s, token, started.json.job_id);
  const ms = performance.now() - t0;
  clearInterval(sampler);
  return { callMs, ms, before, peak: Math.max(peak, s.rssMb()) };
}

async function main(): Promise<void> {
  const store = await openStore(process.env.BENCH_KEEP, { tenants: TENANTS, perTenant: PER_TENANT });
  // BENCH_SERVER_DIST=<dir>: a server built before (e.g. of an older commit, for the "before" figures).
  const given = process.env.BENCH_SERVER_DIST;
  const build = given ? { outdir: path.resolve(given), remove: () => undefined } : buildServer();
  let s: Server | undefined;
  try {
    const tids = Array.from({ length: TENANTS }, (_, i) => tenantId(i + 1));
    let fillNote = `reused from ${store.dir}`;
    if (!store.fill) {
      log(`filling ${TENANTS} x ${PER_TENANT} (${store.label}, ${store.dir})`);
      s = await startServer(build.outdir, store.env);
      const token = await s.login();
      let t0 = performance.now();
      await fillPlatform(store.db, tids, PER_TENANT);
      const platform = (performance.now() - t0) / 1000;
      log(`  platform tables written in ${platform.toFixed(0)} s`);
      const synced = await syncAll(s, token, tids, log);
      t0 = performance.now();
      await fillAccounts(s, token, tids);
      const api = (performance.now() - t0) / 1000;
      store.saveFill({ tenants: TENANTS, perTenant: PER_TENANT, seconds: { platform, ...synced, api } });
      await s.stop();
      fillNote = 'filled in this run';
    } else {
      // A reused fill: this first start applies the migrations a newer checkout brings (and their backfill of a
      // million rows), so the measured start below is a plain restart, as after a fill.
      const t0 = performance.now();
      s = await startServer(build.outdir, store.env);
      await s.stop();
      fillNote += `, first start ${((performance.now() - t0) / 1000).toFixed(1)} s`;
    }
    const f = store.fill!;
    const sec = f.seconds;
    s = await startServer(build.outdir, store.env);
    if (ONLY === 'throughput') {
      await throughput(s, await s.login());
      console.log(
        `# ${store.label}, ${TENANTS} x ${PER_TENANT} (${fillNote}), ${ROUNDS} round(s), load ${os.loadavg()[0]!.toFixed(1)}`,
      );
      console.log(
        ['| measure | value | | note |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'),
      );
      return;
    }
    await new Promise((r) => setTimeout(r, 15_000));
    const idle = { rss: s.rssMb(), pss: s.pssMb() };
    const token = await s.login();
    const pageP50 = await screens(s, token);
    const syncs = [];
    for (let k = 0; k < 5; k++) syncs.push(await syncOne(s, token, store.db, k));
    const during = syncs.flatMap((x) => x.during);
    const syncMs = syncs.map((x) => x.ms);
    row(
      `sync of a new ${PER_TENANT}-extension tenant (first sync)`,
      pct(syncMs, 0.5).toFixed(0),
      '',
      `5 tenants, ms each: ${syncMs.map((x) => x.toFixed(0)).join(', ')}`,
    );
    row(
      'getExtensions page of 50 during that sync',
      pct(during, 0.5).toFixed(1),
      pct(during, 0.95).toFixed(1),
      `${during.length} calls (idle p50 ${pageP50.toFixed(1)} ms)`,
    );
    // The import before the wrk runs: the memory those leave (a log backlog among others) is not the import's.
    const imp = await importRows(s, token);
    row(`import of ${IMPORT_ROWS} rows (call + job)`, imp.ms.toFixed(0), '', `call alone ${imp.callMs.toFixed(0)} ms`);
    await throughput(s, token);
    row('server RSS idle after fill (MB)', idle.rss.toFixed(0), '', `PSS ${idle.pss.toFixed(0)} MB, 15 s after start`);
    row(
      `server RSS peak during the ${IMPORT_ROWS}-row import (MB)`,
      imp.peak.toFixed(0),
      '',
      `sampled every 20 ms; ${imp.before.toFixed(0)} MB before it`,
    );
    row('server RSS after the wrk runs (MB)', s.rssMb().toFixed(0), '', '');
    console.log(
      `# ${store.label}, ${TENANTS} tenants x ${PER_TENANT} extensions (${fillNote}: platform tables ${sec.platform.toFixed(0)} s, ` +
        `tenants sync ${sec.tenantsSync.toFixed(1)} s, ${TENANTS} extensions syncs ${sec.extensionsSyncs.toFixed(0)} s, accounts ${sec.api.toFixed(0)} s)`,
    );
    console.log(
      `# server: node ${s.flags.join(' ')} ${path.relative(process.cwd(), build.outdir)}/server.js; Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ${new Date().toISOString()}`,
    );
    console.log(
      [
        '| measure | p50 ms (or value) | p95 ms | note |',
        '|---|---|---|---|',
        ...rows.map((r) => `| ${r.join(' | ')} |`),
      ].join('\n'),
    );
  } finally {
    await s?.stop();
    build.remove();
    await store.dispose();
  }
}

await main();
