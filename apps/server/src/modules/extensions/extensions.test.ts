import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';

let t: TestApp;
let r: RoleTokens;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  r = await signInRoles(t, [await resellerIdByName(t, 'Pioneer Voice')]);
});
afterAll(() => t.close());

type Ext = {
  id: number;
  extension: string;
  email: string;
  linked: boolean;
  mobile_app_allowed: boolean;
  desktop_app_allowed: boolean;
  firstname: string;
};
const list = async (tenant_id: string, extra: object = {}, token = r.admin) =>
  t.call('getExtensions', { tenant_id, ...extra }, { token });
const setLimits = (tenant_id: string, vcx_mobile: number, vcx_desktop: number) =>
  t.db.kysely.updateTable('licences').set({ vcx_mobile, vcx_desktop }).where('tenant_id', '=', tenant_id).execute();

describe('getExtensions', () => {
  it('lists every extension of a tenant (seeded counts), with paging, search and sort; no SIP password', async () => {
    const all = await list('northwind.example');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(300);
    expect(all.headers['x-total-count']).toBe('300');
    // The invitation lifecycle fields of issue #14 come after the spec's columns; the stored mail id and raw state do not.
    expect(Object.keys(all.json()[0]).sort()).toEqual([
      'admin',
      'desktop_app_allowed',
      'domain',
      'email',
      'extension',
      'firstname',
      'id',
      'invite_status',
      'invited_at',
      'lastname',
      'lifecycle',
      'linked',
      'mobile_app_allowed',
      'provisioned_at',
      'provisioned_ua',
      'qr_opened_at',
      'reprovision_pending_since',
      'site_name',
      'tenant_id',
    ]);
    expect(all.body).not.toContain('sip_password');
    const page = await list('northwind.example', { limit: 50, offset: 50 });
    expect(page.json().map((e: Ext) => e.extension)[0]).toBe('150');
    expect(page.headers['x-total-count']).toBe('300');
    const found = await list('northwind.example', { search: '399' });
    expect(found.json().map((e: Ext) => e.extension)).toEqual(['399']);
    const desc = await list('acme.example', { sort: 'extension', order: 'desc', limit: 1 });
    expect(desc.json()[0].extension).toBe('219');
    for (const [tid, n] of [
      ['acme.example', 120],
      ['bluebird.example', 20],
      ['cobalt.example', 45],
      ['summit.example', 60],
    ] as const) {
      expect((await list(tid, { limit: 1 })).headers['x-total-count']).toBe(String(n));
    }
  });

  it('scopes by role: reseller user and simple user see their tenants only; anonymous 401; bad input 400', async () => {
    expect((await list('bluebird.example', {}, r.reseller)).statusCode).toBe(200);
    expect((await list('acme.example', {}, r.reseller)).statusCode).toBe(403);
    expect((await list('bluebird.example', {}, r.simple)).statusCode).toBe(200);
    expect((await list('cobalt.example', {}, r.simple)).statusCode).toBe(403);
    expect((await t.call('getExtensions', { tenant_id: 'bluebird.example' })).statusCode).toBe(401);
    expect((await t.call('getExtensions', {}, { token: r.admin })).statusCode).toBe(400);
    expect((await list('bluebird.example', { sort: 'sip_password' })).statusCode).toBe(400);
  });

  it('gives domains and app use against the licence limits', async () => {
    const d = await t.call('getRemoteDomains', { tenant_id: 'northwind.example' }, { token: r.admin });
    expect(d.json()).toEqual([
      { domain: 'northwind.example', site_name: 'Lisbon' },
      { domain: 'northwind.example', site_name: 'London' },
      { domain: 'northwind.example', site_name: 'Lyon' },
    ]);
    expect((await t.call('getRemoteDomains', { tenant_id: 'acme.example' }, { token: r.simple })).statusCode).toBe(403);
    const u = await t.call('getAppUsage', { tenant_id: 'bluebird.example' }, { token: r.simple });
    expect(u.json()).toMatchObject({
      extensions: 20,
      mobile: { limit: 16, tenant_level: false },
      desktop: { limit: 10 },
    });
  });
});

describe('app switches and licence limits', () => {
  it('turns an extension app on and off, refusing one more than the limit with the limit named', async () => {
    const rows: Ext[] = (await list('cobalt.example')).json();
    const inUse = rows.filter((e) => e.mobile_app_allowed).length;
    await setLimits('cobalt.example', inUse + 1, 45);
    const off = rows.filter((e) => !e.mobile_app_allowed);
    const first = await t.call(
      'updateAndGetExtension',
      { id: off[0]!.id, tenant_id: 'cobalt.example', column_name: 'mobile_app_allowed', value: 'true' },
      { token: r.reseller },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().find((e: Ext) => e.id === off[0]!.id).mobile_app_allowed).toBe(true);
    const refused = await t.call(
      'updateAndGetExtension',
      { id: off[1]!.id, tenant_id: 'cobalt.example', column_name: 'mobile_app_allowed', value: 'true' },
      { token: r.reseller },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `The mobile app licence limit of this tenant is ${inUse + 1}; ${inUse + 1} are in use.`,
    );
    const fr = await t.call(
      'updateAndGetExtension',
      { id: off[1]!.id, tenant_id: 'cobalt.example', column_name: 'mobile_app_allowed', value: 'true' },
      { token: r.reseller, lang: 'fr' },
    );
    expect(fr.json().error.message).toContain('limite');
    const back = await t.call(
      'updateAndGetExtension',
      { id: off[0]!.id, tenant_id: 'cobalt.example', column_name: 'mobile_app_allowed', value: 'false' },
      { token: r.reseller },
    );
    expect(back.statusCode).toBe(200);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'extension')
      .execute();
    expect(audit.map((a) => a.entity_id)).toContain(`cobalt.example/${off[0]!.extension}`);
  });

  it('lets exactly one of many toggles at the same instant take the last licence', async () => {
    const rows: Ext[] = (await list('summit.example')).json();
    const inUse = rows.filter((e) => e.desktop_app_allowed).length;
    await setLimits('summit.example', 60, inUse + 1);
    const off = rows.filter((e) => !e.desktop_app_allowed).slice(0, 8);
    expect(off).toHaveLength(8);
    const results = await Promise.all(
      off.map((e) =>
        t.call(
          'updateAndGetExtension',
          { id: e.id, tenant_id: 'summit.example', column_name: 'desktop_app_allowed', value: 'true' },
          { token: r.admin },
        ),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const on = await t.db.kysely
      .selectFrom('extensions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', 'summit.example')
      .where('desktop_app_allowed', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(on.n)).toBe(inUse + 1);
  });

  it('refuses bad values, another tenant and an id of another tenant', async () => {
    const [acme] = (await list('acme.example', { limit: 1 })).json() as Ext[];
    const body = { id: acme!.id, tenant_id: 'acme.example', column_name: 'desktop_app_allowed', value: 'true' };
    expect((await t.call('updateAndGetExtension', { ...body, value: 'yes' }, { token: r.admin })).statusCode).toBe(400);
    expect(
      (await t.call('updateAndGetExtension', { ...body, column_name: 'linked' }, { token: r.admin })).statusCode,
    ).toBe(400);
    expect((await t.call('updateAndGetExtension', body, { token: r.simple })).statusCode).toBe(403);
    expect(
      (await t.call('updateAndGetExtension', { ...body, tenant_id: 'bluebird.example' }, { token: r.simple }))
        .statusCode,
    ).toBe(404);
  });

  it('turns a tenant-level switch on only when every extension fits the limit', async () => {
    await setLimits('bluebird.example', 19, 20);
    const refused = await t.call(
      'updateAndGetTenants',
      { tenant_id: 'bluebird.example', column_name: 'mobile_app_allowed', value: 'true' },
      { token: r.simple },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'The mobile app licence limit of this tenant is 19; turning it on for the whole tenant needs 20.',
    );
    const ok = await t.call(
      'updateAndGetTenants',
      { tenant_id: 'bluebird.example', column_name: 'desktop_app_allowed', value: 'true' },
      { token: r.simple },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual([
      { tid: 'bluebird.example', tname: 'Bluebird Dental', desktop_app_allowed: true, mobile_app_allowed: false },
    ]);
    expect(
      (await t.call('getAppUsage', { tenant_id: 'bluebird.example' }, { token: r.simple })).json().desktop,
    ).toEqual({ used: 20, limit: 20, tenant_level: true });
    expect(
      (
        await t.call(
          'updateAndGetTenants',
          { tenant_id: 'acme.example', column_name: 'desktop_app_allowed', value: 'true' },
          { token: r.simple },
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call(
          'updateAndGetTenants',
          { tenant_id: 'bluebird.example', column_name: 'desktop_app_allowed', value: true },
          { token: r.simple },
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('user details, duplicate emails', () => {
  it('reads and edits details; a linked email is locked until delink, which removes the app account', async () => {
    const bad = await t.call(
      'editUserDetails',
      {
        extension: '101',
        tenant_id: 'cobalt.example',
        user_details: { firstName: '', lastName: 'X', emailAddress: 'a@b.co' },
      },
      { token: r.admin },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Fields with * are mandatory!');
    const link = await t.call(
      'linkExtension',
      {
        email: 'Jo.Cobalt@Example.test',
        did: '5551000',
        pin: '135790',
        password: 'Str0ng!pass',
        extension: '101',
        domain: 'cobalt.example',
        tenant_id: 'cobalt.example',
      },
      { token: r.admin },
    );
    expect(link.statusCode).toBe(200);
    const details = await t.call(
      'getUserDetails',
      { extension: 101, tenant_id: 'cobalt.example' },
      { token: r.reseller },
    );
    expect(details.json()).toMatchObject({
      emailAddress: 'Jo.Cobalt@Example.test',
      domain: 'cobalt.example',
      linked: true,
    });
    const user_details = {
      firstName: 'Jo',
      lastName: 'Cobalt',
      emailAddress: 'other@example.test',
      mobilePhone: '+15550001',
      homePhone: '',
    };
    const locked = await t.call(
      'editUserDetails',
      { extension: '101', tenant_id: 'cobalt.example', user_details },
      { token: r.admin },
    );
    expect(locked.statusCode).toBe(400);
    const saved = await t.call(
      'editUserDetails',
      {
        extension: '101',
        tenant_id: 'cobalt.example',
        user_details,
        delink: true,
        original_email: 'Jo.Cobalt@Example.test',
      },
      { token: r.reseller },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Successfully Updated User Information!');
    expect(
      (await t.call('getUserDetails', { extension: '101', tenant_id: 'cobalt.example' }, { token: r.admin })).json(),
    ).toMatchObject({ firstName: 'Jo', emailAddress: 'other@example.test', mobilePhone: '+15550001', linked: false });
    expect(
      await t.db.kysely
        .selectFrom('app_accounts')
        .select('id')
        .where('tenant_id', '=', 'cobalt.example')
        .where('extension', '=', '101')
        .executeTakeFirst(),
    ).toBeUndefined();
    // The platform (builtin) got the new names first, so a sync keeps them.
    const platform = await t.db.kysely
      .selectFrom('builtin_extensions')
      .select(['firstname', 'email'])
      .where('tenant_id', '=', 'cobalt.example')
      .where('extension', '=', '101')
      .executeTakeFirstOrThrow();
    expect(platform).toEqual({ firstname: 'Jo', email: 'other@example.test' });
    expect(
      (await t.call('getUserDetails', { extension: '101', tenant_id: 'cobalt.example' }, { token: r.simple }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call('getUserDetails', { extension: '999', tenant_id: 'cobalt.example' }, { token: r.admin }))
        .statusCode,
    ).toBe(404);
  });

  it('finds duplicate emails in one tenant or across visible tenants', async () => {
    await t.db.kysely
      .updateTable('extensions')
      .set({ email: 'Shared@Example.test' })
      .where('tenant_id', 'in', ['bluebird.example', 'acme.example'])
      .where('extension', '=', '105')
      .execute();
    const all = await t.call('checkDuplicateEmails', { email: 'shared@example.TEST' }, { token: r.admin });
    expect(all.json().map((x: { tenant_id: string; tname: string }) => [x.tenant_id, x.tname])).toEqual([
      ['acme.example', 'Acme Logistics'],
      ['bluebird.example', 'Bluebird Dental'],
    ]);
    expect(Object.keys(all.json()[0]).sort()).toEqual([
      'admin',
      'email',
      'extension',
      'firstname',
      'id',
      'lastname',
      'linked',
      'tenant_id',
      'tname',
    ]);
    expect(
      (await t.call('checkDuplicateEmails', { email: 'shared@example.test' }, { token: r.reseller })).json(),
    ).toHaveLength(1);
    expect(
      (
        await t.call(
          'checkDuplicateEmails',
          { email: 'shared@example.test', tenant_id: 'acme.example' },
          { token: r.reseller },
        )
      ).statusCode,
    ).toBe(403);
    expect((await t.call('checkDuplicateEmails', { email: 'nobody@example.test' }, { token: r.admin })).json()).toEqual(
      [],
    );
    expect((await t.call('checkDuplicateEmails', { email: '' }, { token: r.admin })).statusCode).toBe(400);
  });
});

describe('builtin platform writes and sync', () => {
  it('adds a tenant and extensions (admin only), keeping SIP passwords on the platform only', async () => {
    expect(
      (await t.call('createTenant', { tid: 'zeta.example', tname: 'Zeta' }, { token: r.reseller })).statusCode,
    ).toBe(403);
    const bad = await t.call('createTenant', { tid: 'bad tid', tname: 'Zeta' }, { token: r.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/letters, digits/);
    // An empty tenant id is "required", in the caller's language (issue #20).
    const empty = await t.call('createTenant', { tid: '  ', tname: 'Zeta' }, { token: r.admin, lang: 'es' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).not.toMatch(/letras|letters/);
    expect(empty.json().error.message).toBe(formatMessage('es', 'starFieldsRequired'));
    expect((await t.call('createTenant', { tid: 'zeta.example', tname: 'Zeta' }, { token: r.admin })).statusCode).toBe(
      200,
    );
    expect((await t.call('createTenant', { tid: 'zeta.example', tname: 'Zeta' }, { token: r.admin })).statusCode).toBe(
      409,
    );
    const body = {
      tenant_id: 'zeta.example',
      extension: '200',
      domain: 'zeta.example',
      site_name: 'Main',
      firstname: 'Zed',
      lastname: 'Z',
      email: 'zed@zeta.example',
    };
    expect((await t.call('createExtension', body, { token: r.simple })).statusCode).toBe(403);
    expect(
      (await t.call('createExtension', { ...body, domain: 'elsewhere.example' }, { token: r.admin })).statusCode,
    ).toBe(400);
    const created = await t.call('createExtension', body, { token: r.admin });
    expect(created.statusCode).toBe(200);
    expect((await t.call('createExtension', body, { token: r.admin })).statusCode).toBe(409);
    const rows = (await list('zeta.example')).json();
    expect(rows).toMatchObject([{ extension: '200', firstname: 'Zed', linked: false }]);
    const sip = await t.db.kysely
      .selectFrom('builtin_extensions')
      .select('sip_password')
      .where('tenant_id', '=', 'zeta.example')
      .executeTakeFirstOrThrow();
    expect(sip.sip_password.length).toBeGreaterThanOrEqual(20);
    const portal = await t.db.kysely
      .selectFrom('extensions')
      .select('sip_password')
      .where('tenant_id', '=', 'zeta.example')
      .executeTakeFirstOrThrow();
    expect(portal.sip_password).toBe('');
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('after_json')
      .where('entity', '=', 'extension')
      .where('entity_id', '=', 'zeta.example/200')
      .executeTakeFirstOrThrow();
    expect(audit.after_json).not.toContain(sip.sip_password);
    expect(
      (await t.call('deleteExtension', { tenant_id: 'zeta.example', extension: '200' }, { token: r.admin })).statusCode,
    ).toBe(200);
    expect((await list('zeta.example')).json()).toEqual([]);
    expect(
      (await t.call('deleteExtension', { tenant_id: 'zeta.example', extension: '200' }, { token: r.admin })).statusCode,
    ).toBe(404);
  });

  it('syncs from the platform through a job: changes arrive, removed extensions and their app accounts go, portal fields stay', async () => {
    const before: Ext[] = (await list('summit.example')).json();
    const keep = before.find((e) => e.mobile_app_allowed)!;
    await t.db.kysely
      .updateTable('builtin_extensions')
      .set({ firstname: 'Renamed' })
      .where('tenant_id', '=', 'summit.example')
      .where('extension', '=', keep.extension)
      .execute();
    await t.db.kysely
      .deleteFrom('builtin_extensions')
      .where('tenant_id', '=', 'summit.example')
      .where('extension', '=', '159')
      .execute();
    await t.db.kysely
      .insertInto('builtin_extensions')
      .values({
        tenant_id: 'summit.example',
        extension: '900',
        domain: 'summit.example',
        site_name: 'Main',
        firstname: 'New',
        lastname: 'One',
        email: '',
        admin: 0,
        sip_password: 'x'.repeat(24),
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    // 159 may be a linked demo extension with its own account: this one replaces it.
    await t.db.kysely
      .deleteFrom('app_accounts')
      .where('tenant_id', '=', 'summit.example')
      .where('extension', '=', '159')
      .execute();
    await t.db.kysely
      .insertInto('app_accounts')
      .values({
        cloud_id: 'DEMO',
        username: 'gone@summit.example',
        password_hash: 'scrypt$x',
        tenant_id: 'summit.example',
        extension: '159',
        did: '',
        must_change_password: 1,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    const first = await list('summit.example', { sync: true, limit: 1 }, r.admin);
    const second = await t.call('getRemoteDomains', { tenant_id: 'summit.example', sync: true }, { token: r.admin });
    const jobId = Number(first.headers['x-job-id']);
    expect(jobId).toBeGreaterThan(0);
    expect(Number(second.headers['x-job-id'])).toBe(jobId);
    await t.deps.jobs.drain();
    const status = await t.call('jobStatus', { id: jobId }, { token: r.admin });
    expect(status.json()).toMatchObject({
      status: 'done',
      done: 61,
      total: 61,
      result: { created: 1, updated: 1, removed: 1, unchanged: 58 },
    });
    const after: Ext[] = (await list('summit.example')).json();
    expect(after).toHaveLength(60);
    expect(after.find((e) => e.extension === keep.extension)).toMatchObject({
      firstname: 'Renamed',
      mobile_app_allowed: true,
      linked: keep.linked,
    });
    expect(after.find((e) => e.extension === '159')).toBeUndefined();
    expect(
      await t.db.kysely
        .selectFrom('app_accounts')
        .select('id')
        .where('username', '=', 'gone@summit.example')
        .executeTakeFirst(),
    ).toBeUndefined();
    expect((await t.call('jobStatus', { id: jobId }, { token: r.simple })).statusCode).toBe(403);
    expect((await t.call('listJobs', {}, { token: r.admin })).json().map((j: { id: number }) => j.id)).toContain(jobId);
    expect((await t.call('listJobs', {}, { token: r.reseller })).json().map((j: { id: number }) => j.id)).not.toContain(
      jobId,
    );
  });

  it('syncs the tenant list through a job', async () => {
    await t.db.kysely
      .insertInto('builtin_tenants')
      .values({ tid: 'omega.example', tname: 'Omega', created_at: 1 })
      .execute();
    const res = await t.call('tenantList', { sync: true }, { token: r.admin });
    const again = await t.call('tenantList', { sync: true }, { token: r.admin });
    expect(again.headers['x-job-id']).toBe(res.headers['x-job-id']);
    await t.deps.jobs.drain();
    const names = (await t.call('tenantList', {}, { token: r.admin })).json().map((x: { tname: string }) => x.tname);
    expect(names).toContain('Omega');
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});

describe('syncs cannot be started without end (issue 13, low)', () => {
  it('ten parallel sync requests make one job, and a sync asked for soon after it finished joins that job', async () => {
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? list('bluebird.example', { sync: true, limit: 1 }, r.simple)
          : t.call('getRemoteDomains', { tenant_id: 'bluebird.example', sync: true }, { token: r.simple }),
      ),
    );
    expect(replies.map((x) => x.statusCode)).toEqual(replies.map(() => 200));
    const ids = new Set(replies.map((x) => x.headers['x-job-id']));
    expect(ids.size).toBe(1);
    await t.deps.jobs.drain();
    const [id] = [...ids];
    expect((await list('bluebird.example', { sync: true, limit: 1 }, r.simple)).headers['x-job-id']).toBe(id);
    const again = await Promise.all(
      Array.from({ length: 10 }, () => list('bluebird.example', { sync: true, limit: 1 }, r.reseller)),
    );
    expect(new Set(again.map((x) => x.headers['x-job-id']))).toEqual(new Set([id]));
    expect(
      await t.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', 'extensions.sync')
        .where('tenant_id', '=', 'bluebird.example')
        .execute(),
    ).toHaveLength(1);

    const tenantSyncs = await Promise.all(
      Array.from({ length: 10 }, () => t.call('tenantList', { sync: true, limit: 1 }, { token: r.admin })),
    );
    expect(new Set(tenantSyncs.map((x) => x.headers['x-job-id'])).size).toBe(1);
    await t.deps.jobs.drain();
    expect((await t.call('tenantList', { sync: true, limit: 1 }, { token: r.admin })).headers['x-job-id']).toBe(
      tenantSyncs[0]!.headers['x-job-id'],
    );
  });

  it('a sync that finished longer ago than the window, or failed, is not joined: a new one starts', async () => {
    const first = Number((await list('cobalt.example', { sync: true, limit: 1 })).headers['x-job-id']);
    await t.deps.jobs.drain();
    await t.db.kysely
      .updateTable('jobs')
      .set({ finished_at: Date.now() - 10 * 60_000 })
      .where('id', '=', first)
      .execute();
    const second = Number((await list('cobalt.example', { sync: true, limit: 1 })).headers['x-job-id']);
    expect(second).toBeGreaterThan(first);
    await t.deps.jobs.drain();
    await t.db.kysely.updateTable('jobs').set({ status: 'failed' }).where('id', '=', second).execute();
    expect(Number((await list('cobalt.example', { sync: true, limit: 1 })).headers['x-job-id'])).toBeGreaterThan(
      second,
    );
  });
});
