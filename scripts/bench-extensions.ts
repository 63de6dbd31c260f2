/**
 * Extensions benchmark (issue #4). Run from the repository root: `npx tsx scripts/bench-extensions.ts`
 *   (a) import of 10,000 CSV rows on the builtin platform: preview (dry run), then the call + its job;
 *   (b) sync of a tenant with 10,000 extensions from the builtin platform: first sync, then a re-sync;
 *   (c) getExtensions on that tenant: a 50-row page, a later page, a search, and the whole list.
 * SQLite by default; BENCH_DATABASE_URL=postgres://... runs the same on PostgreSQL (in a throwaway schema).
 * Figures are recorded in docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CSV_HEADERS } from '@provisio/contract';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Db } from '../apps/server/src/db/database';
import { createLogging } from '../apps/server/src/lib/logging';
import { Mailer } from '../apps/server/src/lib/mailer';
import { migrate } from '../apps/server/src/migrations';
import { seedOnFirstStart } from '../apps/server/src/seed/seed';

const N = 10_000;
const RUNS = 30;
const PASSWORD = 'bench-pass-1';

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function open(): Promise<{ db: Db; label: string; dispose: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
    const db = openDatabase({ databaseUrl: url, pgSchema: schema });
    return {
      db,
      label: 'PostgreSQL',
      dispose: async () => {
        await db.close();
        const d = new pg.Client({ connectionString: url });
        await d.connect();
        await d.query(`DROP SCHEMA ${schema} CASCADE`);
        await d.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-ext-'));
  const db = openDatabase({ sqliteFile: path.join(dir, 'provisio.sqlite') });
  return {
    db,
    label: 'SQLite',
    dispose: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function csvRows(tenant: string) {
  return Array.from({ length: N }, (_, i) => ({
    Extension: String(1000 + i),
    Domain: tenant,
    'Site Name': i % 2 ? 'Main' : 'Annex',
    'First Name': `First${i}`,
    'Last Name': `Last${i}`,
    Admin: i === 0 ? 'true' : 'false',
    Email: `user${i}@${tenant}`,
    Linked: 'false',
    'Mobile App Allowed': 'false',
    'Desktop App Allowed': 'false',
    tenantid: tenant,
  }));
}

async function main(): Promise<void> {
  const { db, label, dispose } = await open();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-cfg-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'silent' });
  await migrate(db);
  const logging = createLogging(config, { target: null, stdout: false });
  await seedOnFirstStart(db, config, logging.log);
  const mailer = new Mailer(db, logging.log, { from: config.MAIL_FROM, pollMs: 60_000 });
  const app = await buildApp({ config, db, mailer, logStore: null }, logging.log);
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
  const token = (await call('adminLogin', { cloud_id: config.CLOUD_ID, user: 'admin', password: PASSWORD })).json<{
    Token: string;
  }>().Token;
  console.log(`# ${label}, Node ${process.version}, ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}`);

  // (a) import
  await call('createTenant', { tid: 'import.example', tname: 'Import Bench' }, token);
  const rows = csvRows('import.example');
  if (Object.keys(rows[0]!).length !== CSV_HEADERS.length + 1) throw new Error('bad rows');
  let t0 = process.hrtime.bigint();
  const preview = (await call('extensionsImport', { rows, dry_run: true }, token)).json();
  const previewMs = ms(t0);
  t0 = process.hrtime.bigint();
  const started = (await call('extensionsImport', { rows }, token)).json();
  const callMs = ms(t0);
  await app.deps.jobs.drain();
  const importMs = ms(t0);
  const job = (await call('jobStatus', { id: started.job_id }, token)).json();
  console.log(
    `(a) import ${N} rows: preview ${previewMs.toFixed(0)} ms (to_create ${preview.to_create}); call ${callMs.toFixed(0)} ms; call + job ${importMs.toFixed(0)} ms (job ${job.status}, ${job.done}/${job.total})`,
  );
  t0 = process.hrtime.bigint();
  const again = (await call('extensionsImport', { rows: rows.map((r) => r), dry_run: true }, token)).json();
  console.log(`    re-import preview: ${ms(t0).toFixed(0)} ms, unchanged ${again.unchanged}`);

  // (b) sync of a tenant whose 10,000 extensions are on the platform only
  const now = Date.now();
  await db.kysely
    .insertInto('builtin_tenants')
    .values({ tid: 'sync.example', tname: 'Sync Bench', created_at: now })
    .execute();
  await db.kysely
    .insertInto('builtin_domains')
    .values({ tenant_id: 'sync.example', domain: 'sync.example', site_name: 'Main' })
    .execute();
  const platformRows = csvRows('sync.example').map((r) => ({
    tenant_id: 'sync.example',
    extension: r.Extension,
    domain: 'sync.example',
    site_name: 'Main',
    firstname: r['First Name'],
    lastname: r['Last Name'],
    email: r.Email,
    admin: 0,
    sip_password: randomBytes(12).toString('base64url'),
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < platformRows.length; i += 500)
    await db.kysely
      .insertInto('builtin_extensions')
      .values(platformRows.slice(i, i + 500))
      .execute();
  await call('tenantList', { sync: true }, token);
  await app.deps.jobs.drain();
  for (const round of ['first sync', 're-sync (no change)']) {
    t0 = process.hrtime.bigint();
    await call('getExtensions', { tenant_id: 'sync.example', sync: true, limit: 1 }, token);
    await app.deps.jobs.drain();
    const total = (await call('getExtensions', { tenant_id: 'sync.example', limit: 1 }, token)).headers[
      'x-total-count'
    ];
    console.log(`(b) ${round} of ${N} extensions: ${ms(t0).toFixed(0)} ms (portal now has ${total})`);
  }

  // (c) getExtensions on the 10,000-extension tenant
  const cases: [string, object][] = [
    ['first page (50)', { limit: 50 }],
    ['page 100 (50)', { limit: 50, offset: 4950 }],
    ["search 'user99' (50)", { search: 'user99', limit: 50 }],
    ['sort by last name desc (50)', { sort: 'lastname', order: 'desc', limit: 50 }],
    ['whole list (10,000)', {}],
  ];
  for (const [name, extra] of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      t0 = process.hrtime.bigint();
      await call('getExtensions', { tenant_id: 'sync.example', ...extra }, token);
      times.push(ms(t0));
    }
    console.log(
      `(c) getExtensions ${name}: median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms (${RUNS} runs, in-process inject)`,
    );
  }

  await app.close();
  await app.deps.jobs.stop();
  await mailer.stop();
  await logging.close();
  await dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
