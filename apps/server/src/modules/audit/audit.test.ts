import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, expectAdminOnly, signInRoles } from '../../../test/roles';

let t: TestApp;
let r: RoleTokens;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  r = await signInRoles(t);
});
afterAll(() => t.close());

const call = (name: string, body: unknown) => t.call(name, body, { token: r.admin });

describe('audit trail', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(t, 'auditLog', {}, r);
  });

  it('records who changed what, from where, with values before and after, and never a password hash', async () => {
    const started = Date.now();
    const { id } = (await call('createUpdateReseller', { name: 'Audited' })).json();
    await call('createUpdateReseller', { id, name: 'Audited Ltd' });
    const link = (await call('createUpdateResllerTenants', { reseller_id: id, tenant_id: 'acme.example' })).json();
    const user = (
      await call('createUpdateUser', {
        name: 'Una',
        email: 'una@example.test',
        username: 'una',
        password: 'una-pass-1',
        user_type: 'simple user',
        active: true,
      })
    ).json();
    const seller = (
      await call('createUpdateResellerUser', { name: 'Sam', email: 'sam@example.test', password: 'sam-pass-1' })
    ).json();
    await call('createUpdateResellerUsersJunction', { user_id: seller.id, reseller_id: id });
    const domain = (
      await call('createUpdateDomain', { ext: '9', domain: 'audit.example', tenant_id: 'acme.example' })
    ).json();
    await call('createUpdateLicenses', {
      tenant_id: 'acme.example',
      vcx_desktop: 1,
      vcx_mobile: 2,
      call_monitor: 3,
      call_recording: 4,
      analytics: 5,
      confirm_below_use: true,
    });
    const tpl = (await call('templateCreateUpdate', { name: 'Audit tpl', body: '<p>x</p>' })).json();
    await call('deleteTemplate', { id: tpl.id });
    await call('deleteUserDetail', { id: user.id });
    await call('deleteReseller', { id });

    const res = await call('auditLog', { from: started, limit: 100 });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as {
      entity: string;
      action: string;
      entity_id: string;
      actor_name: string;
      ip: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      at: number;
    }[];
    expect(res.headers['x-total-count']).toBe(String(rows.length));
    expect(JSON.stringify(rows)).not.toMatch(/password|scrypt\$/);
    const seen = rows.map((x) => `${x.entity}:${x.action}`);
    for (const e of [
      'reseller:create',
      'reseller:update',
      'reseller:delete',
      'reseller_tenant:create',
      'reseller_tenant:delete',
      'reseller_user:create',
      'reseller_user_link:create',
      'reseller_user_link:delete',
      'user:create',
      'user:delete',
      'domain:create',
      'licence:update',
      'email_template:create',
      'email_template:delete',
    ]) {
      expect(seen, e).toContain(e);
    }
    // Newest first.
    expect(rows.map((x) => x.at)).toEqual([...rows.map((x) => x.at)].sort((a, b) => b - a));
    const rename = rows.find((x) => x.entity === 'reseller' && x.action === 'update')!;
    expect(rename).toMatchObject({ entity_id: String(id), actor_name: 'admin', ip: '127.0.0.1', actor_type: 'user' });
    expect(rename.before).toMatchObject({ name: 'Audited' });
    expect(rename.after).toMatchObject({ name: 'Audited Ltd' });
    const lic = rows.find((x) => x.entity === 'licence')!;
    expect(lic.before).toMatchObject({ vcx_desktop: 60 });
    expect(lic.after).toMatchObject({ vcx_desktop: 1, last_updated_by: 'admin' });
    expect(rows.find((x) => x.entity === 'user' && x.action === 'create')!.after).toMatchObject({ username: 'una' });
    expect(rows.find((x) => x.entity === 'reseller_tenant' && x.action === 'delete')!.entity_id).toBe(String(link.id));
    expect(rows.find((x) => x.entity === 'domain')!.entity_id).toBe(String(domain.id));

    const stored = await t.db.kysely.selectFrom('audit_log').select(['before_json', 'after_json']).execute();
    expect(JSON.stringify(stored)).not.toMatch(/password_hash|scrypt/);
  });

  it('filters by entity, record, action and actor, and pages', async () => {
    const only = await call('auditLog', { entity: 'reseller', action: 'create' });
    expect(
      only.json().every((x: { entity: string; action: string }) => x.entity === 'reseller' && x.action === 'create'),
    ).toBe(true);
    expect(only.json().length).toBeGreaterThan(0);
    const id = only.json()[0].entity_id;
    const history = await call('auditLog', { entity: 'reseller', entity_id: id });
    expect(history.json().map((x: { action: string }) => x.action)).toEqual(['delete', 'update', 'create']);
    expect((await call('auditLog', { actor: 'nobody' })).json()).toEqual([]);
    const page = await call('auditLog', { actor: 'ADM', limit: 2, offset: 1 });
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(10);
    expect((await call('auditLog', { entity: 'no_such_entity' })).statusCode).toBe(400);
  });
});

describe('audit trail by tenant (issue #19)', () => {
  it("lists the changes about one tenant: its own row, its extensions' and the records naming it, not another's", async () => {
    const a = 'acme.example';
    const b = 'bluebird.example';
    const [extA] = (await call('getExtensions', { tenant_id: a, limit: 1 })).json<{ id: number }[]>();
    const [extB] = (await call('getExtensions', { tenant_id: b, limit: 1 })).json<{ id: number }[]>();
    for (const [tid, ext] of [
      [a, extA!],
      [b, extB!],
    ] as const) {
      // Flipped twice, so a change is recorded whatever the demo's value was.
      for (const value of ['true', 'false']) {
        const res = await call('updateAndGetExtension', {
          id: ext.id,
          tenant_id: tid,
          column_name: 'desktop_app_allowed',
          value,
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
      }
    }
    await call('createUpdateDomain', { ext: '7', domain: 'tenant-filter.example', tenant_id: a });
    const rows = (await call('auditLog', { tenant_id: a, limit: 1000 })).json<
      {
        entity: string;
        entity_id: string;
        before: { tenant_id?: string } | null;
        after: { tenant_id?: string } | null;
      }[]
    >();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const about =
        (row.entity === 'tenant' && row.entity_id === a) ||
        row.entity_id.startsWith(`${a}/`) ||
        row.before?.tenant_id === a ||
        row.after?.tenant_id === a;
      expect(about, JSON.stringify(row)).toBe(true);
    }
    expect(rows.some((row) => row.entity === 'domain')).toBe(true);
    const other = (await call('auditLog', { tenant_id: b, limit: 1000 })).json<{ entity_id: string }[]>();
    expect(other.some((row) => row.entity_id.startsWith(`${b}/`))).toBe(true);
    expect(other.some((row) => row.entity_id.startsWith(`${a}/`))).toBe(false);
    // A tenant id with LIKE wildcards matches literally.
    expect((await call('auditLog', { tenant_id: '%' })).json()).toEqual([]);
    expect((await call('auditLog', { tenant_id: '' })).statusCode).toBe(400);
  });
});
