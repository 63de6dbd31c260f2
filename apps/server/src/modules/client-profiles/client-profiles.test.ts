import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RINGING_TONE, PROFILE_SETTING_NAMES, ProfileCreateUpdateBody } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, expectAdminOnly, resellerIdByName, signInRoles } from '../../../test/roles';
import { pickMostSpecific } from './effective-profile';

let t: TestApp;
let r: RoleTokens;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true', CLOUD_ID: 'ACME1' });
  // The reseller user sees acme and northwind; the simple user sees bluebird.
  r = await signInRoles(t, [await resellerIdByName(t, 'Atlantic Telecom Partners')]);
});
afterAll(() => t.close());

const base = {
  profile_name: 'Acme phones',
  proxy: 'sip.acme.example:5061',
  transport: 'tls',
  tenant_id: 'acme.example',
};
const save = async (body: object, token = r.admin, lang?: string) =>
  t.call('profileCreateUpdate', body, { token, ...(lang ? { lang } : {}) });
const errorOf = async (body: object, lang?: string) => {
  const res = await save({ ...base, ...body }, r.admin, lang);
  expect(res.statusCode, res.body).toBe(400);
  return res.json().error.message as string;
};

describe('profileCreateUpdate validation (spec §5)', () => {
  it('requires profile name, proxy and transport', async () => {
    for (const field of ['profile_name', 'proxy', 'transport']) {
      expect(await errorOf({ [field]: '' })).toBe('Fields with * are mandatory!');
      const { [field as keyof typeof base]: _drop, ...rest } = base;
      const res = await save(rest);
      expect(res.json().error.message).toBe('Fields with * are mandatory!');
    }
    expect(await errorOf({ transport: 'sctp' })).toBe('transport is not one of the allowed values.');
  });

  it('refuses expires over three characters with the spec message, in every language', async () => {
    expect(await errorOf({ expires: '1000' })).toBe('Expires value can not be greater than 999');
    expect(await errorOf({ expires: 1000 })).toBe('Expires value can not be greater than 999');
    expect(await errorOf({ expires: '1000' }, 'es')).toBe('El valor de Expires no puede ser mayor que 999');
    expect(await errorOf({ expires: '-1' })).toBe('expires must be a whole number.');
    expect(
      (await save({ ...base, expires: '999', profile_name: 'x999', tenant_id: 'cobalt.example' })).statusCode,
    ).toBe(200);
  });

  it('applies the character limits and minimums', async () => {
    // Contact IP: an IPv4 or IPv6 address (the spec's 10 characters ruled out most of them: spec-deviations.md).
    expect(await errorOf({ contactip: '10.0.0.1234' })).toMatch(/IPv4 or IPv6/);
    expect(await errorOf({ contactip: 'sip.example.com' })).toMatch(/IPv4 or IPv6/);
    expect(await errorOf({ contactip: `2001:db8::${'1:'.repeat(20)}1` })).toBe(
      'contactip must be at most 45 characters long.',
    );
    for (const contactip of ['192.168.100.200', '2001:db8:85a3::8a2e:370:7334', ''])
      expect(ProfileCreateUpdateBody.safeParse({ ...base, contactip }).success, contactip).toBe(true);
    expect(await errorOf({ nattraversal: 'automatic!!' })).toBe('nattraversal must be at most 10 characters long.');
    expect(await errorOf({ nattraversal: 'turn' })).toBe('nattraversal is not one of the allowed values.');
    expect(await errorOf({ opusoptionsclass: 'swb' })).toBe('opusoptionsclass must be at most 2 characters long.');
    expect(await errorOf({ opusoptions3gclass: 'swb' })).toBe('opusoptions3gclass must be at most 2 characters long.');
    expect(await errorOf({ opusoptionsbandwidth: 'swb' })).toBe(
      'opusoptionsbandwidth must be at most 2 characters long.',
    );
    expect(await errorOf({ ptime: '100' })).toBe('ptime must be at most 2 characters long.');
    expect(await errorOf({ keepaliveperiod: '1000' })).toBe('keepaliveperiod must be at most 3 characters long.');
    expect(await errorOf({ keepaliveperiod: '-5' })).toBe('keepaliveperiod must be a whole number.');
    expect(await errorOf({ videofpswifi: '1000' })).toBe('videofpswifi must be at most 3 characters long.');
    expect(await errorOf({ videofps3g: '1000' })).toBe('videofps3g must be at most 3 characters long.');
    expect(await errorOf({ sipishostprefixlength: '10' })).toBe(
      'sipishostprefixlength must be at most 1 characters long.',
    );
    expect(await errorOf({ sipishostprefixlength: -1 })).toBe(
      'sipishostprefixlength must be at most 1 characters long.',
    );
    expect(await errorOf({ sipishostprefixlength: 'a' })).toBe('sipishostprefixlength must be a whole number.');
    expect(await errorOf({ opusoptionsbitrate: '5000' })).toBe('opusoptionsbitrate must be between 6000 and 510000.');
    expect(await errorOf({ opusoptionscomplexity: '11' })).toBe('opusoptionscomplexity must be between 0 and 10.');
    expect(await errorOf({ allowvideo: 'yes' })).toBe('allowvideo must be 1 (yes) or 0 (no).');
    expect(await errorOf({ email: 'not-an-email' })).toBe('Please enter a valid email address.');
  });

  it('checks ordered lists against the allowed values, and the cross-field rules', async () => {
    expect(await errorOf({ codecorder: '0,8,999' })).toBe('codecorder may only contain allowed values, each once.');
    expect(await errorOf({ codecorder: '0,8,0' })).toBe('codecorder may only contain allowed values, each once.');
    expect(await errorOf({ dtmforder: 'rfc2833,sipinfo' })).toBe(
      'dtmforder may only contain allowed values, each once.',
    );
    expect(await errorOf({ videocodecorder: '0' })).toBe('videocodecorder may only contain allowed values, each once.');
    expect(await errorOf({ rtpportrangestart: '20000', rtpportrangeend: '10000' })).toBe(
      'The RTP port range must not start above its end.',
    );
    expect(await errorOf({ outboundproxyenabled: '1' })).toBe(
      'Enter the outbound proxy host, or turn the outbound proxy off.',
    );
    expect(await errorOf({ forwardingenabled: '1' })).toBe('Enter the forwarding number, or turn forwarding off.');
    expect(await errorOf({ tenant_id: '', domain: 'acme.example' })).toBe('Choose the tenant of this domain first.');
    expect(await errorOf({ domain: 'bluebird.example' })).toBe('This domain does not belong to the tenant.');
    expect(await errorOf({ tenant_id: 'nope.example' })).toBe('This tenant does not exist.');
    expect(await errorOf({ surprise: '1' })).toBe('surprise is not an accepted field.');
  });
});

describe('client profile CRUD and roles', () => {
  let id = 0;
  it('creates a profile with every field, reads it back, lists it with its company, and audits it', async () => {
    const res = await save({
      ...base,
      outboundproxyenabled: true,
      outboundproxyhost: 'edge.acme.example',
      outboundproxytransport: 'tcp',
      expires: 300,
      codecorder: ['103', '0', '8'],
      codecorder3g: '18, 103',
      dtmforder: 'rfc2833,info',
      ringingtone: DEFAULT_RINGING_TONE,
      keepalive: '1',
      company: 'ignored',
      cloud_id: 'X',
      user_id: 7,
    });
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().id;
    const detail = (await t.call('profileDetail', { id }, { token: r.admin })).json();
    expect(detail).toMatchObject({
      id,
      profile_name: 'Acme phones',
      proxy: 'sip.acme.example:5061',
      transport: 'tls',
      tenant_id: 'acme.example',
      domain: '',
      company: 'Acme Logistics',
      cloud_id: 'ACME1',
      outboundproxyenabled: '1',
      outboundproxyhost: 'edge.acme.example',
      expires: '300',
      codecorder: '103,0,8',
      codecorder3g: '18,103',
      allowvideo: '',
    });
    expect(Object.keys(detail)).toEqual(expect.arrayContaining(PROFILE_SETTING_NAMES));
    const list = await t.call('profileSummary', { search: 'acme phones' }, { token: r.admin });
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toEqual({
      id,
      profile_name: 'Acme phones',
      company: 'Acme Logistics',
      transport: 'tls',
      proxy: 'sip.acme.example:5061',
      outboundproxyhost: 'edge.acme.example',
      expires: '300',
      tenant_id: 'acme.example',
      domain: '',
    });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action'])
      .where('entity', '=', 'client_profile')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('sorts by the list columns', async () => {
    const byExpiry = (await t.call('profileSummary', { sort: 'expires', order: 'desc' }, { token: r.admin })).json();
    expect(byExpiry[0].expires).toBe('999');
    expect((await t.call('profileSummary', { sort: 'bogus' }, { token: r.admin })).statusCode).toBe(400);
  });

  it('replaces a profile on update, refuses a second profile for the same scope', async () => {
    const upd = await save({ ...base, id, profile_name: 'Acme renamed', domain: 'acme.example', expires: '' });
    expect(upd.statusCode, upd.body).toBe(200);
    const detail = (await t.call('profileDetail', { id }, { token: r.admin })).json();
    expect(detail).toMatchObject({
      profile_name: 'Acme renamed',
      domain: 'acme.example',
      codecorder: '',
      outboundproxyhost: '',
      expires: '',
    });
    const clash = await save({ ...base, profile_name: 'Another', domain: 'acme.example' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('The profile "Acme renamed" already applies to domain acme.example.');
    const def = await save({ profile_name: 'Second default', proxy: 'p', transport: 'udp' });
    expect(def.json().error.message).toBe(
      'The profile "Default softphone profile" is already the default profile of this cloud.',
    );
    expect((await save({ ...base, id: 99999 })).statusCode).toBe(404);
  });

  it('keeps writes for admins and scopes reads by tenant', async () => {
    await expectAdminOnly(t, 'profileCreateUpdate', base, r);
    await expectAdminOnly(t, 'deleteProfile', { id }, r);
    await expectAdminOnly(
      t,
      'saveBlfKeys',
      { profile_id: id, tenant_id: 'acme.example', extension: '100', keys: [] },
      r,
    );
    const bluebird = (
      await save({
        profile_name: 'Bluebird',
        proxy: 'sip.bluebird.example',
        transport: 'udp',
        tenant_id: 'bluebird.example',
      })
    ).json().id;
    const names = async (token: string) =>
      ((await t.call('profileSummary', {}, { token })).json() as { profile_name: string }[])
        .map((p) => p.profile_name)
        .sort();
    expect(await names(r.simple)).toEqual(['Bluebird', 'Default softphone profile']);
    expect(await names(r.reseller)).toEqual(['Acme renamed', 'Default softphone profile']);
    expect((await t.call('profileDetail', { id }, { token: r.simple })).statusCode).toBe(404);
    expect((await t.call('profileDetail', { id: bluebird }, { token: r.simple })).statusCode).toBe(200);
    expect((await t.call('profileSummary', {})).statusCode).toBe(401);
  });

  it('deletes a profile with its BLF keys', async () => {
    await t.call(
      'saveBlfKeys',
      { profile_id: id, tenant_id: 'acme.example', extension: '100', keys: [{ target: '101' }] },
      { token: r.admin },
    );
    const del = await t.call('deleteProfile', { id }, { token: r.admin });
    expect(del.json()).toEqual({ ok: true, message: 'Record Deleted' });
    expect((await t.call('profileDetail', { id }, { token: r.admin })).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('blf_keys').select('id').where('profile_id', '=', id).execute()).toEqual([]);
    expect((await t.call('deleteProfile', { id }, { token: r.admin })).statusCode).toBe(404);
  });
});

describe('getDefaults', () => {
  it('lists the allowed values; codecs as payload numbers with names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/getDefaults', headers: { token: r.simple } });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(Object.keys(d)).toEqual(
      expect.arrayContaining([
        'transport',
        'outboundproxytransport',
        'codecorder',
        'codecorder3g',
        'codecorderwebrtc',
        'dtmforder',
        'videocodecorder',
        'videocodecorder3g',
        'videocodecorderwebrtc',
      ]),
    );
    expect(d.transport.map((o: { value: string }) => o.value)).toEqual(['udp', 'tcp', 'tls', 'tls+sip:']);
    expect(d.codecorder).toContainEqual({ value: 0, label: 'G.711 µ-law (PCMU)' });
    expect(d.codecorder).toContainEqual({ value: 103, label: 'Opus', unverified: true });
    expect(d.dtmforder.map((o: { value: string }) => o.value)).toEqual(['rfc2833', 'info', 'audio']);
    expect(d.videocodecorder.map((o: { value: number }) => o.value)).toEqual([99, 108, 34]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/getDefaults' })).statusCode).toBe(401);
  });
});

describe('most specific profile', () => {
  const p = (id: number, tenant_id: string | null, domain: string | null) => ({ id, tenant_id, domain });
  it('prefers the domain, then the tenant, then the default; the older one on a tie', () => {
    const all = [
      p(1, null, null),
      p(2, 'acme', null),
      p(3, 'acme', 'a.example'),
      p(4, 'other', null),
      p(5, 'acme', 'b.example'),
    ];
    expect(pickMostSpecific(all, 'acme', 'a.example')).toEqual({ profile: all[2], matchedBy: 'domain' });
    expect(pickMostSpecific(all, 'acme', 'c.example')).toEqual({ profile: all[1], matchedBy: 'tenant' });
    expect(pickMostSpecific(all, 'third', 'a.example')).toEqual({ profile: all[0], matchedBy: 'default' });
    expect(pickMostSpecific([p(9, 'acme', null), p(7, 'acme', null)], 'acme', 'x')?.profile.id).toBe(7);
    expect(pickMostSpecific([p(4, 'other', null)], 'acme', 'x')).toBeNull();
  });

  it('getEffectiveProfile answers the profile of an extension and why', async () => {
    const eff = (token = r.admin) =>
      t.call('getEffectiveProfile', { tenant_id: 'summit.example', extension: '100' }, { token });
    expect((await eff()).json()).toMatchObject({ profile_name: 'Default softphone profile', matched_by: 'default' });
    const tenantP = (
      await save({ profile_name: 'Summit', proxy: 'sip.summit.example', transport: 'udp', tenant_id: 'summit.example' })
    ).json().id;
    expect((await eff()).json()).toEqual({ id: tenantP, profile_name: 'Summit', matched_by: 'tenant' });
    const domainP = (
      await save({
        profile_name: 'Summit domain',
        proxy: 'sip.summit.example',
        transport: 'udp',
        tenant_id: 'summit.example',
        domain: 'summit.example',
      })
    ).json().id;
    expect((await eff()).json()).toEqual({ id: domainP, profile_name: 'Summit domain', matched_by: 'domain' });
    expect((await eff(r.simple)).statusCode).toBe(403);
    expect(
      (await t.call('getEffectiveProfile', { tenant_id: 'summit.example', extension: '9999' }, { token: r.admin }))
        .statusCode,
    ).toBe(404);
  });
});

describe('BLF keys', () => {
  let profileId = 0;
  const sub = { tenant_id: 'bluebird.example', extension: '100' };
  beforeAll(async () => {
    profileId = (await t.call('profileSummary', { search: 'Bluebird' }, { token: r.admin })).json()[0].id;
  });

  it('saves keys in order with labels, reads them back with the names, and audits the change', async () => {
    const res = await t.call(
      'saveBlfKeys',
      { profile_id: profileId, ...sub, keys: [{ target: '102', label: 'Reception' }, { target: '101' }] },
      { token: r.admin },
    );
    expect(res.statusCode, res.body).toBe(200);
    const keys = (await t.call('getBlfKeys', { profile_id: profileId, ...sub }, { token: r.simple })).json();
    expect(keys.map((k: { target: string; label: string }) => [k.target, k.label])).toEqual([
      ['102', 'Reception'],
      ['101', ''],
    ]);
    expect(keys[1].firstname).not.toBe('');
    await t.call(
      'saveBlfKeys',
      { profile_id: profileId, ...sub, keys: [{ target: '101' }, { target: '102', label: 'Reception' }] },
      { token: r.admin },
    );
    const again = (await t.call('getBlfKeys', { profile_id: profileId, ...sub }, { token: r.admin })).json();
    expect(again.map((k: { target: string }) => k.target)).toEqual(['101', '102']);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'blf_keys')
      .where('entity_id', '=', `${profileId}/bluebird.example/100`)
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuses targets of another tenant, the subscriber itself, duplicates, and a profile of another tenant', async () => {
    const err = async (keys: object[], extra: object = {}) =>
      (await t.call('saveBlfKeys', { profile_id: profileId, ...sub, keys, ...extra }, { token: r.admin })).json().error
        .message;
    expect(await err([{ target: '299' }])).toBe('Extension 299 is not an extension of this tenant.');
    expect(await err([{ target: '100' }])).toBe('A subscriber cannot watch its own extension.');
    expect(await err([{ target: '101' }, { target: '101' }])).toBe('Extension 101 is already on a key.');
    expect(
      (
        await t.call(
          'saveBlfKeys',
          { profile_id: profileId, tenant_id: 'acme.example', extension: '100', keys: [] },
          { token: r.admin },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(
          'getBlfKeys',
          { profile_id: profileId, tenant_id: 'bluebird.example', extension: '9999' },
          { token: r.admin },
        )
      ).statusCode,
    ).toBe(404);
    expect((await t.call('getBlfKeys', { profile_id: profileId, ...sub }, { token: r.reseller })).statusCode).toBe(403);
  });
});
