import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createUser, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';
import { REFUSED_IN_VIEW } from './view-as.limits';

let t: TestApp;
let r: RoleTokens;
let simpleId: number;
const REASON = 'Ticket 4711: the customer cannot find their extensions';

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  r = await signInRoles(t, [await resellerIdByName(t, 'Pioneer Voice')]);
  simpleId = await idOfUser('simple-r');
});
afterAll(() => t.close());

async function idOfUser(username: string): Promise<number> {
  const row = await t.db.kysely.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  return row!.id;
}
const viewAs = (token: string, body: unknown, lang?: string) =>
  t.call('viewAs', body, { token, ...(lang ? { lang } : {}) });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { token } });
/** Starts a view and returns its token. */
async function startView(principal_type: 'user' | 'reseller_user', id: number, admin = r.admin): Promise<string> {
  const res = await viewAs(admin, { principal_type, id, reason: REASON });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Token;
}
const counts = async () => ({
  sessions: Number(
    (await t.db.kysely
      .selectFrom('sessions')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirst())!.n,
  ),
  audit: Number(
    (await t.db.kysely
      .selectFrom('audit_log')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirst())!.n,
  ),
});
const auditOf = (entity: string, entityId: string) =>
  t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();

describe('view as: who may start one, and as whom', () => {
  it('only an administrator may start one; others get 401/403 and nothing changes', async () => {
    const body = { principal_type: 'user', id: simpleId, reason: REASON };
    const before = await counts();
    expect((await t.call('viewAs', body)).statusCode).toBe(401);
    expect((await viewAs(r.simple, body)).statusCode).toBe(403);
    expect((await viewAs(r.reseller, body)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('an API key, even of all tenants, cannot start a view (a view needs an administrator’s own session)', async () => {
    const created = await t.call(
      'createApiKey',
      { name: 'Viewer', scope: 'all', read_only: false },
      { token: r.admin },
    );
    expect(created.statusCode, created.body).toBe(200);
    const before = await counts();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/viewAs',
      headers: { authorization: `Bearer ${created.json().key}` },
      payload: { principal_type: 'user', id: simpleId, reason: REASON },
    });
    expect(res.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('refuses an administrator, an inactive user, an unknown account and a missing or long reason, changing nothing', async () => {
    const otherAdmin = await createUser(t.db, {
      username: 'second-admin',
      password: 'second-pass-1',
      user_type: 'admin',
    });
    const inactive = await createUser(t.db, {
      username: 'gone-user',
      password: 'gone-pass-1',
      company: 'bluebird.example',
      active: false,
    });
    const before = await counts();
    const refused = async (body: object, status: number, lang?: string) => {
      const res = await viewAs(r.admin, body, lang);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      return res.json().error as { code: string; message: string };
    };
    const adminId = await idOfUser('admin');
    expect(await refused({ principal_type: 'user', id: otherAdmin, reason: REASON }, 403)).toMatchObject({
      message: 'You cannot view the portal as another administrator.',
    });
    expect((await refused({ principal_type: 'user', id: adminId, reason: REASON }, 403)).code).toBe('forbidden');
    expect((await refused({ principal_type: 'user', id: inactive, reason: REASON }, 400)).code).toBe('bad_request');
    expect((await refused({ principal_type: 'user', id: 999_999, reason: REASON }, 404)).code).toBe('not_found');
    expect((await refused({ principal_type: 'reseller_user', id: 999_999, reason: REASON }, 404)).code).toBe(
      'not_found',
    );
    expect(await refused({ principal_type: 'user', id: simpleId }, 400)).toMatchObject({
      message: 'Please give a reason for viewing as this user (at least 3 characters).',
    });
    expect((await refused({ principal_type: 'user', id: simpleId, reason: '   ' }, 400)).message).toMatch(/reason/);
    expect(await refused({ principal_type: 'user', id: simpleId, reason: 'x'.repeat(201) }, 400, 'es')).toMatchObject({
      message: 'El motivo puede tener como máximo 200 caracteres.',
    });
    expect((await refused({ principal_type: 'admin', id: simpleId, reason: REASON }, 400)).code).toBe(
      'validation_failed',
    );
    expect(await counts()).toEqual(before);
  });

  it('starts a separate session, audited with the reason; the administrator’s own session stays', async () => {
    const res = await viewAs(r.admin, { principal_type: 'user', id: simpleId, reason: `  ${REASON}  ` });
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply).toMatchObject({
      user: { id: simpleId, username: 'simple-r', user_type: 'simple user' },
      viewer: { username: 'admin' },
      reason: REASON,
      idle_minutes: 30,
    });
    expect(reply.expires_at - Date.now()).toBeGreaterThan(119 * 60_000);
    expect(reply.Token).not.toBe(r.admin);
    expect((await me(reply.Token)).json()).toMatchObject({
      id: simpleId,
      username: 'simple-r',
      user_type: 'simple user',
    });
    expect((await me(r.admin)).json()).toMatchObject({ username: 'admin', user_type: 'admin' });
    const row = await t.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('principal_type', '=', 'user')
      .where('principal_id', '=', simpleId)
      .where('view_reason', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const [start] = await auditOf('view_as', String(row.id));
    expect(start).toMatchObject({ action: 'create', actor_name: 'admin', viewer_name: null });
    expect(JSON.parse(start!.after_json!)).toMatchObject({
      principal_type: 'user',
      username: 'simple-r',
      reason: REASON,
    });
  });
});

describe('view as: what a view session sees and does', () => {
  it('sees exactly what the viewed simple user sees', async () => {
    const view = await startView('user', simpleId);
    for (const [name, body] of [
      ['tenantList', {}],
      ['dashboardSummary', undefined],
      ['getExtensions', { tenant_id: 'bluebird.example', limit: 50 }],
      ['getExtensions', { tenant_id: 'acme.example', limit: 50 }],
      ['getTemplates', undefined],
    ] as const) {
      const own = await t.call(name, body, { token: r.simple });
      const seen = await t.call(name, body, { token: view });
      expect(seen.statusCode, name).toBe(own.statusCode);
      expect(seen.json(), name).toEqual(own.json());
    }
    expect((await t.call('auditLog', {}, { token: view })).statusCode).toBe(403);
    expect((await t.call('userSummary', {}, { token: view })).statusCode).toBe(403);
  });

  it('sees exactly what the viewed reseller user sees', async () => {
    const view = await startView('reseller_user', r.resellerUserId);
    expect((await me(view)).json()).toMatchObject({ id: r.resellerUserId, user_type: 'reseller user' });
    const tenants = (await t.call('tenantList', {}, { token: r.reseller })).json() as { tenant_id: string }[];
    expect(tenants.length).toBeGreaterThan(0);
    for (const [name, body] of [
      ['tenantList', {}],
      ['dashboardSummary', undefined],
      ['getExtensions', { tenant_id: tenants[0]!.tenant_id, limit: 50 }],
      ['getExtensions', { tenant_id: 'bluebird.example', limit: 50 }],
      ['resellerSummary', {}],
    ] as const) {
      const own = await t.call(name, body, { token: r.reseller });
      const seen = await t.call(name, body, { token: view });
      expect(seen.statusCode, name).toBe(own.statusCode);
      expect(seen.json(), name).toEqual(own.json());
    }
  });

  it('writes are allowed and the audit trail names both the viewed user and the administrator', async () => {
    const view = await startView('user', simpleId);
    const edit = await t.call(
      'editUserDetails',
      {
        extension: '102',
        tenant_id: 'bluebird.example',
        user_details: { firstName: 'Viewed', lastName: 'Edit', emailAddress: 'viewed@bluebird.example' },
      },
      { token: view },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const [row] = (await auditOf('extension', 'bluebird.example/102')).slice(-1);
    expect(row).toMatchObject({ actor_name: 'simple-r', actor_type: 'user', actor_id: simpleId, viewer_name: 'admin' });
    expect(row!.viewer_id).toBe(await idOfUser('admin'));
    const listed = (await t.call('auditLog', { entity: 'extension', actor: 'admin' }, { token: r.admin })).json();
    expect(listed[0]).toMatchObject({
      actor_name: 'simple-r',
      viewer_name: 'admin',
      entity_id: 'bluebird.example/102',
    });
    // The simple user's own edit names them alone.
    await t.call(
      'editUserDetails',
      {
        extension: '102',
        tenant_id: 'bluebird.example',
        user_details: { firstName: 'Own', lastName: 'Edit', emailAddress: 'viewed@bluebird.example' },
      },
      { token: r.simple },
    );
    const [own] = (await auditOf('extension', 'bluebird.example/102')).slice(-1);
    expect(own).toMatchObject({ actor_name: 'simple-r', viewer_name: null, viewer_id: null });
  });

  it('refuses the viewed account’s password, profile, second factor and another view, changing nothing', async () => {
    const view = await startView('reseller_user', r.resellerUserId);
    const before = await t.db.kysely
      .selectFrom('reseller_users')
      .selectAll()
      .where('id', '=', r.resellerUserId)
      .executeTakeFirstOrThrow();
    const sessionsBefore = await counts();
    const refused = async (name: string, body: unknown) => {
      const res = await t.call(name, body, { token: view, lang: 'fr' });
      expect(res.statusCode, name).toBe(403);
      return res.json().error.message as string;
    };
    expect(await refused('changePassword', { old_password: 'seller-pass-1', new_password: 'Other-pass-22' })).toMatch(
      /^Pas pendant que vous consultez le portail/,
    );
    await refused('updateProfile', { type: 'text', name: 'Renamed' });
    await refused('viewAs', { principal_type: 'user', id: simpleId, reason: REASON });
    // Every other refused call the app serves (the second factor's and API keys' writes) is refused the same way.
    for (const url of REFUSED_IN_VIEW) {
      if (!t.app.hasRoute({ method: 'POST', url })) continue;
      const res = await t.app.inject({ method: 'POST', url, headers: { token: view }, payload: {} });
      expect(res.statusCode, url).toBe(403);
    }
    expect(
      await t.db.kysely.selectFrom('reseller_users').selectAll().where('id', '=', r.resellerUserId).executeTakeFirst(),
    ).toEqual(before);
    expect(await counts()).toEqual(sessionsBefore);
  });
});

it('lists as refused in a view the second factor’s writes, not its status', () => {
  for (const name of [
    'changePassword',
    'updateProfile',
    'viewAs',
    'twoFactorSetup',
    'twoFactorEnable',
    'twoFactorDisable',
  ])
    expect(REFUSED_IN_VIEW, name).toContain(`/api/v1/${name}`);
  expect(REFUSED_IN_VIEW).not.toContain('/api/v1/twoFactorStatus');
  expect(REFUSED_IN_VIEW).not.toContain('/api/v1/stopViewing');
});

describe('view as: how it ends', () => {
  it('stopViewing ends the view (next call 401), audited once with both names, even when sent twice at once', async () => {
    const view = await startView('user', simpleId);
    const id = (await t.db.kysely.selectFrom('sessions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow())
      .id;
    const [a, b] = await Promise.all([
      t.call('stopViewing', undefined, { token: view }),
      t.call('stopViewing', undefined, { token: view }),
    ]);
    // Both may pass sign-in before either ends the view (200, 200) or one after (200, 401): ended, and audited once.
    expect([a.statusCode, b.statusCode]).toContain(200);
    for (const res of [a, b]) expect([200, 401]).toContain(res.statusCode);
    expect((await me(view)).statusCode).toBe(401);
    expect((await me(r.admin)).statusCode).toBe(200);
    const rows = await auditOf('view_as', String(id));
    expect(rows.map((x) => x.action)).toEqual(['create', 'delete']);
    expect(rows[1]).toMatchObject({ actor_name: 'simple-r', viewer_name: 'admin' });
    expect(JSON.parse(rows[1]!.before_json!)).toMatchObject({ reason: REASON });
  });

  it('stopViewing with an ordinary session is a 400 that ends nothing', async () => {
    const res = await t.call('stopViewing', undefined, { token: r.simple });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect((await me(r.simple)).statusCode).toBe(200);
  });

  it('ends when the administrator signs out', async () => {
    const admin = await t.login();
    const view = await startView('reseller_user', r.resellerUserId, admin);
    expect((await me(view)).statusCode).toBe(200);
    expect((await t.call('logout', undefined, { token: admin })).statusCode).toBe(200);
    expect((await me(view)).statusCode).toBe(401);
    expect((await t.call('tenantList', {}, { token: view })).statusCode).toBe(401);
  });

  it('ends when the administrator is no longer an active administrator', async () => {
    const id = await createUser(t.db, { username: 'brief-admin', password: 'brief-pass-1', user_type: 'admin' });
    const admin = await t.login('brief-admin', 'brief-pass-1');
    const view = await startView('user', simpleId, admin);
    await t.db.kysely.updateTable('users').set({ user_type: 'simple user' }).where('id', '=', id).execute();
    expect((await me(view)).statusCode).toBe(401);
  });

  it('ends after 30 idle minutes or 2 hours, while the administrator’s session goes on', async () => {
    const admin = await t.login();
    const idle = await startView('user', simpleId, admin);
    const busy = await startView('user', simpleId, admin);
    const [busyId, idleId] = (
      await t.db.kysely.selectFrom('sessions').select('id').orderBy('id', 'desc').limit(2).execute()
    ).map((x) => x.id);
    const now = Date.now();
    await t.db.kysely
      .updateTable('sessions')
      .set({ last_used_at: now - 31 * 60_000 })
      .where('id', '=', idleId!)
      .execute();
    await t.db.kysely
      .updateTable('sessions')
      .set({ created_at: now - 121 * 60_000 })
      .where('id', '=', busyId!)
      .execute();
    expect((await me(idle)).statusCode).toBe(401);
    expect((await me(busy)).statusCode).toBe(401);
    expect((await me(admin)).statusCode).toBe(200);
    // A view started 29 minutes ago and used 29 minutes ago still works.
    const fresh = await startView('user', simpleId, admin);
    const freshId = (
      await t.db.kysely.selectFrom('sessions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    await t.db.kysely
      .updateTable('sessions')
      .set({ created_at: now - 29 * 60_000, last_used_at: now - 29 * 60_000 })
      .where('id', '=', freshId)
      .execute();
    expect((await me(fresh)).statusCode).toBe(200);
  });
});
