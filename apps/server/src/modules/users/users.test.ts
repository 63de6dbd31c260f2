import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, createUser, startTestApp } from '../../../test/harness';
import { type RoleTokens, expectAdminOnly, signInRoles } from '../../../test/roles';
import { deleteUser, saveUser } from './users.service';

let t: TestApp;
let r: RoleTokens;
let adminId: number;
beforeAll(async () => {
  t = await startTestApp();
  r = await signInRoles(t);
  adminId = (
    await t.db.kysely.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const call = (name: string, body: unknown, lang?: string) =>
  t.call(name, body, { token: r.admin, ...(lang ? { lang } : {}) });
const newUser = {
  name: 'Nora Ops',
  email: 'Nora@Example.test',
  username: 'Nora.Ops',
  password: 'nora-pass-1',
  user_type: 'simple user',
  active: true,
  company: 'acme.example',
  subscriber_id: 'S-1',
};
const countUsers = async () => (await t.db.kysely.selectFrom('users').select('id').execute()).length;

describe('portal users', () => {
  it('refuses every call to anonymous callers, simple users and reseller users', async () => {
    await expectAdminOnly(t, 'userSummary', {}, r);
    await expectAdminOnly(t, 'userDetail', { id: adminId }, r);
    await expectAdminOnly(t, 'createUpdateUser', newUser, r);
    await expectAdminOnly(t, 'deleteUserDetail', { id: adminId }, r);
  });

  it('creates, reads, lists and edits a user', async () => {
    const created = await call('createUpdateUser', { ...newUser, user_id: adminId, cloud_id: 'DEMO' });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Successfully Updated User Information!');
    const id: number = created.json().id;
    const detail = (await call('userDetail', { id })).json();
    expect(detail).toEqual({
      id,
      name: 'Nora Ops',
      username: 'nora.ops',
      email: 'nora@example.test',
      user_type: 'simple user',
      active: true,
      company: 'acme.example',
      company_name: null,
      subscriber_id: 'S-1',
    });
    await t.login('nora.ops', 'nora-pass-1');
    // The list names the company's tenant (issue #20: it showed the tenant id only); no such tenant here yet: null.
    const now = Date.now();
    await t.db.kysely
      .insertInto('tenants')
      .values({
        tid: 'acme.example',
        tname: 'Acme Logistics',
        mobile_app_allowed: 0,
        desktop_app_allowed: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await call('userSummary', { search: 'nora.ops' })).json()).toEqual([
      expect.objectContaining({ id, company: 'acme.example', company_name: 'Acme Logistics' }),
    ]);

    const edited = await call('createUpdateUser', {
      ...newUser,
      id,
      password: undefined,
      user_type: 'admin',
      company: '',
    });
    expect(edited.statusCode).toBe(200);
    expect((await call('userDetail', { id })).json()).toMatchObject({ user_type: 'admin', company: '' });
    const list = await call('userSummary', { search: 'NORA', sort: 'username' });
    expect(list.json()).toEqual([expect.objectContaining({ id, active: true })]);
    expect(list.headers['x-total-count']).toBe('1');
  });

  it('enforces the rules without saving anything, in the caller language', async () => {
    const before = await countUsers();
    const cases: [object, number, string][] = [
      [{ password: undefined }, 400, 'Password is mandatory to add user!'],
      [{ password: '12345' }, 400, 'Password should be at least 6 characters long!'],
      [{ username: 'nora.ops' }, 409, 'This username is already in use.'],
      [{ username: 'seller-r@example.test' }, 409, 'This username is already in use.'],
      [{ username: 'bad name' }, 400, 'A username may contain only letters, digits and . _ @ -'],
      [{ name: ' ' }, 400, 'Fields with * are mandatory!'],
      [{ email: 'nope' }, 400, 'Please enter a valid email address.'],
    ];
    for (const [change, status, message] of cases) {
      const res = await call('createUpdateUser', { ...newUser, username: 'fresh', ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    const fr = await call('createUpdateUser', { ...newUser, username: 'fresh', password: '' }, 'fr');
    expect(fr.json().error.message).toBe(formatMessage('fr', 'userPasswordRequired'));
    const id = (await call('userSummary', { search: 'nora.ops' })).json()[0].id;
    const pw = await call('createUpdateUser', { ...newUser, id });
    expect(pw.statusCode).toBe(400);
    expect(pw.json().error.message).toBe(formatMessage('en', 'passwordOnlyOnCreate'));
    expect(await countUsers()).toBe(before);
  });

  it('keeps an admin from deactivating, demoting or deleting themselves', async () => {
    const self = {
      ...newUser,
      id: adminId,
      username: 'admin',
      name: 'Administrator',
      email: 'admin@example.test',
      password: undefined,
      company: '',
    };
    const off = await call('createUpdateUser', { ...self, user_type: 'admin', active: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().error.message).toBe('You cannot deactivate your own account or remove your own admin rights.');
    expect((await call('createUpdateUser', { ...self, user_type: 'simple user', active: true })).statusCode).toBe(400);
    const del = await call('deleteUserDetail', { id: adminId }, 'es');
    expect(del.statusCode).toBe(400);
    expect(del.json().error.message).toBe(formatMessage('es', 'cannotDeleteSelf'));
    expect((await call('userDetail', { id: adminId })).json()).toMatchObject({ user_type: 'admin', active: true });
  });

  it('ends the sessions of a user made inactive; they cannot sign in', async () => {
    const id = await createUser(t.db, { username: 'ivan', password: 'ivan-pass-1' });
    const session = await t.login('ivan', 'ivan-pass-1');
    const body = { ...newUser, id, username: 'ivan', email: 'ivan@example.test', password: undefined, active: false };
    expect((await call('createUpdateUser', body)).statusCode).toBe(200);
    expect((await t.call('getProfileDetails', {}, { token: session })).statusCode).toBe(401);
    await expect(t.login('ivan', 'ivan-pass-1')).rejects.toThrow();
    const revoked = await t.db.kysely
      .selectFrom('sessions')
      .select('revoked_at')
      .where('principal_id', '=', id)
      .where('principal_type', '=', 'user')
      .execute();
    expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);
  });

  it('deletes a user: sessions end and their picture goes', async () => {
    const id = await createUser(t.db, { username: 'dora', password: 'dora-pass-1' });
    const session = await t.login('dora', 'dora-pass-1');
    const now = Date.now();
    await t.db.kysely
      .insertInto('files')
      .values({
        id: 'f'.repeat(32),
        content_type: 'image/png',
        size: 1,
        sha256: 'x',
        data: Buffer.from('x'),
        created_at: now,
      })
      .execute();
    await t.db.kysely
      .updateTable('users')
      .set({ picture_url: `/api/v1/files/${'f'.repeat(32)}` })
      .where('id', '=', id)
      .execute();
    const del = await call('deleteUserDetail', { id });
    expect(del.json()).toEqual({ ok: true, message: 'Record Deleted' });
    expect((await t.call('getProfileDetails', {}, { token: session })).statusCode).toBe(401);
    expect(await t.db.kysely.selectFrom('files').selectAll().execute()).toEqual([]);
    expect((await call('userDetail', { id })).statusCode).toBe(404);
    expect((await call('deleteUserDetail', { id })).statusCode).toBe(404);
  });

  it('a second admin can be demoted while another active admin remains', async () => {
    const id = await createUser(t.db, { username: 'ada', password: 'ada-pass-1', user_type: 'admin' });
    const res = await call('createUpdateUser', {
      ...newUser,
      id,
      username: 'ada',
      email: 'ada@example.test',
      password: undefined,
      user_type: 'simple user',
    });
    expect(res.statusCode).toBe(200);
  });

  it('never removes, demotes or deactivates the last active admin (checked in the service, whoever asks)', async () => {
    await t.db.kysely
      .updateTable('users')
      .set({ active: 0 })
      .where('user_type', '=', 'admin')
      .where('id', '!=', adminId)
      .execute();
    // An actor other than the admin themselves, so only the last-admin rule can refuse.
    const actor = {
      caller: {
        kind: 'user' as const,
        id: -1,
        role: 'admin' as const,
        name: 'System',
        username: 'system',
        email: '',
        pictureUrl: null,
        company: '',
        sessionId: 0,
      },
      ip: '127.0.0.1',
    };
    await expect(deleteUser(t.deps, actor, adminId)).rejects.toMatchObject({ messageKey: 'lastAdmin', status: 409 });
    const body = {
      id: adminId,
      name: 'Administrator',
      email: 'admin@example.test',
      username: 'admin',
      user_type: 'admin' as const,
      active: false,
      company: '',
      subscriber_id: '',
    };
    await expect(saveUser(t.deps, actor, body)).rejects.toMatchObject({ messageKey: 'lastAdmin' });
    await expect(saveUser(t.deps, actor, { ...body, active: true, user_type: 'simple user' })).rejects.toMatchObject({
      messageKey: 'lastAdmin',
    });
    expect((await call('userDetail', { id: adminId })).json()).toMatchObject({ user_type: 'admin', active: true });
  });
});
