import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createResellerUser, createUser, startTestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
});
afterAll(() => t.close());

describe('tenantList', () => {
  it('lists every tenant for an admin, sorted by name, with search and paging', async () => {
    const token = await t.login();
    const all = await t.call('tenantList', {}, { token });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((r: { tname: string }) => r.tname)).toEqual([
      'Acme Logistics',
      'Bluebird Dental',
      'Cobalt Legal',
      'Northwind Traders',
      'Summit Health',
    ]);
    expect(all.json()[0]).toEqual({
      tid: 'acme.example',
      tname: 'Acme Logistics',
      desktop_app_allowed: false,
      mobile_app_allowed: false,
    });
    const found = await t.call('tenantList', { search: 'NORTH', limit: 5 }, { token });
    expect(found.json().map((r: { tid: string }) => r.tid)).toEqual(['northwind.example']);
    const page = await t.call('tenantList', { limit: 2, offset: 2 }, { token });
    expect(page.json()).toHaveLength(2);
    expect(page.headers['x-total-count']).toBe('5');
  });

  it('shows a reseller user only their resellers tenants and a simple user only their company', async () => {
    const pioneer = await t.db.kysely
      .selectFrom('resellers')
      .select('id')
      .where('name', '=', 'Pioneer Voice')
      .executeTakeFirstOrThrow();
    await createResellerUser(t.db, 'pioneer@example.test', 'pioneer-pass', [pioneer.id]);
    const rs = await t.call('tenantList', {}, { token: await t.login('pioneer@example.test', 'pioneer-pass') });
    expect(rs.json().map((r: { tid: string }) => r.tid)).toEqual(['bluebird.example', 'cobalt.example']);
    await createUser(t.db, { username: 'summit-user', password: 'summit-pass', company: 'summit.example' });
    const su = await t.call('tenantList', {}, { token: await t.login('summit-user', 'summit-pass') });
    expect(su.json().map((r: { tid: string }) => r.tid)).toEqual(['summit.example']);
  });

  it('refuses anonymous callers and bad input', async () => {
    expect((await t.call('tenantList', {})).statusCode).toBe(401);
    const token = await t.login();
    expect((await t.call('tenantList', { sort: 'password' }, { token })).statusCode).toBe(400);
    expect((await t.call('tenantList', { limit: -1 }, { token })).statusCode).toBe(400);
  });
});
