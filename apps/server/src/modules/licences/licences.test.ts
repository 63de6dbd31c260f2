import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, expectAdminOnly, resellerIdByName, signInRoles } from '../../../test/roles';

let t: TestApp;
let r: RoleTokens;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  r = await signInRoles(t, [await resellerIdByName(t, 'Pioneer Voice')]);
});
afterAll(() => t.close());

const limits = { vcx_desktop: 10, vcx_mobile: 20, call_monitor: 3, call_recording: 4, analytics: 0 };
/** Room above any demo tenant's use, so a save is not a lowering below use. */
const roomy = { vcx_desktop: 500, vcx_mobile: 500, call_monitor: 3, call_recording: 4, analytics: 0 };
const get = (token: string, tenant_id: string) => t.call('getLicenses', { tenant_id }, { token });

describe('licences', () => {
  it('reads the limits of visible tenants only', async () => {
    expect((await t.call('getLicenses', { tenant_id: 'acme.example' })).statusCode).toBe(401);
    const acme = await get(r.admin, 'acme.example');
    expect(acme.json()).toMatchObject({ tenant_id: 'acme.example', vcx_desktop: 60, last_updated_by: 'admin' });
    expect((await get(r.reseller, 'bluebird.example')).statusCode).toBe(200);
    expect((await get(r.reseller, 'cobalt.example')).statusCode).toBe(200);
    expect((await get(r.reseller, 'acme.example')).statusCode).toBe(403);
    expect((await get(r.simple, 'bluebird.example')).statusCode).toBe(200);
    expect((await get(r.simple, 'cobalt.example')).statusCode).toBe(403);
  });

  it('answers zeros when a tenant has no limits stored', async () => {
    await t.db.kysely.deleteFrom('licences').where('tenant_id', '=', 'summit.example').execute();
    expect((await get(r.admin, 'summit.example')).json()).toEqual({
      tenant_id: 'summit.example',
      vcx_desktop: 0,
      vcx_mobile: 0,
      call_monitor: 0,
      call_recording: 0,
      analytics: 0,
      last_updated_by: '',
      updated_at: null,
    });
  });

  it('saves the five limits as the signed-in admin, whatever the body says', async () => {
    await expectAdminOnly(t, 'createUpdateLicenses', { tenant_id: 'bluebird.example', ...roomy }, r);
    const res = await t.call(
      'createUpdateLicenses',
      { tenant_id: 'summit.example', ...roomy, last_updated_by: 'mallory', user_id: 5 },
      { token: r.admin },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully saved data!');
    const stored = (await get(r.admin, 'summit.example')).json();
    expect(stored).toMatchObject({ ...roomy, last_updated_by: 'admin' });
    expect(stored.updated_at).toBeGreaterThan(0);
    const again = await t.call(
      'createUpdateLicenses',
      { tenant_id: 'summit.example', ...roomy, analytics: 7 },
      { token: r.admin },
    );
    expect(again.statusCode).toBe(200);
    expect((await get(r.admin, 'summit.example')).json().analytics).toBe(7);
  });

  it('requires all five whole numbers of 0 or more and an existing tenant, saving nothing otherwise', async () => {
    const before = (await get(r.admin, 'bluebird.example')).json();
    const cases: [object, number, string][] = [
      [{ ...limits, analytics: undefined }, 400, 'All Fields are mandatory!'],
      [{ ...limits, vcx_mobile: -1 }, 400, 'Limits must be whole numbers of 0 or more.'],
      [{ ...limits, vcx_mobile: 1.5 }, 400, 'Limits must be whole numbers of 0 or more.'],
      [{ ...limits, vcx_mobile: '5' }, 400, 'All Fields are mandatory!'],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call('createUpdateLicenses', { tenant_id: 'bluebird.example', ...body }, { token: r.admin });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    const pt = await t.call(
      'createUpdateLicenses',
      { tenant_id: 'bluebird.example', ...limits, call_monitor: -3 },
      { token: r.admin, lang: 'pt' },
    );
    expect(pt.json().error.message).toBe(formatMessage('pt', 'limitWholeNumber'));
    const unknown = await t.call(
      'createUpdateLicenses',
      { tenant_id: 'nowhere.example', ...limits },
      { token: r.admin },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('This tenant does not exist.');
    expect((await get(r.admin, 'bluebird.example')).json()).toEqual(before);
    expect(
      await t.db.kysely.selectFrom('licences').selectAll().where('tenant_id', '=', 'nowhere.example').execute(),
    ).toEqual([]);
  });

  it('asks for confirmation before a mobile or desktop limit goes below use, and saves nothing until given', async () => {
    const use = (await t.call('getAppUsage', { tenant_id: 'acme.example' }, { token: r.admin })).json();
    expect(use.mobile.used).toBeGreaterThan(1);
    expect(use.desktop.used).toBeGreaterThan(1);
    const before = (await get(r.admin, 'acme.example')).json();
    const below = { ...roomy, tenant_id: 'acme.example', vcx_mobile: use.mobile.used - 1 };
    const refused = await t.call('createUpdateLicenses', below, { token: r.admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'licence_below_use',
      message: formatMessage('en', 'licenceBelowUseMobile', { limit: use.mobile.used - 1, used: use.mobile.used }),
    });
    const both = await t.call('createUpdateLicenses', { ...below, vcx_desktop: 0 }, { token: r.admin, lang: 'fr' });
    expect(both.json().error.message).toBe(
      formatMessage('fr', 'licenceBelowUseBoth', {
        mobileLimit: use.mobile.used - 1,
        mobileUsed: use.mobile.used,
        desktopLimit: 0,
        desktopUsed: use.desktop.used,
      }),
    );
    expect((await get(r.admin, 'acme.example')).json()).toEqual(before);
    // At exactly the use, no question; confirmed, it saves, and the apps in use stay on.
    const equal = { ...roomy, tenant_id: 'acme.example', vcx_mobile: use.mobile.used, vcx_desktop: use.desktop.used };
    expect((await t.call('createUpdateLicenses', equal, { token: r.admin })).statusCode).toBe(200);
    const confirmed = await t.call('createUpdateLicenses', { ...below, confirm_below_use: true }, { token: r.admin });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = (await t.call('getAppUsage', { tenant_id: 'acme.example' }, { token: r.admin })).json();
    expect(after.mobile).toMatchObject({ used: use.mobile.used, limit: use.mobile.used - 1 });
  });
});
