import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCscPayload } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;
const PASSWORD = 'D1rectory(pw)x';
const USER = 'dora.dir@bluebird.example';
const TENANT = 'bluebird.example';
const OTHER = 'cobalt.example';
const PAST = Date.UTC(2024, 0, 2, 3, 4, 5, 678);

const get = (q: Record<string, string>, headers: Record<string, string> = {}, ip = '10.1.0.1') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/directory?${new URLSearchParams(q).toString()}`,
    headers,
    remoteAddress: ip,
  });
const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/directory',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: '10.1.0.1',
  });
const good = { cloud_id: 'ACME1', cloud_username: USER, cloud_password: PASSWORD };

interface Contact {
  contactId: string;
  displayName: string;
  fname: string;
  lname: string;
  contactEntries: { entryId: string; label: string; type: string; uri: string }[];
}

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true', CLOUD_ID: 'ACME1', LOGIN_MAX_FAILURES: '4', LOGIN_SLOW_AFTER: '100' });
  admin = await t.login();
  const link = await t.call(
    'linkExtension',
    {
      email: USER,
      did: '+15550101',
      pin: '432187',
      password: PASSWORD,
      extension: '101',
      domain: TENANT,
      tenant_id: TENANT,
    },
    { token: admin },
  );
  expect(link.statusCode, link.body).toBe(200);
  await t.db.kysely.updateTable('extensions').set({ updated_at: PAST }).where('tenant_id', '=', TENANT).execute();
});
afterAll(() => t.close());

describe('company directory (Acrobits Web Service Contacts)', () => {
  it("answers the caller's own tenant's extensions as Acrobits contact JSON, without the caller", async () => {
    const res = await get(good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const { contacts } = res.json<{ contacts: Contact[] }>();
    const rows = await t.db.kysely
      .selectFrom('extensions')
      .select(['extension', 'firstname', 'lastname', 'email'])
      .where('tenant_id', '=', TENANT)
      .orderBy('extension')
      .execute();
    expect(rows.length).toBeGreaterThan(5);
    const expected = rows.filter((r) => r.extension !== '101');
    expect(contacts.map((c) => c.contactId)).toEqual(expected.map((r) => r.extension));
    const others = await t.db.kysely
      .selectFrom('extensions')
      .select('extension')
      .where('tenant_id', '=', OTHER)
      .execute();
    expect(others.length).toBeGreaterThan(0);
    for (const [i, c] of contacts.entries()) {
      const r = expected[i]!;
      expect(c.fname).toBe(r.firstname);
      expect(c.lname).toBe(r.lastname);
      expect(c.displayName).toBe(`${r.firstname} ${r.lastname}`.trim() || r.extension);
      expect(c.contactEntries[0]).toEqual({ entryId: 'tel:ext', label: 'extension', type: 'tel', uri: r.extension });
      if (r.email)
        expect(c.contactEntries[1]).toEqual({ entryId: 'email:0', label: 'work', type: 'email', uri: r.email });
      else expect(c.contactEntries).toHaveLength(1);
    }
    // Nothing of another tenant: its names and emails are not in the answer.
    const otherEmails = await t.db.kysely
      .selectFrom('extensions')
      .select('email')
      .where('tenant_id', '=', OTHER)
      .where('email', '<>', '')
      .execute();
    for (const o of otherEmails) expect(res.body).not.toContain(o.email);
  });

  it('takes the credentials as a POST form (Acrobits default), as HTTP Basic, with the test-version cloud id', async () => {
    const viaGet = await get(good);
    const viaPost = await post(good);
    expect(viaPost.statusCode, viaPost.body).toBe(200);
    expect(viaPost.body).toBe(viaGet.body);
    const basic = await get({}, { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` });
    expect(basic.statusCode, basic.body).toBe(200);
    expect(basic.body).toBe(viaGet.body);
    const star = await post({ ...good, cloud_id: 'ACME1*' });
    expect(star.statusCode).toBe(200);
  });

  it('takes the activation secret the app holds since its QR, and refuses it once the app is revoked', async () => {
    const user = 'secret.dir@bluebird.example';
    const link = await t.call(
      'linkExtension',
      {
        email: user,
        did: '+15550105',
        pin: '432189',
        password: PASSWORD,
        extension: '105',
        domain: TENANT,
        tenant_id: TENANT,
      },
      { token: admin },
    );
    expect(link.statusCode, link.body).toBe(200);
    const qr = await t.call('authLogin', { username: user, password: PASSWORD, cloud_id: 'ACME1' });
    expect(qr.statusCode, qr.body).toBe(200);
    const secret = parseCscPayload(qr.json().qrValue)!.password!;
    expect(secret).not.toBe(PASSWORD);
    const viaSecret = await post({ cloud_id: 'ACME1', cloud_username: user, cloud_password: secret });
    expect(viaSecret.statusCode, viaSecret.body).toBe(200);
    const ids = viaSecret.json<{ contacts: Contact[] }>().contacts.map((c) => c.contactId);
    expect(ids).toContain('101');
    expect(ids).not.toContain('105');
    const revoked = await t.call('revokeApp', { tenant_id: TENANT, extension: '105' }, { token: admin });
    expect(revoked.statusCode, revoked.body).toBe(200);
    for (const password of [secret, PASSWORD]) {
      const refused = await post({ cloud_id: 'ACME1', cloud_username: user, cloud_password: password });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('forbidden');
    }
  });

  it('dates the directory by its newest change and answers 304 when nothing changed since If-Modified-Since', async () => {
    // Linking, revoking and rotating above dated the directory; start from a known date.
    await t.db.kysely.updateTable('extensions').set({ updated_at: PAST }).where('tenant_id', '=', TENANT).execute();
    const first = await get(good);
    expect(first.headers['last-modified']).toBe('Tue, 02 Jan 2024 03:04:05 GMT');
    const same = await get(good, { 'if-modified-since': first.headers['last-modified'] as string });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers['last-modified']).toBe(first.headers['last-modified']);
    const earlier = await get(good, { 'if-modified-since': 'Tue, 02 Jan 2024 03:04:04 GMT' });
    expect(earlier.statusCode).toBe(200);
    const garbage = await get(good, { 'if-modified-since': 'yesterday-ish' });
    expect(garbage.statusCode).toBe(200);

    // An edit moves the date on.
    const edited = Date.UTC(2024, 5, 1, 12, 0, 0);
    await t.db.kysely
      .updateTable('extensions')
      .set({ updated_at: edited, firstname: 'Renamed' })
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', '102')
      .execute();
    const afterEdit = await get(good, { 'if-modified-since': first.headers['last-modified'] as string });
    expect(afterEdit.statusCode).toBe(200);
    expect(afterEdit.headers['last-modified']).toBe(new Date(edited).toUTCString());
    expect(afterEdit.json<{ contacts: Contact[] }>().contacts.find((c) => c.contactId === '102')?.fname).toBe(
      'Renamed',
    );
    // An edit in another tenant does not.
    await t.db.kysely
      .updateTable('extensions')
      .set({ updated_at: Date.now() })
      .where('tenant_id', '=', OTHER)
      .execute();
    expect((await get(good, { 'if-modified-since': afterEdit.headers['last-modified'] as string })).statusCode).toBe(
      304,
    );
  });

  it('sees a deleted extension although no remaining row is newer (the trigger dates the deletion)', async () => {
    const before = await get(good);
    const lm = before.headers['last-modified'] as string;
    expect(before.json<{ contacts: Contact[] }>().contacts.some((c) => c.contactId === '103')).toBe(true);
    await t.db.kysely.deleteFrom('blf_keys').where('tenant_id', '=', TENANT).execute();
    await t.db.kysely.deleteFrom('extensions').where('tenant_id', '=', TENANT).where('extension', '=', '103').execute();
    const after = await get(good, { 'if-modified-since': lm });
    expect(after.statusCode).toBe(200);
    expect(after.json<{ contacts: Contact[] }>().contacts.some((c) => c.contactId === '103')).toBe(false);
    // The deletion happened in the running second: no date is given until that second is over.
    await new Promise((r) => setTimeout(r, 1100));
    const later = await get(good);
    const stamped = Date.parse(later.headers['last-modified'] as string);
    expect(stamped).toBeGreaterThan(Date.parse(lm));
    expect(Date.now() - stamped).toBeLessThan(10_000);
    expect((await get(good, { 'if-modified-since': later.headers['last-modified'] as string })).statusCode).toBe(304);
  });

  it('refuses wrong credentials with the same 403 as /provision, before any 304 and without a word about the tenant', async () => {
    const prov = await t.app.inject({
      method: 'GET',
      url: `/api/v1/provision?${new URLSearchParams({ ...good, cloud_password: 'wrong-one' }).toString()}`,
      remoteAddress: '10.1.0.9',
    });
    expect(prov.statusCode).toBe(403);
    const provMessage = /<message>([^<]*)<\/message>/.exec(prov.body)?.[1];
    const answers = [
      await get(
        { ...good, cloud_password: 'wrong-one' },
        { 'if-modified-since': new Date().toUTCString() },
        '10.1.0.2',
      ),
      await get({ ...good, cloud_username: 'nobody@nowhere.example' }, {}, '10.1.0.2'),
      await post({ ...good, cloud_id: 'OTHER9' }),
      await get({}, { authorization: `Basic ${Buffer.from(`${USER}:nope`).toString('base64')}` }, '10.1.0.2'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'forbidden', message: provMessage } });
      expect(res.headers['last-modified']).toBeUndefined();
    }
    const es = await t.app.inject({
      method: 'GET',
      url: `/api/v1/directory?${new URLSearchParams({ ...good, cloud_password: 'x' })}`,
      headers: { 'accept-language': 'es' },
      remoteAddress: '10.1.0.3',
    });
    expect(es.json().error.message).toBe('Credenciales no válidas');
    const missing = await get({ cloud_id: 'ACME1', cloud_username: USER }, {}, '10.1.0.4');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('cloud_username and cloud_password are required.');
  });

  it('is throttled like /provision: a parallel burst of guesses gets at most the limit checked, then 429', async () => {
    const victim = 'throttle.dir@bluebird.example';
    const link = await t.call(
      'linkExtension',
      {
        email: victim,
        did: '+15550104',
        pin: '432188',
        password: PASSWORD,
        extension: '104',
        domain: TENANT,
        tenant_id: TENANT,
      },
      { token: admin },
    );
    expect(link.statusCode, link.body).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        get({ cloud_id: 'ACME1', cloud_username: victim, cloud_password: `guess-${i}` }, {}, '10.2.0.1'),
      ),
    );
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 403)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
    const limited = burst.find((r) => r.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The right password from the same address is refused too while the lock holds.
    expect(
      (await get({ cloud_id: 'ACME1', cloud_username: victim, cloud_password: PASSWORD }, {}, '10.2.0.1')).statusCode,
    ).toBe(429);
  });
});
