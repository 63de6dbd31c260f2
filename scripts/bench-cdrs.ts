/**
 * Call history on Kamailio (issue #15): getCDRs (My Calls) and getGroupCDRs with 100,000 rows in acc_cdrs.
 * Run from the repository root:
 *   eval "$(bash scripts/pg-throwaway.sh start 55443)"   # a PostgreSQL with the kamailio database
 *   npx tsx scripts/bench-cdrs.ts                          # BENCH_ROWS=100000, BENCH_RUNS=50, BENCH_KAMAILIO=postgres|sqlite
 * Kamailio's tables: on PostgreSQL a throwaway schema of KAMAILIO_TEST_DB_URL's database with Debian's schema files
 * and deploy/kamailio/provisio-extra.sql (its indexes); on SQLite a temp file with Debian's db_sqlite files and the
 * same columns and indexes. The portal's own database is SQLite (BENCH_DATABASE_URL=postgres://… for PostgreSQL).
 * Each call goes through the real app in process (inject: token check, query, presentation, recording grants), and a
 * bare Fastify route is injected in the same run as the yardstick. Figures are recorded in docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Db } from '../apps/server/src/db/database';
import { createLogging } from '../apps/server/src/lib/logging';
import { Mailer } from '../apps/server/src/lib/mailer';
import { migrate } from '../apps/server/src/migrations';
import { KamailioConnector } from '../apps/server/src/platform/kamailio';
import { seedOnFirstStart } from '../apps/server/src/seed/seed';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const KIND = process.env.BENCH_KAMAILIO ?? 'postgres';
const PASSWORD = 'bench-pass-1';
const PIN = '246813';
const SIP_DOMAIN = 'sip.bench';
/** Users 2000-2999 call each other; the tenant has 2000-2199 (a fifth of the traffic touches it). */
const USERS = 1000;
const TENANT_USERS = 200;
const SPAN_S = 30 * 86_400;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const REPO = path.resolve(import.meta.dirname, '..');

/** The row generator, the same on both databases: i = 1 is the newest call; a fifth unanswered, 1 in 50 forwarded. */
const COLUMNS =
  'start_time, end_time, duration, callid, src_user, src_domain, dst_user, dst_domain, sip_code, fwd_user';
const values = (t: (secondsAgo: string) => string, cast: (e: string) => string) =>
  `${t(`i * ${SPAN_S / ROWS}`)}, ${t(`i * ${SPAN_S / ROWS} - (i * 37) % 600`)}, CASE WHEN i % 5 = 0 THEN 0 ELSE (i * 37) % 600 END, 'bench-' || i || '@10.0.0.1',
   ${cast(`2000 + (i * 7919) % ${USERS}`)}, '${SIP_DOMAIN}', ${cast(`2000 + (i * 104729) % ${USERS}`)}, '${SIP_DOMAIN}',
   CASE WHEN i % 5 = 0 THEN '487' ELSE '200' END, CASE WHEN i % 50 = 0 THEN ${cast(`2000 + (i * 31) % ${USERS}`)} ELSE '' END`;

async function kamailioPostgres(): Promise<{ url: string; schema: string; dispose: () => Promise<void> }> {
  const url = process.env.KAMAILIO_TEST_DB_URL;
  if (!url) throw new Error('KAMAILIO_TEST_DB_URL is needed (eval "$(bash scripts/pg-throwaway.sh start 55443)")');
  const schema = `bench_cdr_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
  for (const f of ['standard', 'auth_db', 'usrloc', 'acc'])
    await c.query(fs.readFileSync(`/usr/share/kamailio/postgres/${f}-create.sql`, 'utf8'));
  await c.query(fs.readFileSync(path.join(REPO, 'deploy/kamailio/provisio-extra.sql'), 'utf8'));
  const t0 = process.hrtime.bigint();
  await c.query(
    `INSERT INTO acc_cdrs (${COLUMNS}) SELECT ${values(
      (s) => `LOCALTIMESTAMP(0) - (${s}) * interval '1 second'`,
      (e) => `(${e})::text`,
    )} FROM generate_series(1::bigint, ${ROWS}::bigint) AS i`,
  );
  await c.query('ANALYZE acc_cdrs');
  console.log(`  filled ${ROWS} acc_cdrs rows in ${ms(t0).toFixed(0)} ms (PostgreSQL schema ${schema})`);
  await c.end();
  return {
    url,
    schema,
    dispose: async () => {
      const d = new pg.Client({ connectionString: url });
      await d.connect();
      await d.query(`DROP SCHEMA ${schema} CASCADE`);
      await d.end();
    },
  };
}

function kamailioSqlite(dir: string): string {
  const file = path.join(dir, 'kamailio.db');
  const db = new SQLite(file);
  for (const f of ['standard', 'auth_db', 'usrloc', 'acc'])
    db.exec(fs.readFileSync(`/usr/share/kamailio/db_sqlite/${f}-create.sql`, 'utf8'));
  for (const c of ['callid', 'src_user', 'src_domain', 'dst_user', 'dst_domain', 'sip_code', 'fwd_user'])
    db.exec(`ALTER TABLE acc_cdrs ADD COLUMN ${c} VARCHAR(255) NOT NULL DEFAULT ''`);
  db.exec(
    'CREATE INDEX acc_cdrs_src_idx ON acc_cdrs (src_user, src_domain, start_time); CREATE INDEX acc_cdrs_dst_idx ON acc_cdrs (dst_user, dst_domain, start_time); CREATE INDEX acc_cdrs_fwd_idx ON acc_cdrs (fwd_user, dst_domain, start_time); CREATE INDEX acc_cdrs_callid_idx ON acc_cdrs (callid)',
  );
  const t0 = process.hrtime.bigint();
  const now = Math.floor(Date.now() / 1000);
  db.exec(
    `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${ROWS})
     INSERT INTO acc_cdrs (${COLUMNS}) SELECT ${values(
       (s) => `((${now} - (${s})) - 0.5) / 86400.0 + 2440587.5`,
       (e) => `CAST(${e} AS TEXT)`,
     )} FROM seq`,
  );
  db.exec('ANALYZE');
  db.close();
  console.log(`  filled ${ROWS} acc_cdrs rows in ${ms(t0).toFixed(0)} ms (SQLite ${file})`);
  return file;
}

async function portalDb(dir: string): Promise<{ db: Db; label: string; dispose: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url)
    return {
      db: openDatabase({ sqliteFile: path.join(dir, 'provisio.sqlite') }),
      label: 'SQLite',
      dispose: async () => undefined,
    };
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

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-cdrs-'));
  console.log(
    `# Kamailio on ${KIND}, ${ROWS} acc_cdrs rows; Node ${process.version}, ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}; load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const kam =
    KIND === 'sqlite'
      ? { url: `sqlite:///${kamailioSqlite(dir)}`, schema: undefined, dispose: async () => undefined }
      : await kamailioPostgres();
  const { db, label, dispose } = await portalDb(dir);
  const config = loadConfig({
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
    PLATFORM: 'kamailio',
    KAMAILIO_DB_URL: kam.url,
    KAMAILIO_SIP_DOMAIN: SIP_DOMAIN,
  });
  await migrate(db);
  const logging = createLogging(config, { target: null, stdout: false });
  await seedOnFirstStart(db, config, logging.log);
  const mailer = new Mailer(db, logging.log, { from: config.MAIL_FROM, pollMs: 60_000 });
  const connector = new KamailioConnector(db.kysely, {
    dbUrl: kam.url,
    sipDomain: SIP_DOMAIN,
    ...(kam.schema ? { pgSchema: kam.schema } : {}),
  });
  const app = await buildApp({ config, db, mailer, logStore: null, connector }, logging.log);
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
  const admin = (await call('adminLogin', { cloud_id: config.CLOUD_ID, user: 'admin', password: PASSWORD })).json<{
    Token: string;
  }>().Token;
  console.log(`  portal database: ${label}`);

  // The tenant: 2000 (admin) and 2001 through the API (with app accounts, so they have pins), 2002-2199 as platform rows.
  await call(
    'createTenant',
    { tid: 'bench.example', tname: 'CDR Bench', domain: 'bench.example', site_name: 'HQ' },
    admin,
  );
  for (const ext of ['2000', '2001']) {
    const email = `u${ext}@bench.example`;
    await call(
      'createExtension',
      {
        tenant_id: 'bench.example',
        extension: ext,
        domain: 'bench.example',
        site_name: 'HQ',
        firstname: 'User',
        lastname: ext,
        email,
        admin: ext === '2000',
      },
      admin,
    );
    await call(
      'linkExtension',
      { email, did: `+1555${ext}`, pin: PIN, password: 'Bench!Cdr-2024', extension: ext, tenant_id: 'bench.example' },
      admin,
    );
  }
  const now = Date.now();
  const rest = Array.from({ length: TENANT_USERS - 2 }, (_, i) => ({
    tenant_id: 'bench.example',
    extension: String(2002 + i),
    domain: 'bench.example',
    site_name: 'HQ',
    firstname: 'User',
    lastname: String(2002 + i),
    email: '',
    admin: 0,
    sip_password: '',
    created_at: now,
    updated_at: now,
  }));
  await db.kysely.insertInto('builtin_extensions').values(rest).execute();

  const token = (ext: string) => Buffer.from(`${ext}@bench.example:${PIN}`).toString('base64');
  const bare = Fastify({ logger: false });
  bare.post('/bare', async () => ({ ok: true }));
  await bare.ready();
  const cases: [string, () => Promise<number>][] = [
    [
      'bare Fastify route (inject)',
      async () => (await bare.inject({ method: 'POST', url: '/bare', payload: {} })).statusCode,
    ],
    [
      'getCDRs, one extension (30 days, limit 200)',
      async () =>
        (await call('getCDRs', { tenant_id: 'bench.example', user: '2001', token: token('2001') })).json<unknown[]>()
          .length,
    ],
    [
      'getCDRs, one extension, limit 1000',
      async () =>
        (await call('getCDRs', { tenant_id: 'bench.example', user: '2001', token: token('2001'), limit: 1000 })).json<
          unknown[]
        >().length,
    ],
    [
      'getGroupCDRs, 200 extensions (30 days, limit 200)',
      async () =>
        (await call('getGroupCDRs', { tenant_id: 'bench.example', user: '2000', token: token('2000') })).json<
          unknown[]
        >().length,
    ],
    [
      'getGroupCDRs, limit 1000',
      async () =>
        (
          await call('getGroupCDRs', { tenant_id: 'bench.example', user: '2000', token: token('2000'), limit: 1000 })
        ).json<unknown[]>().length,
    ],
    [
      'getGroupCDRs, last 24 hours',
      async () =>
        (
          await call('getGroupCDRs', {
            tenant_id: 'bench.example',
            user: '2000',
            token: token('2000'),
            from: now - 86_400_000,
          })
        ).json<unknown[]>().length,
    ],
  ];
  const results: [string, number, number, number][] = [];
  for (const [name, run] of cases) {
    let rows = 0;
    for (let i = 0; i < 5; i++) rows = await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = process.hrtime.bigint();
      await run();
      times.push(ms(t0));
    }
    results.push([name, rows, pct(times, 0.5), pct(times, 0.95)]);
  }
  const base = results[0]![2];
  console.log(`\n| call | rows | p50 | p95 | p50 / bare |\n| --- | --- | --- | --- | --- |`);
  for (const [name, rows, p50, p95] of results)
    console.log(
      `| ${name} | ${name.startsWith('bare') ? '' : rows} | ${p50.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${(p50 / base).toFixed(0)}× |`,
    );
  console.log(`\n(${RUNS} runs each after 5 warm-up calls; load ${os.loadavg()[0]!.toFixed(1)} at the end)`);

  await bare.close();
  await app.close();
  await connector.close();
  await app.deps.jobs.stop();
  await mailer.stop();
  await logging.close();
  await dispose();
  await kam.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
