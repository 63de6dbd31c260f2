import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createResellerUser, createUser, startTestApp } from '../../../test/harness';

// Issue #13 (low): a simple user put a reseller user's address in his own profile, and forgetPassword for that
// address then mailed the reseller user a link to the simple user's account (the first match won).
let t: TestApp;
let admin: string;
let simple: string;
beforeAll(async () => {
  t = await startTestApp();
  await createUser(t.db, {
    username: 'sam',
    password: 'sam-pass-1',
    email: 'sam@example.test',
    company: 'acme.example',
  });
  await createUser(t.db, {
    username: 'ola',
    password: 'ola-pass-1',
    email: 'ola@example.test',
    company: 'acme.example',
  });
  await createResellerUser(t.db, 'rita@seller.example', 'rita-pass-1');
  admin = await t.login();
  simple = await t.login('sam', 'sam-pass-1');
});
afterAll(() => t.close());

function profileForm(fields: Record<string, string>) {
  const boundary = '----provisio' + Math.random().toString(16).slice(2);
  const body =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/updateProfile',
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token: simple, 'accept-language': 'es' },
  });
}
const emailOf = async (username: string) =>
  (await t.db.kysely.selectFrom('users').select('email').where('username', '=', username).executeTakeFirstOrThrow())
    .email;
const resets = () =>
  t.db.kysely.selectFrom('password_resets').select(['principal_type', 'principal_id']).orderBy('id').execute();
const outbox = () =>
  t.db.kysely
    .selectFrom('mail_messages')
    .select(['to_addr', 'text_body'])
    .where('kind', '=', 'password_reset')
    .orderBy('id')
    .execute();

describe('an email address belongs to one account', () => {
  it("refuses a profile email that is a reseller user's or another portal user's address (409), changing nothing", async () => {
    for (const email of ['RITA@seller.example', 'ola@example.test']) {
      const res = await profileForm({ type: 'text', name: 'Sam', email, phone_number: '' });
      expect(res.statusCode, email).toBe(409);
      expect(res.json().error.message).toBe('Esta dirección de correo ya está en uso.');
    }
    expect(await emailOf('sam')).toBe('sam@example.test');
    expect(
      (await profileForm({ type: 'text', name: 'Sam', email: 'SAM@example.test', phone_number: '' })).statusCode,
    ).toBe(200);
  });

  it('refuses the same on user and reseller user saves', async () => {
    const user = {
      name: 'Nia',
      username: 'nia',
      password: 'nia-pass-1',
      user_type: 'simple user',
      active: true,
      company: 'acme.example',
      subscriber_id: '',
    };
    const taken = await t.call('createUpdateUser', { ...user, email: 'rita@seller.example' }, { token: admin });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('This email address is already in use.');
    expect(
      (await t.call('createUpdateUser', { ...user, email: 'Ola@example.test' }, { token: admin })).statusCode,
    ).toBe(409);
    expect(await t.db.kysely.selectFrom('users').select('id').where('username', '=', 'nia').execute()).toHaveLength(0);
    const reseller = await t.call(
      'createUpdateResellerUser',
      { name: 'Sam again', email: 'sam@EXAMPLE.test', password: 'seller-pass-2' },
      { token: admin },
    );
    expect(reseller.statusCode).toBe(409);
    expect(
      await t.db.kysely.selectFrom('reseller_users').select('id').where('email', '=', 'sam@EXAMPLE.test').execute(),
    ).toHaveLength(0);
  });

  it("sends a reseller user's reset link for their address even when an older portal user row shares it", async () => {
    // Rows from before the rule: the portal user's copy of the address must not win.
    await createUser(t.db, {
      username: 'legacy',
      password: 'legacy-pass-1',
      email: 'Rita@Seller.example',
      company: 'acme.example',
    });
    const rita = await t.db.kysely
      .selectFrom('reseller_users')
      .select('id')
      .where('email', '=', 'rita@seller.example')
      .executeTakeFirstOrThrow();
    expect((await t.call('forgetPassword', { username: 'rita@seller.example' })).statusCode).toBe(200);
    expect(await resets()).toEqual([{ principal_type: 'reseller_user', principal_id: rita.id }]);
    const mails = await outbox();
    expect(mails.at(-1)!.to_addr).toBe('rita@seller.example');
    expect(mails.at(-1)!.text_body).toContain('/resetResellerPassword?ref=');
  });

  it('sends at most five reset mails an hour to one address, however the account is named', async () => {
    const before = (await outbox()).length;
    for (let i = 0; i < 6; i++) {
      await t.call('forgetPassword', { username: 'ola' });
      await t.call('forgetPassword', { username: 'OLA@example.test' });
    }
    const sent = (await outbox()).slice(before);
    expect(sent.every((m) => m.to_addr === 'ola@example.test')).toBe(true);
    expect(sent).toHaveLength(5);
  });
});
