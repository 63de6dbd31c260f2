/**
 * Dashboard benchmark (issue #17 item 1). Run from the repository root: `npx tsx scripts/bench-dashboard.ts`
 * Fills TENANTS tenants x PER_TENANT extensions (default 1,000 x 1,000) with plain multi-row INSERTs into the
 * portal's tables (so any trigger on them runs, as for an import or a sync), plus a reseller of every tenant, app
 * licences, failed invitation mails, revoked apps and failed jobs; then times `dashboardSummary` (through the real
 * app, in-process inject) for an admin, a reseller user of every tenant and a simple user of one tenant, next to
 * `/api/health` in the same run. SQLite by default; BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL (in a
 * throwaway schema). Env: BENCH_TENANTS, BENCH_PER_TENANT, BENCH_RUNS; BENCH_KEEP=<name> keeps the filled database
 * (a schema, or a directory in the temp dir) and measures it again on the next run. BENCH_EXPLAIN=1 also prints the
 * plan of every query one dashboardSummary runs (per caller), and of the email lookups on extensions (extensions_email).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Db } from '../apps/server/src/db/database';
import { createLogging } from '../apps/server/src/lib/logging';
import { Mailer } from '../apps/server/src/lib/mailer';
import { migrate } from '../apps/server/src/migrations';
import { seedOnFirstStart } from '../apps/server/src/seed/seed';
import { createResellerUser, createUser } from '../apps/server/test/harness';
import { EMAIL_QUERIES, capture, explain } from './bench-dashboard-explain';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 1000);
const PER_TENANT = Number(process.env.BENCH_PER_TENANT ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PASSWORD = 'bench-pass-1';
const STATES = ['none', 'invited', 'qr_opened', 'provisioned', 'none'] as const;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;

async function open(): Promise<{ db: Db; label: string; dispose: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  const keep = process.env.BENCH_KEEP;
  if (url) {
    const schema = keep ?? `bench_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await c.end();
    const db = openDatabase({ databaseUrl: url, pgSchema: schema });
    const drop = async () => {
      const d = new pg.Client({ connectionString: url });
      await d.connect();
      await d.query(`DROP SCHEMA ${schema} CASCADE`);
      await d.end();
    };
    return { db, label: 'PostgreSQL', dispose: () => (keep ? db.close() : db.close().then(drop)) };
  }
  const dir = keep ? path.join(os.tmpdir(), keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-dash-'));
  fs.mkdirSync(dir, { recursive: true });
  const db = openDatabase({ sqliteFile: path.join(dir, 'provisio.sqlite') });
  return {
    db,
    label: 'SQLite',
    dispose: async () => {
      await db.close();
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const tenantId = (t: number) => `t${String(t).padStart(4, '0')}.example`;

/** One tenant: its row, licence, reseller link, a failed invitation mail, its extensions and two app accounts (one revoked). */
async function fillTenant(db: Db, t: number, resellerId: number, now: number): Promise<void> {
  const tid = tenantId(t);
  await db.kysely.transaction().execute(async (trx) => {
    const tenantFlags = { mobile_app_allowed: t % 50 === 0 ? 1 : 0, desktop_app_allowed: t % 70 === 0 ? 1 : 0 };
    await trx
      .insertInto('tenants')
      .values({ tid, tname: `Tenant ${t}`, ...tenantFlags, created_at: now, updated_at: now })
      .execute();
    await trx
      .insertInto('licences')
      .values({
        tenant_id: tid,
        vcx_mobile: 200 + (t % 100),
        vcx_desktop: 100 + (t % 60),
        call_monitor: 0,
        call_recording: 0,
        analytics: 0,
        last_updated_by: '',
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('reseller_tenants')
      .values({ reseller_id: resellerId, tenant_id: tid, created_at: now })
      .execute();
    const mail = await trx
      .insertInto('mail_messages')
      .values({
        kind: 'invitation',
        to_addr: `user1@${tid}`,
        cc: '',
        subject: 'Invitation',
        text_body: 'x',
        status: 'failed',
        attempts: 3,
        last_error: 'refused',
        next_attempt_at: now,
        created_at: now - (t % 2) * 2 * 86_400_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: PER_TENANT }, (_, i) => {
      const state = STATES[i % STATES.length]!;
      return {
        tenant_id: tid,
        extension: String(1000 + i),
        domain: tid,
        site_name: 'Main',
        firstname: `First${i}`,
        lastname: `Last${i}`,
        admin: i === 0 ? 1 : 0,
        email: `user${i}@${tid}`,
        linked: i % 3 === 0 ? 1 : 0,
        mobile_app_allowed: i % 4 === 0 ? 1 : 0,
        desktop_app_allowed: i % 10 === 0 ? 1 : 0,
        mobile_phone: '',
        home_phone: '',
        sip_password: '',
        pin: '',
        created_at: now,
        updated_at: now,
        invite_state: state,
        invited_at: state === 'none' ? null : now,
        invite_mail_id: i === 1 ? mail.id : null,
        provisioned_at: state === 'provisioned' ? now : null,
        reprovision_pending_since: state === 'provisioned' && i % 7 === 0 ? now : null,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('extensions')
        .values(rows.slice(i, i + 500))
        .execute();
    for (const [ext, revoked] of [
      ['1003', now],
      ['1008', null],
    ] as const) {
      const a = await trx
        .insertInto('app_accounts')
        .values({
          cloud_id: 'BENCH',
          username: `user${ext}@${tid}`,
          password_hash: 'x',
          tenant_id: tid,
          extension: ext,
          did: '',
          must_change_password: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('app_activations')
        .values({
          app_account_id: a.id,
          secret_hash: '',
          previous_hash: '',
          previous_until: 0,
          issued_at: now,
          first_used_at: null,
          revoked_at: revoked,
        })
        .execute();
    }
    if (t % 100 === 0) {
      const job = { type: 'extensions.sync', payload: '{}', created_by: 'bench', created_at: now, run_after: now };
      await trx
        .insertInto('jobs')
        .values({ ...job, tenant_id: tid, status: 'failed', updated_at: now, error: 'platform down' })
        .execute();
    }
  });
}

async function main(): Promise<void> {
  const { db, label, dispose } = await open();
  const captured = process.env.BENCH_EXPLAIN ? capture(db) : null;
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
  const login = async (user: string, password: string) =>
    (await call('adminLogin', { cloud_id: config.CLOUD_ID, user, password })).json<{ Token: string }>().Token;
  console.log(`# ${label}, Node ${process.version}, ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}`);

  // BENCH_KEEP=<name>: the filled database is kept (a schema, or a directory in the temp dir) and used again.
  if (!(await db.kysely.selectFrom('resellers').select('id').where('name', '=', 'Bench Reseller').executeTakeFirst())) {
    const now = Date.now();
    const reseller = await db.kysely
      .insertInto('resellers')
      .values({ name: 'Bench Reseller', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const t0 = process.hrtime.bigint();
    for (let t = 0; t < TENANTS; t++) await fillTenant(db, t, reseller.id, now);
    console.log(`fill: ${TENANTS} tenants x ${PER_TENANT} extensions in ${(ms(t0) / 1000).toFixed(1)} s`);
    if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.kysely);
    await createResellerUser(db, 'reseller@bench.test', PASSWORD, [reseller.id]);
    await createUser(db, { username: 'simple', password: PASSWORD, company: tenantId(0) });
  }
  const callers: [string, string][] = [
    ['admin', await login('admin', PASSWORD)],
    [`reseller user (${TENANTS} tenants)`, await login('reseller@bench.test', PASSWORD)],
    ['simple user (1 tenant)', await login('simple', PASSWORD)],
  ];

  if (captured) {
    for (const [who, token] of callers) {
      captured.queries.length = 0;
      captured.on = true;
      await call('dashboardSummary', {}, token);
      captured.on = false;
      console.log(`\n## dashboardSummary, ${who}: ${captured.queries.length} queries`);
      await explain(
        db,
        captured.queries.filter((q) => !/sessions|users/.test(q.sql)),
      );
    }
    console.log('\n## email lookups on extensions');
    await explain(db, EMAIL_QUERIES);
  }
  const time = async (fn: () => Promise<unknown>) => {
    await fn();
    const xs: number[] = [];
    const c0 = process.cpuUsage();
    for (let i = 0; i < RUNS; i++) {
      const s = process.hrtime.bigint();
      await fn();
      xs.push(ms(s));
    }
    // CPU of this process per call (SQLite runs in it): what a loaded machine's wait for a core does not inflate.
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1000 / RUNS;
    return `p50 ${pct(xs, 0.5).toFixed(1)} ms, p95 ${pct(xs, 0.95).toFixed(1)} ms, CPU ${cpu.toFixed(1)} ms/call`;
  };
  const health = () => app.inject({ method: 'GET', url: '/api/health' });
  console.log(`/api/health: ${await time(health)} (${RUNS} runs)`);
  const [, simpleToken] = callers[2]!;
  console.log(`tenantList (simple user, a signed-in call): ${await time(() => call('tenantList', {}, simpleToken))}`);
  for (const [who, token] of callers) {
    const s = (await call('dashboardSummary', {}, token)).json<Record<string, unknown>>();
    console.log(`dashboardSummary ${who}: ${await time(() => call('dashboardSummary', {}, token))}`);
    console.log(`  ${JSON.stringify({ ...s, licence_use: (s.licence_use as unknown[]).length })}`);
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
