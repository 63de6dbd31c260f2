import { afterEach, describe, expect, it } from 'vitest';
import { freshDashboard, staleTenantStats } from '../../../test/dashboard-fresh';
import type { Db } from '../../db/database';
import { type ServerProcess, type Store, freshStore, spawnServer, until } from '../../reliability/server-process';

/**
 * Issue #17 item 1: a server killed (SIGKILL) in the middle of an import leaves tenant_stats equal to a fresh count
 * of what was committed, and after a restart finishes the import the dashboard equals a fresh count again. Real
 * server processes (server.ts under tsx) on SQLite and, in the postgres project, on PostgreSQL.
 */
const TENANT = 'dash-crash.example';
const N = 10_000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

async function start(store: Store): Promise<ServerProcess> {
  const s = await spawnServer({ ...store.env, JOB_LEASE_MS: '1500' });
  cleanups.push(() => s.kill());
  return s;
}

const row = (i: number) => ({
  Extension: String(200_000 + i),
  Domain: TENANT,
  'Site Name': 'Main',
  'First Name': `First${i}`,
  'Last Name': `Last${i}`,
  Admin: 'false',
  Email: `user${i}@${TENANT}`,
  Linked: 'false',
  'Mobile App Allowed': i % 2 ? 'true' : 'false',
  'Desktop App Allowed': i % 5 ? 'false' : 'true',
  tenantid: TENANT,
});

const job = (db: Db, id: number) =>
  db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function expectDashboardFresh(s: ServerProcess, token: string, db: Db, step: string): Promise<void> {
  const res = await s.call<{ recent_failures: { since: number } }>('dashboardSummary', {}, token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  // The log store's error lines are not a count of the portal's tables.
  const got = { ...res.json, recent_failures: { ...res.json.recent_failures, log_errors: null } };
  expect(got, step).toEqual(await freshDashboard(db, 'all', res.json.recent_failures.since));
}

describe('dashboard after a crash', () => {
  it('SIGKILL in the middle of a 10,000-row import: the counts match what was committed, then the finished import', async () => {
    const store = await freshStore();
    cleanups.push(() => store.dispose());
    const s1 = await start(store);
    const token = await s1.login();
    const tenant = await s1.call(
      'createTenant',
      { tid: TENANT, tname: 'Dashboard Crash', domain: TENANT, site_name: 'Main' },
      token,
    );
    expect(tenant.status, JSON.stringify(tenant.json)).toBe(200);
    await store.db.kysely
      .insertInto('licences')
      .values({
        tenant_id: TENANT,
        vcx_mobile: N,
        vcx_desktop: N,
        call_monitor: 0,
        call_recording: 0,
        analytics: 0,
        last_updated_by: '',
        updated_at: Date.now(),
      })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ vcx_mobile: N, vcx_desktop: N }))
      .execute();
    const res = await s1.call<{ job_id: number; errors: unknown[] }>(
      'extensionsImport',
      Array.from({ length: N }, (_, i) => row(i)),
      token,
    );
    expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
    expect(res.json.errors).toEqual([]);
    const id = res.json.job_id;
    await until(
      'the import to be part-way',
      async () => {
        const j = await job(store.db, id);
        return j.done > 0 && j.done < j.total;
      },
      60_000,
      5,
    );
    await s1.kill();
    expect((await job(store.db, id)).status).toBe('running');
    const committed = await store.db.kysely
      .selectFrom('extensions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', TENANT)
      .executeTakeFirstOrThrow();
    expect(Number(committed.n)).toBeLessThan(N);
    expect(await staleTenantStats(store.db)).toEqual([]);

    // The restarted server takes the import over at once: the dashboard is compared once it is done.
    const s2 = await start(store);
    await until('the import to finish', async () => (await job(store.db, id)).status === 'done', 90_000, 100);
    expect(await staleTenantStats(store.db)).toEqual([]);
    await expectDashboardFresh(s2, token, store.db, 'after the import finished');
    const after = await s2.call<{ extensions: number; mobile_enabled: number }>('dashboardSummary', {}, token);
    expect(after.json).toMatchObject({ extensions: N, mobile_enabled: N / 2 });
  }, 240_000);
});
