import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type TestApp, createResellerUser, createUser, startTestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES: '4', LOGIN_SLOW_AFTER: '3' });
});
afterAll(() => t.close());

const countSessions = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('health', () => {
  it('answers 200 with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite' });
  });
});

describe('adminLogin', () => {
  it('signs the admin in and the token identifies them', async () => {
    const res = await t.call('adminLogin', { cloud_id: 'demo', user: 'Admin', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Administrator', user_type: 'admin', username: 'admin', url: null });
    expect(body.Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { token: body.Token } });
    expect(me.json()).toMatchObject({ username: 'admin', user_type: 'admin', cloud_id: 'DEMO' });
    // Only a hash of the token is stored.
    const stored = await t.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(body.Token);
  });

  it('gives one answer for a wrong password, an unknown user, a wrong cloud and an inactive account', async () => {
    await createUser(t.db, { username: 'sleeper', password: 'sleeper-pass', active: false });
    const attempts = [
      { cloud_id: 'DEMO', user: 'nobody', password: 'whatever' },
      { cloud_id: 'OTHER', user: 'admin', password: ADMIN_PASSWORD },
      { cloud_id: 'DEMO', user: 'sleeper', password: 'sleeper-pass' },
    ];
    const before = await countSessions();
    for (const body of attempts) {
      const res = await t.call('adminLogin', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid Credentials' } });
    }
    const es = await t.call(
      'adminLogin',
      { cloud_id: 'DEMO', user: 'nobody2', password: 'x' },
      { lang: 'es-ES,es;q=0.9' },
    );
    expect(es.json().error.message).toBe('Credenciales no válidas');
    expect(await countSessions()).toBe(before);
  });

  it('refuses bad input with a 4xx in the caller language and creates no session', async () => {
    const before = await countSessions();
    const missing = await t.call('adminLogin', { cloud_id: 'DEMO' }, { lang: 'fr' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('validation_failed');
    expect(
      missing
        .json()
        .error.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['password', 'user']);
    expect(missing.json().error.fields[0].message).toMatch(/obligatoire/);
    const wrongType = await t.call('adminLogin', { cloud_id: 'DEMO', user: 42, password: ['x'] });
    expect(wrongType.statusCode).toBe(400);
    const extra = await t.call('adminLogin', {
      cloud_id: 'DEMO',
      user: 'admin',
      password: ADMIN_PASSWORD,
      admin: true,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields[0].message).toBe('admin is not an accepted field.');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adminLogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"user":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('malformed_json');
    const huge = await t.call('adminLogin', { cloud_id: 'DEMO', user: 'admin', password: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adminLogin',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(415);
    expect(await countSessions()).toBe(before);
  });

  it('slows and then refuses repeated failures for one username, even with the right password', async () => {
    await createUser(t.db, { username: 'target', password: 'target-pass' });
    const bad = { cloud_id: 'DEMO', user: 'target', password: 'wrong' };
    for (let i = 0; i < 4; i++) expect((await t.call('adminLogin', bad)).statusCode).toBe(401);
    const started = Date.now();
    const blocked = await t.call('adminLogin', { ...bad, password: 'target-pass' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('too_many_attempts');
    expect(blocked.json().error.message).toMatch(
      /Too many failed sign-in attempts\. Please try again in \d+ minutes\./,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(2000);
    // Another account is not affected.
    expect((await t.call('adminLogin', { cloud_id: 'DEMO', user: 'admin', password: ADMIN_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('sessions', () => {
  it('refuses calls without a token, with an unknown token, after log out and after idle expiry', async () => {
    const none = await t.call('getProfileDetails', {});
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('not_signed_in');
    expect((await t.call('getProfileDetails', {}, { token: 'nope' })).statusCode).toBe(401);

    const token = await t.login();
    expect((await t.call('getProfileDetails', {}, { token })).statusCode).toBe(200);
    const out = await t.call('logout', undefined, { token });
    expect(out.statusCode).toBe(200);
    expect((await t.call('getProfileDetails', {}, { token })).statusCode).toBe(401);

    const idle = await t.login();
    const thirteenHoursAgo = Date.now() - 13 * 3_600_000;
    await t.db.kysely
      .updateTable('sessions')
      .set({ last_used_at: thirteenHoursAgo })
      .where('revoked_at', 'is', null)
      .execute();
    expect((await t.call('getProfileDetails', {}, { token: idle })).statusCode).toBe(401);
  });

  it('ends the sessions of a user who is made inactive', async () => {
    const id = await createUser(t.db, { username: 'leaver', password: 'leaver-pass' });
    const token = await t.login('leaver', 'leaver-pass');
    expect((await t.call('getProfileDetails', {}, { token })).statusCode).toBe(200);
    await t.db.kysely.updateTable('users').set({ active: 0 }).where('id', '=', id).execute();
    expect((await t.call('getProfileDetails', {}, { token })).statusCode).toBe(401);
    await t.db.kysely.updateTable('users').set({ active: 1 }).where('id', '=', id).execute();
    expect((await t.call('getProfileDetails', {}, { token })).statusCode).toBe(401);
  });

  it('lets a reseller user sign in with their email', async () => {
    await createResellerUser(t.db, 'partner@example.test', 'partner-pass');
    const res = await t.call('adminLogin', {
      cloud_id: 'DEMO',
      user: 'Partner@Example.test',
      password: 'partner-pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_type: 'reseller user', username: 'partner@example.test' });
  });
});

describe('roles', () => {
  it('answers 403 to a simple user and a reseller user on an admin-only call, 200 to an admin', async () => {
    await createUser(t.db, { username: 'simple', password: 'simple-pass' });
    await createResellerUser(t.db, 'rs@example.test', 'rs-pass-1');
    for (const [user, pass] of [
      ['simple', 'simple-pass'],
      ['rs@example.test', 'rs-pass-1'],
    ] as const) {
      const token = await t.login(user, pass);
      const res = await t.call('mailLog', {}, { token, lang: 'pt' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'Você não tem permissão para fazer isso.' } });
    }
    const admin = await t.login();
    expect((await t.call('mailLog', {}, { token: admin })).statusCode).toBe(200);
  });

  it('ignores a user_id in the body: identity comes from the session', async () => {
    const simpleId = await createUser(t.db, { username: 'echo', password: 'echo-pass-1' });
    const token = await t.login('echo', 'echo-pass-1');
    const res = await t.call('getProfileDetails', { user_id: 1, cloud_id: 'DEMO' }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(simpleId);
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const res = await t.call('noSuchCall', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('openapi', () => {
  it('documents the calls from the same schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/adminLogin', '/api/v1/resetPassword', '/api/v1/updateProfile']),
    );
    expect(doc.paths['/api/v1/adminLogin'].post.requestBody.content['application/json'].schema.required).toEqual([
      'cloud_id',
      'user',
      'password',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });
});
