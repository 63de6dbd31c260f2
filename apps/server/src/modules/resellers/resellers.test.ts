import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, createResellerUser, startTestApp } from '../../../test/harness';
import { type RoleTokens, expectAdminOnly, signInRoles } from '../../../test/roles';

let t: TestApp;
let r: RoleTokens;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  r = await signInRoles(t);
});
afterAll(() => t.close());

const call = (name: string, body: unknown, lang?: string) =>
  t.call(name, body, { token: r.admin, ...(lang ? { lang } : {}) });
const count = async (table: 'resellers' | 'reseller_tenants' | 'reseller_user_links') =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('resellers', () => {
  it('refuses every call to anonymous callers, simple users and reseller users', async () => {
    const before = await count('resellers');
    await expectAdminOnly(t, 'resellerSummary', {}, r);
    await expectAdminOnly(t, 'createUpdateReseller', { name: 'Sneaky' }, r);
    await expectAdminOnly(t, 'deleteReseller', { id: 1 }, r);
    await expectAdminOnly(t, 'getResellerTenants', { reseller_id: 1 }, r);
    await expectAdminOnly(t, 'createUpdateResllerTenants', { reseller_id: 1, tenant_id: 'summit.example' }, r);
    await expectAdminOnly(t, 'deleteResellerTenant', { id: 1 }, r);
    expect(await count('resellers')).toBe(before);
  });

  it('creates, renames and lists resellers', async () => {
    const created = await call('createUpdateReseller', { name: '  Harbour Networks ', user_id: 999 });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Successfully Updated Reseller Information!');
    const id: number = created.json().id;
    const renamed = await call('createUpdateReseller', { id, name: 'Harbour Networks Ltd' });
    expect(renamed.json()).toEqual({ id, message: 'Successfully Updated Reseller Information!' });
    const list = await call('resellerSummary', { user_id: 1, cloud_id: 'DEMO' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({ id, name: 'Harbour Networks Ltd' });
    expect(list.headers['x-total-count']).toBe(String(list.json().length));
  });

  it('validates the name, in the caller language, and saves nothing when refused', async () => {
    const before = await count('resellers');
    const empty = await call('createUpdateReseller', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Name is mandatory to save reseller!');
    const es = await call('createUpdateReseller', { name: '' }, 'es');
    expect(es.statusCode).toBe(400);
    expect(es.json().error.message).toBe(formatMessage('es', 'resellerNameRequired'));
    const dup = await call('createUpdateReseller', { name: 'PIONEER voice' }, 'fr');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(formatMessage('fr', 'resellerNameTaken'));
    expect((await call('createUpdateReseller', { name: 'X', extra: 1 })).statusCode).toBe(400);
    expect((await call('createUpdateReseller', { id: 999999, name: 'Ghost' })).statusCode).toBe(404);
    expect(await count('resellers')).toBe(before);
  });

  it('supervises tenants: add, list with tenant names, refuse duplicates and unknown tenants, delete', async () => {
    const { id } = (await call('createUpdateReseller', { name: 'Tenant Keepers' })).json();
    const add = await call('createUpdateResllerTenants', { reseller_id: id, tenant_id: 'summit.example' });
    expect(add.statusCode).toBe(200);
    expect(add.json().message).toBe('Successfully saved data!');
    const dup = await call('createUpdateResllerTenants', { reseller_id: id, tenant_id: 'summit.example' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('This reseller already supervises this tenant.');
    const unknown = await call('createUpdateResllerTenants', { reseller_id: id, tenant_id: 'nowhere.example' }, 'pt');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(formatMessage('pt', 'tenantNotFound'));
    const none = await call('createUpdateResllerTenants', { reseller_id: id, tenant_id: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Please select the reseller and tenant to supervise first!');
    expect((await call('createUpdateResllerTenants', { tenant_id: 'acme.example' })).json().error.message).toBe(
      'Please select the reseller and tenant to supervise first!',
    );

    const rows = (await call('getResellerTenants', { reseller_id: id })).json();
    expect(rows).toEqual([{ id: add.json().id, tenant_id: 'summit.example', tname: 'Summit Health' }]);
    const del = await call('deleteResellerTenant', { id: add.json().id });
    expect(del.json()).toEqual({ ok: true, message: 'Record Deleted' });
    expect((await call('getResellerTenants', { reseller_id: id })).json()).toEqual([]);
    expect((await call('deleteResellerTenant', { id: add.json().id })).statusCode).toBe(404);
  });

  it('deletes a reseller with its tenant and user links, leaving no dangling rows', async () => {
    const { id } = (await call('createUpdateReseller', { name: 'Short Lived' })).json();
    await call('createUpdateResllerTenants', { reseller_id: id, tenant_id: 'acme.example' });
    await call('createUpdateResllerTenants', { reseller_id: id, tenant_id: 'cobalt.example' });
    const userId = await createResellerUser(t.db, 'short@example.test', 'short-pass-1', [id]);
    const del = await call('deleteReseller', { id });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Record Deleted');
    expect(
      await t.db.kysely.selectFrom('reseller_tenants').selectAll().where('reseller_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await t.db.kysely.selectFrom('reseller_user_links').selectAll().where('reseller_id', '=', id).execute(),
    ).toEqual([]);
    // The reseller user stays, without that reseller.
    expect(
      await t.db.kysely.selectFrom('reseller_users').select('id').where('id', '=', userId).executeTakeFirst(),
    ).toBeTruthy();
    expect((await call('deleteReseller', { id })).statusCode).toBe(404);
  });
});

describe('resellerSummary on 5,000 resellers', () => {
  beforeAll(async () => {
    const now = Date.now();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      name: `Bulk Reseller ${String(i).padStart(4, '0')}`,
      created_at: now,
      updated_at: now,
    }));
    await t.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('resellers')
          .values(rows.slice(i, i + 500))
          .execute();
    });
  });

  it('searches, sorts and pages on the server with the total in X-Total-Count, quickly', async () => {
    const started = performance.now();
    const page = await call('resellerSummary', {
      search: 'bulk reseller 12',
      sort: 'name',
      order: 'desc',
      limit: 10,
      offset: 10,
    });
    const ms = performance.now() - started;
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('100'); // 1200 to 1299
    const names = page.json().map((x: { name: string }) => x.name);
    expect(names).toHaveLength(10);
    expect(names[0]).toBe('Bulk Reseller 1289');
    expect(names).toEqual([...names].sort().reverse());
    console.log(`resellerSummary (5,000 rows, search+sort+page): ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(500);

    const all = await call('resellerSummary', { limit: 10 });
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(5000);
    expect(all.json()).toHaveLength(10);
    const full = await call('resellerSummary', {});
    expect(full.json().length).toBe(Number(all.headers['x-total-count']));
    const wild = await call('resellerSummary', { search: '100%_' });
    expect(wild.headers['x-total-count']).toBe('0');
    expect((await call('resellerSummary', { sort: 'password_hash' })).statusCode).toBe(400);
    expect((await call('resellerSummary', { limit: 0 })).statusCode).toBe(400);
  });
});
