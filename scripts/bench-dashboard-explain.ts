/** BENCH_EXPLAIN=1 of scripts/bench-dashboard.ts: the plans of the queries a dashboardSummary call runs. */
import { CompiledQuery, type KyselyPlugin } from 'kysely';
import type { Db } from '../apps/server/src/db/database';

/** Records the SQL of every query while `on`, for EXPLAIN (BENCH_EXPLAIN=1). */
export function capture(db: Db): { queries: CompiledQuery[]; on: boolean } {
  const state = { queries: [] as CompiledQuery[], on: false };
  const executor = db.kysely.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (state.on) state.queries.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  db.kysely = db.kysely.withPlugin(plugin);
  return state;
}

export async function explain(db: Db, queries: CompiledQuery[]): Promise<void> {
  const prefix = db.dialect === 'postgres' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
  for (const q of queries) {
    const plan = await db.kysely.executeQuery(CompiledQuery.raw(prefix + q.sql, [...q.parameters]));
    console.log(`\n${q.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
    for (const r of plan.rows as Record<string, unknown>[]) console.log(`  ${String(r['QUERY PLAN'] ?? r.detail)}`);
  }
}

/** The email lookups of the repositories on extensions (app-accounts, email-cc, extensions search and sort). */
export const EMAIL_QUERIES = [
  `select id from extensions where lower(email) = 'user5@t0005.example'`,
  `select tenant_id, extension from extensions where lower(email) in ('user5@t0005.example', 'user6@t0006.example')`,
  `select id from extensions where tenant_id = 't0005.example' order by lower(email) limit 50`,
  `select count(*) from extensions where tenant_id = 't0005.example' and linked = 1 and email <> '' and provisioned_at is null`,
  `select id from extensions where tenant_id = 't0005.example' and (lower(email) like '%user99%') limit 50`,
  `select id from extensions where email = 'user5@t0005.example'`,
].map((q) => CompiledQuery.raw(q, []));
