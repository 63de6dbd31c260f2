/**
 * What the tenant_stats triggers (migration 013, issue #17 item 1) cost the portal's side of a 10,000-row import.
 * Run from the repository root: `npx tsx scripts/bench-tenant-stats.ts` (SQLite), or with
 * BENCH_DATABASE_URL=postgres://... (a throwaway schema). In one process and one database it writes 10,000
 * extensions the way the import job does (upsertPortalExtensions, 500 rows a transaction), then writes them again
 * (updates: new names, then new app flags), with the triggers off and on in turn (BENCH_ROUNDS times each, so a
 * shared machine's load falls on both alike), and prints the medians.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/migrations';
import { upsertPortalExtensions } from '../apps/server/src/modules/extensions/extensions.sync';

const N = 10_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TENANT = 'triggers.example';
const TRIGGERS = ['extensions_stats_insert', 'extensions_stats_update', 'extensions_stats_delete'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function open(): Promise<{ db: Db; label: string; dispose: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(q);
      await c.end();
    };
    await admin(`CREATE SCHEMA ${schema}`);
    const db = openDatabase({ databaseUrl: url, pgSchema: schema });
    return { db, label: 'PostgreSQL', dispose: () => db.close().then(() => admin(`DROP SCHEMA ${schema} CASCADE`)) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-trg-'));
  const db = openDatabase({ sqliteFile: path.join(dir, 'provisio.sqlite') });
  return { db, label: 'SQLite', dispose: () => db.close().then(() => fs.rmSync(dir, { recursive: true })) };
}

/** Turns the triggers off or on: PostgreSQL disables them; SQLite drops them and creates them again from their SQL. */
async function triggerSwitch(db: Db): Promise<(on: boolean) => Promise<void>> {
  if (db.dialect === 'postgres')
    return async (on) => {
      for (const name of TRIGGERS)
        await sql.raw(`ALTER TABLE extensions ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`).execute(db.kysely);
    };
  const defs = (
    await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'trigger'`.execute(
      db.kysely,
    )
  ).rows.filter((r) => TRIGGERS.includes(r.name));
  if (defs.length !== TRIGGERS.length) throw new Error('tenant_stats triggers not found');
  return async (on) => {
    for (const d of defs) await sql.raw(on ? d.sql : `DROP TRIGGER IF EXISTS ${d.name}`).execute(db.kysely);
  };
}

const items = (round: number, flags: boolean) =>
  Array.from({ length: N }, (_, i) => ({
    extension: String(10_000 + i),
    domain: TENANT,
    siteName: 'Main',
    firstname: `First${i}-${round}`,
    lastname: `Last${i}`,
    email: `user${i}@${TENANT}`,
    admin: false,
    ...(flags ? { mobile_app_allowed: (i + round) % 2 === 0, desktop_app_allowed: (i + round) % 3 === 0 } : {}),
  }));

/** Wall time, and this process's CPU time (on SQLite the database runs in it: less sensitive to a loaded machine). */
async function write(db: Db, rows: ReturnType<typeof items>): Promise<[number, number]> {
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  for (let i = 0; i < rows.length; i += 500)
    await db.kysely.transaction().execute((trx) => upsertPortalExtensions(trx, TENANT, rows.slice(i, i + 500)));
  const c = process.cpuUsage(c0);
  return [Number(process.hrtime.bigint() - t0) / 1e6, (c.user + c.system) / 1000];
}

async function main(): Promise<void> {
  const { db, label, dispose } = await open();
  await migrate(db);
  const triggers = await triggerSwitch(db);
  const times: Record<string, number[][]> = {};
  const note = (k: string, v: [number, number]) => (times[k] ??= []).push(v);
  for (let round = 0; round < ROUNDS; round++) {
    for (const on of round % 2 ? [true, false] : [false, true]) {
      await triggers(on);
      const tag = on ? 'triggers on ' : 'triggers off';
      note(`${tag} insert ${N}`, await write(db, items(round, false)));
      note(`${tag} update ${N} (names)`, await write(db, items(round + 100, false)));
      note(`${tag} update ${N} (app flags)`, await write(db, items(round, true)));
      await triggers(false);
      await db.kysely.deleteFrom('extensions').where('tenant_id', '=', TENANT).execute();
      await db.kysely.deleteFrom('tenant_stats').execute();
    }
  }
  console.log(`# ${label}, Node ${process.version}, ${os.cpus().length} CPU(s), ${ROUNDS} rounds, medians`);
  for (const [k, v] of Object.entries(times).sort()) {
    const [wall, cpu] = [0, 1].map((i) => median(v.map((x) => x[i] ?? NaN)).toFixed(0));
    console.log(`${k}: ${wall} ms (this process's CPU: ${cpu} ms)`);
  }
  if (db.dialect === 'postgres') {
    // The triggers' own time, when the server tracks functions (track_functions = 'pl'); the statistics reach the
    // view within a second of each transaction.
    await new Promise((r) => setTimeout(r, 1500));
    const fns = await sql<{ funcname: string; calls: number; total_time: number }>`select funcname, calls, total_time
      from pg_stat_user_functions where schemaname = current_schema() order by funcname`.execute(db.kysely);
    for (const f of fns.rows)
      console.log(`${f.funcname}: ${f.calls} calls, ${Number(f.total_time).toFixed(0)} ms in all (${ROUNDS} rounds)`);
  }
  await dispose();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
