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
    expect(await summary(await t.login('bluebird-user', 'bb-pass-1'))).toMatchObject({
      tenants: 1,
      extensions: 20,
      resellers: 1,
    });

    const atlantic = await t.db.kysely
      .selectFrom('resellers')
      .select('id')
      .where('name', '=', 'Atlantic Telecom Partners')
      .executeTakeFirstOrThrow();
    await createResellerUser(t.db, 'atlantic@example.test', 'atl-pass-1', [atlantic.id]);
    expect(await summary(await t.login('atlantic@example.test', 'atl-pass-1'))).toMatchObject({
      tenants: 2,
      extensions: 420,
      resellers: 1,
    });

    // A reseller user counts their own resellers only, though another reseller also supervises one of their tenants
    // (issue #20: "Resellers: 2" revealed that the other exists).
    const now = Date.now();
    const other = await t.db.kysely
      .insertInto('resellers')
      .values({ name: 'Other Wholesale', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('reseller_tenants')
      .values({ reseller_id: other.id, tenant_id: 'acme.example', created_at: now })
      .execute();
    expect(await summary(await t.login('atlantic@example.test', 'atl-pass-1'))).toMatchObject({
      tenants: 2,
      resellers: 1,
    });

    // An API key of Atlantic's tenants counts that one reseller too (not 0: its caller id is no reseller user's).
    const key = await t.call(
      'createApiKey',
      { name: 'Dash', scope: 'reseller', reseller_id: atlantic.id, read_only: true },
      { token: await t.login() },
    );
    expect(key.statusCode, key.body).toBe(200);
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dashboardSummary',
      headers: { authorization: `Bearer ${key.json().key}` },
      payload: {},
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json()).toMatchObject({ tenants: 2, resellers: 1 });

    await createUser(t.db, { username: 'no-company', password: 'nc-pass-1' });
    expect(await summary(await t.login('no-company', 'nc-pass-1'))).toMatchObject({ tenants: 0, extensions: 0 });
  });

  it('lists the tenants fullest against their app licences, counted as the licence check counts them', async () => {
    const admin = await t.login();
    // Bluebird: limits set to exactly what is in use, so it is full; the tenant-level desktop switch counts all 20.
    const use = (await t.call('getAppUsage', { tenant_id: 'bluebird.example' }, { token: admin })).json();
    await t.db.kysely
      .updateTable('licences')
      .set({ vcx_mobile: use.mobile.used, vcx_desktop: 40 })
      .where('tenant_id', '=', 'bluebird.example')
      .execute();
    await t.db.kysely
      .updateTable('tenants')
      .set({ desktop_app_allowed: 1 })
      .where('tid', '=', 'bluebird.example')
      .execute();
    const s = await summary(admin);
    expect(s.licence_use.length).toBeLessThanOrEqual(5);
    expect(s.licence_use[0]).toEqual({
      tenant_id: 'bluebird.example',
      tenant_name: 'Bluebird Dental',
      mobile: { used: use.mobile.used, limit: use.mobile.used },
      desktop: { used: 20, limit: 40 },
    });
    const fullness = (u: { used: number; limit: number }) =>
      u.limit > 0 ? u.used / u.limit : u.used > 0 ? Infinity : 0;
    const scores = s.licence_use.map(
      (u: { mobile: { used: number; limit: number }; desktop: { used: number; limit: number } }) =>
        Math.max(fullness(u.mobile), fullness(u.desktop)),
    );
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Every row agrees with the licence screen's own figures.
    for (const row of s.licence_use) {
      const own = (await t.call('getAppUsage', { tenant_id: row.tenant_id }, { token: admin })).json();
      expect(row.mobile).toEqual({ used: own.mobile.used, limit: own.mobile.limit });
      expect(row.desktop).toEqual({ used: own.desktop.used, limit: own.desktop.limit });
    }
  });

  it('counts the last 24 hours of failures: jobs in the caller’s tenants, mail and log errors for admins only', async () => {
    const now = Date.now();
    const job = {
      type: 'extensions.sync',
      payload: '{}',
      created_by: 'test',
      created_at: now,
      run_after: now,
      updated_at: now,
      status: 'failed' as const,
      error: 'platform down',
    };
    await t.db.kysely
      .insertInto('jobs')
      .values([
        { ...job, tenant_id: 'bluebird.example' },
        { ...job, tenant_id: 'acme.example' },
        { ...job, tenant_id: 'acme.example', updated_at: now - 2 * 86_400_000 },
      ])
      .execute();
    await t.db.kysely
      .insertInto('mail_messages')
      .values({
        kind: 'test',
        to_addr: 'x@example.test',
        cc: '',
        subject: 's',
        text_body: 't',
        status: 'failed',
        attempts: 1,
        last_error: 'refused',
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
    t.logging.log.error({ err: new Error('dashboard probe') }, 'dashboard probe failed');
    await t.logging.flush();
    const admin = (await summary(await t.login())).recent_failures;
    expect(admin).toMatchObject({ jobs: 2, mail: 1 });
    expect(admin.log_errors).toBeGreaterThanOrEqual(1);
    expect(admin.since).toBeGreaterThan(now - 86_400_000 - 60_000);
    expect((await summary(await t.login('bluebird-user', 'bb-pass-1'))).recent_failures).toMatchObject({
      jobs: 1,
      mail: null,
      log_errors: null,
    });
    expect((await summary(await t.login('no-company', 'nc-pass-1'))).recent_failures).toMatchObject({
      jobs: 0,
      mail: null,
      log_errors: null,
    });
  });

  it('has seeded the rest of the demo: domains, a client profile, an email template, licences, call records', async () => {
    const count = async (
      table: 'tenant_domains' | 'client_profiles' | 'email_templates' | 'licences' | 'call_records',
    ) =>
      Number(
        (
          await t.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('tenant_domains')).toBeGreaterThanOrEqual(5);
    expect(await count('client_profiles')).toBe(1);
    expect(await count('email_templates')).toBe(1);
    expect(await count('licences')).toBe(5);
    expect(await count('call_records')).toBeGreaterThan(500);
  });
});
