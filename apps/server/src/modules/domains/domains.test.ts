import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';

let t: TestApp;
let r: RoleTokens;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  // The reseller user belongs to Pioneer Voice: bluebird.example and cobalt.example.
  r = await signInRoles(t, [await resellerIdByName(t, 'Pioneer Voice')]);
});
afterAll(() => t.close());

const as = (token: string) => (name: string, body: unknown, lang?: string) =>
  t.call(name, body, { token, ...(lang ? { lang } : {}) });
const domainId = async (tenant: string) =>
  (
    await t.db.kysely
      .selectFrom('domains')
      .select('id')
      .where('tenant_id', '=', tenant)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
const countDomains = async () => (await t.db.kysely.selectFrom('domains').select('id').execute()).length;

describe('domains', () => {
  it('needs a signed-in caller', async () => {
    for (const name of ['domainSummary', 'domainDetail', 'createUpdateDomain', 'deleteDomainDetail']) {
      expect((await t.call(name, { id: 1 })).statusCode, name).toBe(401);
    }
  });

  it('lists only the domains of visible tenants', async () => {
    const tenantsOf = async (token: string) =>
      (await as(token)('domainSummary', {}))
        .json()
        .map((d: { tenant_id: string }) => d.tenant_id)
        .sort();
    expect(await tenantsOf(r.admin)).toEqual([
      'acme.example',
      'bluebird.example',
      'cobalt.example',
      'northwind.example',
      'summit.example',
    ]);
    expect(await tenantsOf(r.reseller)).toEqual(['bluebird.example', 'cobalt.example']);
    expect(await tenantsOf(r.simple)).toEqual(['bluebird.example']);
    const page = await as(r.admin)('domainSummary', { search: 'NORTH', limit: 10 });
    expect(page.headers['x-total-count']).toBe('1');
  });

  it('creates and edits a domain; ext and tenant are locked when editing', async () => {
    const call = as(r.admin);
    const created = await call('createUpdateDomain', {
      ext: '200',
      domain: 'Voice.Acme.example',
      tenant_id: 'acme.example',
      user_id: 1,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Successfully saved data!');
    const id: number = created.json().id;
    expect((await call('domainDetail', { id })).json()).toEqual({
      id,
      ext: '200',
      domain: 'voice.acme.example',
      tenant_id: 'acme.example',
    });
    const renamed = await call('createUpdateDomain', {
      id,
      ext: '200',
      domain: 'sip.acme.example',
      tenant_id: 'acme.example',
    });
    expect(renamed.statusCode).toBe(200);
    const locked = await call('createUpdateDomain', {
      id,
      ext: '201',
      domain: 'sip.acme.example',
      tenant_id: 'acme.example',
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error.message).toBe('The extension and the tenant cannot be changed when editing a domain.');
    expect(
      (await call('createUpdateDomain', { id, ext: '200', domain: 'sip.acme.example', tenant_id: 'cobalt.example' }))
        .statusCode,
    ).toBe(400);
    expect((await call('domainDetail', { id })).json()).toMatchObject({
      ext: '200',
      domain: 'sip.acme.example',
      tenant_id: 'acme.example',
    });
  });

  it('refuses duplicates, bad input and unknown tenants without saving', async () => {
    const call = as(r.admin);
    const before = await countDomains();
    const dup = await call('createUpdateDomain', { ext: '300', domain: 'ACME.example', tenant_id: 'acme.example' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({ code: 'domain_exists', message: 'Domain exists' });
    const cases: [object, number, string][] = [
      [
        { ext: '1 2', domain: 'x.example', tenant_id: 'acme.example' },
        400,
        'The extension may contain only digits, letters and * # + _ . -',
      ],
      [{ ext: '12', domain: 'not a domain', tenant_id: 'acme.example' }, 400, 'Please enter a valid domain name.'],
      [{ ext: '12', domain: 'x.example', tenant_id: 'nowhere.example' }, 404, 'This tenant does not exist.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('createUpdateDomain', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    // An empty extension breaks two rules (required, characters); each is named in fields.
    const empty = await call('createUpdateDomain', { ext: '', domain: 'x.example', tenant_id: 'acme.example' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toContainEqual({ path: 'ext', message: 'Fields with * are mandatory!' });
    const es = await call('createUpdateDomain', { ext: '12', domain: 'x.example', tenant_id: '' }, 'es');
    expect(es.json().error.message).toBe(formatMessage('es', 'starFieldsRequired'));
    expect(await countDomains()).toBe(before);
  });

  it('keeps other tenants out of reach of reseller users and simple users', async () => {
    const acme = await domainId('acme.example');
    const bluebird = await domainId('bluebird.example');
    const before = await countDomains();
    for (const token of [r.reseller, r.simple]) {
      const call = as(token);
      expect((await call('domainDetail', { id: acme })).statusCode).toBe(403);
      expect((await call('domainDetail', { id: bluebird })).statusCode).toBe(200);
      expect(
        (await call('createUpdateDomain', { ext: '1', domain: 'x.acme.example', tenant_id: 'acme.example' }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call('createUpdateDomain', {
            id: acme,
            ext: '100',
            domain: 'stolen.example',
            tenant_id: 'acme.example',
          })
        ).statusCode,
      ).toBe(403);
      expect((await call('deleteDomainDetail', { id: acme })).statusCode).toBe(403);
    }
    expect(
      (
        await as(r.reseller)('createUpdateDomain', {
          ext: '1',
          domain: 'x.summit.example',
          tenant_id: 'summit.example',
        })
      ).statusCode,
    ).toBe(403);
    expect(await countDomains()).toBe(before);
    const own = await as(r.reseller)('createUpdateDomain', {
      ext: '150',
      domain: 'cobalt-voice.example',
      tenant_id: 'cobalt.example',
    });
    expect(own.statusCode).toBe(200);
    expect((await as(r.reseller)('deleteDomainDetail', { id: own.json().id })).json()).toEqual({
      ok: true,
      message: 'Record Deleted',
    });
    expect((await as(r.admin)('domainDetail', { id: own.json().id })).statusCode).toBe(404);
  });
});
