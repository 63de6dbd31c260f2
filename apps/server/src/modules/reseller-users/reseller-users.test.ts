import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, expectAdminOnly, resellerIdByName, signInRoles } from '../../../test/roles';

let t: TestApp;
let r: RoleTokens;
let pioneer: number;
let metro: number;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  pioneer = await resellerIdByName(t, 'Pioneer Voice');
  metro = await resellerIdByName(t, 'Metro Unified');
  r = await signInRoles(t, [pioneer]);
});
afterAll(() => t.close());

const call = (name: string, body: unknown, lang?: string) =>
  t.call(name, body, { token: r.admin, ...(lang ? { lang } : {}) });
const countUsers = async () => (await t.db.kysely.selectFrom('reseller_users').select('id').execute()).length;

describe('reseller users', () => {
  it('refuses every call to anonymous callers, simple users and reseller users', async () => {
    await expectAdminOnly(t, 'resellerUserSummary', {}, r);
    await expectAdminOnly(t, 'resellerUserDetail', { id: r.resellerUserId }, r);
    await expectAdminOnly(
      t,
      'createUpdateResellerUser',
      { name: 'X', email: 'x@example.test', password: 'secret-1' },
      r,
    );
    await expectAdminOnly(t, 'deleteResellerUser', { id: r.resellerUserId }, r);
    await expectAdminOnly(t, 'getUsersToResellers', { user_id: r.resellerUserId }, r);
    await expectAdminOnly(t, 'createUpdateResellerUsersJunction', { user_id: r.resellerUserId, reseller_id: metro }, r);
    await expectAdminOnly(t, 'deleteResellerUserJunction', { id: 1 }, r);
  });

  it('creates a reseller user who signs in with their email; edits without a password', async () => {
    const created = await call('createUpdateResellerUser', {
      name: 'Rhea Seller',
      email: 'Rhea@Example.test',
      password: 'rhea-pass-1',
      user_id: 1,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Successfully Updated User Information!');
    const id: number = created.json().id;
    await t.login('rhea@example.test', 'rhea-pass-1');
    const edited = await call('createUpdateResellerUser', {
      id,
      name: 'Rhea S.',
      email: 'rhea@example.test',
      password: '',
    });
    expect(edited.statusCode).toBe(200);
    expect((await call('resellerUserDetail', { id })).json()).toEqual({
      id,
      name: 'Rhea S.',
      email: 'rhea@example.test',
      reseller_name: '',
    });
    const stored = await t.db.kysely
      .selectFrom('reseller_users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
  });

  it('enforces the password and email rules without saving anything', async () => {
    const before = await countUsers();
    const cases: [unknown, number, string][] = [
      [{ name: 'A', email: 'a@example.test' }, 400, 'Password is mandatory to add reseller user!'],
      [
        { name: 'A', email: 'a@example.test', password: '12345' },
        400,
        'Password should be at least 6 characters long!',
      ],
      [{ name: '', email: 'a@example.test', password: 'secret-1' }, 400, 'Fields with * are mandatory!'],
      [{ name: 'A', email: 'not-an-email', password: 'secret-1' }, 400, 'Please enter a valid email address.'],
      [{ name: 'A', email: 'RHEA@example.test', password: 'secret-1' }, 409, 'This email address is already in use.'],
      [{ name: 'A', email: 'admin', password: 'secret-1' }, 400, 'Please enter a valid email address.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('createUpdateResellerUser', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    const es = await call('createUpdateResellerUser', { name: 'A', email: 'a@example.test' }, 'es');
    expect(es.json().error.message).toBe(formatMessage('es', 'resellerUserPasswordRequired'));
    const id = (await call('resellerUserSummary', { search: 'rhea' })).json()[0].id;
    const withPassword = await call('createUpdateResellerUser', {
      id,
      name: 'Rhea',
      email: 'rhea@example.test',
      password: 'new-pass-1',
    });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().error.message).toBe(formatMessage('en', 'passwordOnlyOnCreate'));
    expect(
      (await call('createUpdateResellerUser', { id: 999999, name: 'G', email: 'g@example.test' })).statusCode,
    ).toBe(404);
    expect(await countUsers()).toBe(before);
    await t.login('rhea@example.test', 'rhea-pass-1');
  });

  it('links a user to resellers, lists them comma-joined, refuses duplicates, unlinks', async () => {
    const id = (await call('resellerUserSummary', { search: 'rhea' })).json()[0].id;
    const a = await call('createUpdateResellerUsersJunction', { user_id: id, reseller_id: pioneer });
    expect(a.statusCode).toBe(200);
    await call('createUpdateResellerUsersJunction', { user_id: id, reseller_id: metro });
    const dup = await call('createUpdateResellerUsersJunction', { user_id: id, reseller_id: metro });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('The user is already part of this reseller.');
    const none = await call('createUpdateResellerUsersJunction', { user_id: id });
    expect(none.json().error.message).toBe('Please select the reseller first!');

    const links = (await call('getUsersToResellers', { user_id: id })).json();
    expect(links).toEqual([
      { id: a.json().id, reseller_id: pioneer, name: 'Pioneer Voice' },
      { id: expect.any(Number), reseller_id: metro, name: 'Metro Unified' },
    ]);
    const row = (await call('resellerUserSummary', { search: 'metro unified' })).json();
    expect(row).toEqual([
      { id, name: 'Rhea S.', email: 'rhea@example.test', reseller_name: 'Metro Unified, Pioneer Voice' },
    ]);

    expect((await call('deleteResellerUserJunction', { id: a.json().id })).json()).toEqual({
      ok: true,
      message: 'Record Deleted',
    });
    expect((await call('getUsersToResellers', { user_id: id })).json()).toHaveLength(1);
    expect((await call('deleteResellerUserJunction', { id: a.json().id })).statusCode).toBe(404);
  });

  it('pages and sorts the summary with X-Total-Count', async () => {
    const res = await call('resellerUserSummary', { sort: 'email', order: 'asc', limit: 1, offset: 1 });
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toEqual([
      expect.objectContaining({ email: 'seller-r@example.test', reseller_name: 'Pioneer Voice' }),
    ]);
  });

  it('deletes a reseller user with their links; their sessions end', async () => {
    const { id } = (
      await call('createUpdateResellerUser', { name: 'Gone Soon', email: 'gone@example.test', password: 'gone-pass-1' })
    ).json();
    await call('createUpdateResellerUsersJunction', { user_id: id, reseller_id: metro });
    const session = await t.login('gone@example.test', 'gone-pass-1');
    expect((await t.call('getProfileDetails', {}, { token: session })).statusCode).toBe(200);
    expect((await call('deleteResellerUser', { id })).json()).toEqual({ ok: true, message: 'Record Deleted' });
    expect((await t.call('getProfileDetails', {}, { token: session })).statusCode).toBe(401);
    expect(
      await t.db.kysely.selectFrom('reseller_user_links').selectAll().where('reseller_user_id', '=', id).execute(),
    ).toEqual([]);
    await expect(t.login('gone@example.test', 'gone-pass-1')).rejects.toThrow();
    expect((await call('deleteResellerUser', { id })).statusCode).toBe(404);
  });
});
