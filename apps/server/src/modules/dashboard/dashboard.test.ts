import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createResellerUser, createUser, startTestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
});
afterAll(() => t.close());

const summary = async (token: string) => (await t.call('dashboardSummary', {}, { token })).json();

describe('dashboardSummary', () => {
  it('gives an admin the counts of the whole installation (demo data: 5 tenants, 545 extensions)', async () => {
    const s = await summary(await t.login());
    const linked = await t.db.kysely.selectFrom('extensions').select('id').where('linked', '=', 1).execute();
    expect(s).toMatchObject({ resellers: 3, tenants: 5, extensions: 545, linked_extensions: linked.length });
    expect(s.linked_extensions).toBeGreaterThan(0);
  });

  it('limits a simple user to their company tenant and a reseller user to their resellers tenants', async () => {
    await createUser(t.db, { username: 'bluebird-user', password: 'bb-pass-1', company: 'bluebird.example' });
    expect(await summary(await t.login('bluebird-user', 'bb-pass-1'))).toMatchObject({ tenants: 1, extensions: 20, resellers: 1 });

    const atlantic = await t.db.kysely.selectFrom('resellers').select('id').where('name', '=', 'Atlantic Telecom Partners').executeTakeFirstOrThrow();
    await createResellerUser(t.db, 'atlantic@example.test', 'atl-pass-1', [atlantic.id]);
    expect(await summary(await t.login('atlantic@example.test', 'atl-pass-1'))).toMatchObject({ tenants: 2, extensions: 420, resellers: 1 });

    await createUser(t.db, { username: 'no-company', password: 'nc-pass-1' });
    expect(await summary(await t.login('no-company', 'nc-pass-1'))).toMatchObject({ tenants: 0, extensions: 0 });
  });

  it('has seeded the rest of the demo: domains, a client profile, an email template, licences, call records', async () => {
    const count = async (table: 'tenant_domains' | 'client_profiles' | 'email_templates' | 'licences' | 'call_records') =>
      Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('tenant_domains')).toBeGreaterThanOrEqual(5);
    expect(await count('client_profiles')).toBe(1);
    expect(await count('email_templates')).toBe(1);
    expect(await count('licences')).toBe(5);
    expect(await count('call_records')).toBeGreaterThan(500);
  });
});
