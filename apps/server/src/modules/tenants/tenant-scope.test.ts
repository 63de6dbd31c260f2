import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createResellerUser, startTestApp } from '../../../test/harness';
import { resellerIdByName } from '../../../test/roles';
import {
  type ScopeCaller,
  type TenantScope,
  assertTenantVisible,
  inCallerScope,
  isTenantVisible,
  scopeToCaller,
  visibleTenantIds,
} from './tenant-scope';

let t: TestApp;
let reseller: ScopeCaller;
const admin: ScopeCaller = { role: 'admin', kind: 'user', id: 1, company: '' };
const simple: ScopeCaller = { role: 'simple user', kind: 'user', id: 2, company: 'bluebird.example' };
const companyless: ScopeCaller = { role: 'simple user', kind: 'user', id: 3, company: '' };
const ALL = ['acme.example', 'bluebird.example', 'cobalt.example', 'northwind.example', 'summit.example'];

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  // Pioneer Voice supervises bluebird and cobalt.
  const id = await createResellerUser(t.db, 'scope@example.test', 'scope-pass-1', [
    await resellerIdByName(t, 'Pioneer Voice'),
  ]);
  reseller = { role: 'reseller user', kind: 'reseller_user', id, company: '' };
});
afterAll(() => t.close());

const tenants = async (scope: TenantScope) =>
  (
    await scopeToCaller(
      t.db.kysely,
      t.db.kysely.selectFrom('tenants').select('tid').orderBy('tid'),
      scope,
      'tid',
    ).execute()
  ).map((r) => r.tid);

describe('tenant scope', () => {
  it('limits a query to the tenants each caller may see', async () => {
    expect(await tenants(admin)).toEqual(ALL);
    expect(await tenants(reseller)).toEqual(['bluebird.example', 'cobalt.example']);
    expect(await tenants(simple)).toEqual(['bluebird.example']);
    expect(await tenants(companyless)).toEqual([]);
    expect(await tenants({ ...reseller, id: 999_999 })).toEqual([]);
  });

  it('takes a list already decided: one named tenant, a job frozen scope, none, or all', async () => {
    expect(await tenants(['cobalt.example', 'nowhere.example'])).toEqual(['cobalt.example']);
    expect(await tenants([])).toEqual([]);
    expect(await tenants('all')).toEqual(ALL);
  });

  it('works inside an OR and on an aliased column', async () => {
    const rows = await t.db.kysely
      .selectFrom('tenants as x')
      .select('x.tid')
      .where((eb) => eb.or([eb('x.tid', '=', 'acme.example'), inCallerScope(t.db.kysely, eb, reseller, 'x.tid')]))
      .orderBy('x.tid')
      .execute();
    expect(rows.map((r) => r.tid)).toEqual(['acme.example', 'bluebird.example', 'cobalt.example']);
  });

  it('agrees with the single-tenant check and the list', async () => {
    for (const caller of [admin, reseller, simple, companyless]) {
      const seen = await tenants(caller);
      for (const tid of [...ALL, 'nowhere.example']) {
        const expected = caller.role === 'admin' || seen.includes(tid);
        expect(await isTenantVisible(t.db, caller, tid), `${caller.role} ${caller.company} ${tid}`).toBe(expected);
        if (expected) await assertTenantVisible(t.db, caller, tid);
        else await expect(assertTenantVisible(t.db, caller, tid)).rejects.toMatchObject({ code: 'forbidden' });
      }
      const list = await visibleTenantIds(t.db, caller);
      expect(list === 'all' ? ALL : [...list].sort()).toEqual(caller.role === 'admin' ? ALL : seen);
    }
  });

  it('sends a reseller user of 1,000 tenants as one bound id, not a list', async () => {
    const now = Date.now();
    const { id: resellerId } = await t.db.kysely
      .insertInto('resellers')
      .values({ name: 'Big Reseller', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tids = Array.from({ length: 1000 }, (_, i) => `big-${String(i).padStart(4, '0')}.example`);
    for (let i = 0; i < tids.length; i += 200) {
      const chunk = tids.slice(i, i + 200);
      await t.db.kysely
        .insertInto('tenants')
        .values(
          chunk.map((tid) => ({
            tid,
            tname: tid,
            mobile_app_allowed: 0,
            desktop_app_allowed: 0,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await t.db.kysely
        .insertInto('reseller_tenants')
        .values(chunk.map((tenant_id) => ({ reseller_id: resellerId, tenant_id, created_at: now })))
        .execute();
    }
    const big: ScopeCaller = {
      role: 'reseller user',
      kind: 'reseller_user',
      id: await createResellerUser(t.db, 'big@example.test', 'big-pass-1', [resellerId]),
      company: '',
    };
    const q = scopeToCaller(t.db.kysely, t.db.kysely.selectFrom('tenants').select('tid'), big, 'tid');
    expect(q.compile().parameters).toEqual([big.id]);
    // PostgreSQL runs the subquery once and searches the index with its result (see inCallerScope).
    expect(q.compile().sql).toMatch(t.db.dialect === 'postgres' ? /= any\(array\(select / : / in \(select /);
    expect((await q.execute()).length).toBe(1000);
    expect(await isTenantVisible(t.db, big, 'big-0999.example')).toBe(true);
    expect(await isTenantVisible(t.db, big, 'acme.example')).toBe(false);
  });
});
