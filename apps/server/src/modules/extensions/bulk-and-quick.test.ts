import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuickFilter } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';

/** Issue #19: the subscribers table's quick filters (getExtensions `quick`) and bulk app switch (updateExtensionsApp). */
let t: TestApp;
let r: RoleTokens;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  r = await signInRoles(t, [await resellerIdByName(t, 'Pioneer Voice')]);
});
afterAll(() => t.close());

type Ext = { id: number; extension: string; mobile_app_allowed: boolean; desktop_app_allowed: boolean };
const stored = (tenant: string) =>
  t.db.kysely
    .selectFrom('extensions')
    .select(['id', 'extension', 'firstname', 'linked', 'admin', 'mobile_app_allowed', 'desktop_app_allowed'])
    .select('provisioned_at')
    .where('tenant_id', '=', tenant)
    .orderBy('id')
    .execute();
const idsOf = (rows: { id: number }[]) => rows.map((x) => x.id).sort((a, b) => a - b);
const page = (tenant_id: string, body: object, token = r.admin) =>
  t.call('getExtensions', { tenant_id, limit: 200, offset: 0, ...body }, { token });
const setLimits = (tenant_id: string, vcx_mobile: number, vcx_desktop: number) =>
  t.db.kysely.updateTable('licences').set({ vcx_mobile, vcx_desktop }).where('tenant_id', '=', tenant_id).execute();
const bulk = (body: object, token = r.admin, lang?: string) =>
  t.call(
    'updateExtensionsApp',
    { tenant_id: 'cobalt.example', column_name: 'mobile_app_allowed', value: 'true', ...body },
    { token, ...(lang ? { lang } : {}) },
  );
const mobileOn = async (tenant: string) => (await stored(tenant)).filter((x) => x.mobile_app_allowed === 1);

describe('quick filters', () => {
  it('narrows to each filter and their combinations, with the search, totals counted', async () => {
    const tenant = 'acme.example';
    // Two linked extensions were provisioned: they leave "linked but not provisioned".
    const linked = (await stored(tenant)).filter((x) => x.linked === 1);
    expect(linked.length).toBeGreaterThan(3);
    await t.db.kysely
      .updateTable('extensions')
      .set({ provisioned_at: Date.now() })
      .where('id', 'in', [linked[0]!.id, linked[1]!.id])
      .execute();
    const rows = await stored(tenant);
    const want: Record<QuickFilter, (x: (typeof rows)[number]) => boolean> = {
      not_linked: (x) => x.linked === 0,
      linked_not_provisioned: (x) => x.linked === 1 && x.provisioned_at === null,
      app_on: (x) => x.mobile_app_allowed === 1 || x.desktop_app_allowed === 1,
      admin: (x) => x.admin === 1,
    };
    const cases: QuickFilter[][] = [
      ['not_linked'],
      ['linked_not_provisioned'],
      ['app_on'],
      ['admin'],
      ['app_on', 'admin'],
    ];
    for (const quick of cases) {
      const expected = rows.filter((x) => quick.every((f) => want[f](x)));
      const res = await page(tenant, { quick });
      expect(res.statusCode).toBe(200);
      expect(idsOf(res.json() as Ext[]), quick.join('+')).toEqual(idsOf(expected));
      expect(res.headers['x-total-count']).toBe(String(expected.length));
    }
    expect(idsOf((await page(tenant, { quick: ['linked_not_provisioned'] })).json())).not.toContain(linked[0]!.id);
    // With a search: both must hold.
    const name = rows.find((x) => x.admin === 1)!.firstname;
    const searched = await page(tenant, { quick: ['admin'], search: name });
    const expected = rows.filter((x) => x.admin === 1 && x.firstname.toLowerCase().includes(name.toLowerCase()));
    expect(idsOf(searched.json())).toEqual(idsOf(expected));
    // Paged: a page of 5 with the filtered total.
    const paged = await page(tenant, { quick: ['not_linked'], limit: 5 });
    expect(paged.json()).toHaveLength(Math.min(5, rows.filter(want.not_linked).length));
    expect(paged.headers['x-total-count']).toBe(String(rows.filter(want.not_linked).length));
  });

  it('counts every extension as having an app while a tenant-wide switch is on', async () => {
    await t.db.kysely
      .updateTable('tenants')
      .set({ desktop_app_allowed: 1 })
      .where('tid', '=', 'summit.example')
      .execute();
    const all = (await stored('summit.example')).length;
    const res = await page('summit.example', { quick: ['app_on'] });
    expect(res.headers['x-total-count']).toBe(String(all));
  });

  it('refuses an unknown filter in the caller language and hides tenants the caller may not see', async () => {
    const bad = await t.call(
      'getExtensions',
      { tenant_id: 'acme.example', quick: ['linked'] },
      { token: r.admin, lang: 'es' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/no es válido|no válid/);
    expect((await page('cobalt.example', { quick: ['admin'] }, r.simple)).statusCode).toBe(403);
  });
});

describe('bulk app switch', () => {
  it('turns the app on for the selection within the limit, all or none, and off again', async () => {
    const before = await stored('cobalt.example');
    const off = before.filter((x) => x.mobile_app_allowed === 0);
    const used = before.length - off.length;
    await setLimits('cobalt.example', used + 3, 99);
    // Four rows that are off, plus one already on: four would be turned on, one over the limit: refused as a whole.
    const onAlready = before.find((x) => x.mobile_app_allowed === 1)!;
    const four = off.slice(0, 4).map((x) => x.id);
    const refused = await bulk({ ids: [...four, onAlready.id] }, r.reseller);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `The mobile app licence limit of this tenant is ${used + 3} and ${used} are in use: it cannot be turned on for 4 more extensions.`,
    );
    expect((await mobileOn('cobalt.example')).length).toBe(used);
    const es = await bulk({ ids: four }, r.reseller, 'es');
    expect(es.json().error.message).toContain('no se puede activar para 4 extensiones más');
    // Three fit: only the rows that were off count and change.
    const ok = await bulk({ ids: [...four.slice(0, 3), onAlready.id] }, r.reseller);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, message: '3 extensions changed.', changed: 3 });
    expect((await mobileOn('cobalt.example')).length).toBe(used + 3);
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'extension')
      .where(
        'entity_id',
        'in',
        four.slice(0, 3).map((id) => `cobalt.example/${before.find((x) => x.id === id)!.extension}`),
      )
      .execute();
    expect(audited).toHaveLength(3);
    // Off for all of them, then nothing left to change.
    const offAgain = await bulk({ ids: [...four.slice(0, 3), onAlready.id], value: 'false' }, r.reseller, 'fr');
    expect(offAgain.json()).toMatchObject({ changed: 4, message: '4 extensions modifiées.' });
    expect((await bulk({ ids: [onAlready.id], value: 'false' })).json()).toMatchObject({ changed: 0 });
    expect((await mobileOn('cobalt.example')).length).toBe(used - 1);
  });

  it('lets parallel bulk and single switches never pass the limit', async () => {
    const before = await stored('cobalt.example');
    const off = before.filter((x) => x.mobile_app_allowed === 0);
    const used = before.length - off.length;
    await setLimits('cobalt.example', used + 4, 99);
    // Four requests of 3 rows (disjoint) and four single switches, all at once: 4 licences left.
    const groups = [0, 1, 2, 3].map((g) => off.slice(g * 3, g * 3 + 3).map((x) => x.id));
    const singles = off.slice(12, 16);
    const results = await Promise.all([
      ...groups.map((ids) => bulk({ ids })),
      ...singles.map((x) =>
        t.call(
          'updateAndGetExtension',
          { id: x.id, tenant_id: 'cobalt.example', column_name: 'mobile_app_allowed', value: 'true' },
          { token: r.admin },
        ),
      ),
    ]);
    expect(results.every((x) => x.statusCode === 200 || x.statusCode === 409)).toBe(true);
    const now = (await mobileOn('cobalt.example')).length;
    expect(now).toBeLessThanOrEqual(used + 4);
    const granted = results.slice(0, 4).filter((x) => x.statusCode === 200).length * 3;
    const single = results.slice(4).filter((x) => x.statusCode === 200).length;
    expect(now).toBe(used + granted + single);
    expect(granted + single).toBeGreaterThan(0);
  });

  it('refuses ids of another tenant, other tenants, bad bodies, and changes nothing', async () => {
    const [other] = await stored('acme.example');
    const off = (await stored('cobalt.example')).filter((x) => x.mobile_app_allowed === 0);
    await setLimits('cobalt.example', 1000, 1000);
    const mixed = await bulk({ ids: [off[0]!.id, other!.id] });
    expect(mixed.statusCode).toBe(404);
    expect((await stored('cobalt.example')).find((x) => x.id === off[0]!.id)!.mobile_app_allowed).toBe(0);
    expect((await bulk({ ids: [off[0]!.id] }, r.simple)).statusCode).toBe(403);
    expect((await bulk({ ids: [off[0]!.id], tenant_id: 'bluebird.example' }, r.simple)).statusCode).toBe(404);
    expect((await bulk({ ids: [] })).statusCode).toBe(400);
    expect((await bulk({ ids: Array.from({ length: 1001 }, (_, i) => i + 1) })).statusCode).toBe(400);
    expect((await bulk({ ids: [off[0]!.id], column_name: 'admin' })).statusCode).toBe(400);
    expect((await bulk({ ids: [off[0]!.id], value: 'on' })).statusCode).toBe(400);
    expect((await bulk({ ids: ['x'] })).statusCode).toBe(400);
    expect(
      (
        await t.call('updateExtensionsApp', {
          tenant_id: 'cobalt.example',
          ids: [1],
          column_name: 'mobile_app_allowed',
          value: 'true',
        })
      ).statusCode,
    ).toBe(401);
  });
});
