import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCscPayload } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { startSmtp, waitFor } from '../../../test/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
const USER = 'Ana.App@Bluebird.example';
const FIRST = 'Given!pw1';
const STRONG = 'N3w!Passw0rd';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    SEED_DEMO: 'true',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://portal.example.test',
    CLOUD_ID: 'ACME1',
    LOGIN_MAX_FAILURES: '4',
    LOGIN_SLOW_AFTER: '100',
  });
  admin = await t.login();
  const link = {
    email: USER,
    did: '+15550100',
    pin: '864213',
    password: FIRST,
    extension: '101',
    tenant_id: 'bluebird.example',
  };
  expect((await t.call('linkExtension', link, { token: admin })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function resetLinkFor(to: string, before: number): Promise<string> {
  await t.deps.mailer.flush();
  const mail = await waitFor(() => smtp.mails.slice(before).find((m) => m.to[0] === to));
  return mail.decoded.match(/\/resetAppPassword\?ref=([A-Za-z0-9_-]+)/)![1]!;
}

describe('appLogin and changeAppPassword', () => {
  it('answers 202 for an account that must change its password, then 200 with the hand-off link after the change', async () => {
    const forced = await t.call('appLogin', { username: ' ana.app@bluebird.example ', password: b64(FIRST) });
    expect(forced.statusCode).toBe(202);
    expect(forced.json()).toMatchObject({ username: 'ana.app@bluebird.example', must_change_password: true });
    expect(forced.json().app_token).toBeUndefined();

    const weak = await t.call('changeAppPassword', {
      username: 'ana.app@bluebird.example',
      old_password: FIRST,
      new_password: 'weakpassword',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe('Password is weak');
    const short = await t.call(
      'changeAppPassword',
      { username: 'ana.app@bluebird.example', old_password: FIRST, new_password: 'A1!a' },
      { lang: 'fr' },
    );
    expect(short.json().error.message).toBe('Le nouveau mot de passe doit comporter au moins 8 caractères !');
    const wrongOld = await t.call('changeAppPassword', {
      username: 'ana.app@bluebird.example',
      old_password: 'nope',
      new_password: STRONG,
    });
    expect(wrongOld.statusCode).toBe(401);
    expect(wrongOld.json().error.message).toBe('Wrong Password');
    const ok = await t.call('changeAppPassword', {
      username: 'ANA.APP@bluebird.example',
      old_password: FIRST,
      new_password: STRONG,
    });
    expect(ok.statusCode).toBe(200);

    const res = await t.call('appLogin', { username: USER, password: b64(STRONG) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.username).toBe('ana.app@bluebird.example');
    expect(body.app_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The link carries an activation secret (issue #14), never the password, and the app provisions with it.
    const handOff = parseCscPayload(body.link);
    expect(handOff).toMatchObject({ cloudId: 'ACME1', username: 'ana.app@bluebird.example' });
    expect(handOff!.password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.link).not.toContain(b64(STRONG));
    const q = new URLSearchParams({
      cloud_id: 'ACME1',
      cloud_username: handOff!.username!,
      cloud_password: handOff!.password!,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/provision?${q}` })).statusCode).toBe(200);
    expect((await t.call('appLogin', { username: USER, password: b64(FIRST) })).statusCode).toBe(401);
  });

  it('gives the same 401 for unknown, wrong, not-base64 and unlinked accounts, and 429 past the limit', async () => {
    for (const body of [
      { username: 'nobody@bluebird.example', password: b64(STRONG) },
      { username: USER, password: b64('Wrong!pw1') },
      { username: USER, password: STRONG },
      { username: 'ANA.app@bluebird.example', password: '' },
    ]) {
      const res = await t.call('appLogin', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Invalid Credentials');
    }
    const blocked = await t.call('appLogin', { username: USER, password: b64(STRONG) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    await t.db.kysely.deleteFrom('login_failures').execute();
    // An extension un-linked by an admin can no longer sign in.
    await t.db.kysely
      .updateTable('extensions')
      .set({ linked: 0 })
      .where('tenant_id', '=', 'bluebird.example')
      .where('extension', '=', '101')
      .execute();
    expect((await t.call('appLogin', { username: USER, password: b64(STRONG) })).statusCode).toBe(401);
    await t.db.kysely
      .updateTable('extensions')
      .set({ linked: 1 })
      .where('tenant_id', '=', 'bluebird.example')
      .where('extension', '=', '101')
      .execute();
    await t.db.kysely.deleteFrom('login_failures').execute();
  });
});

describe('forgetAppPassword and resetAppPassword', () => {
  it('emails a single-use link, refuses weak passwords without using it, and refuses reuse', async () => {
    const unknown = await t.call('forgetAppPassword', { username: 'ghost@bluebird.example' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe(
      'If this username has an account that can reset its password, an email with a reset link is on its way. If none arrives within a few minutes, check the username or ask your administrator.',
    );
    const before = smtp.mails.length;
    const res = await t.call('forgetAppPassword', { username: 'Ana.App@bluebird.example' });
    expect(res.json().message).toBe(
      'If this username has an account that can reset its password, an email with a reset link is on its way. If none arrives within a few minutes, check the username or ask your administrator.',
    );
    const ref = await resetLinkFor('ana.app@bluebird.example', before);
    expect(smtp.mails.slice(before).find((m) => m.to[0] === 'ana.app@bluebird.example')!.decoded).toContain(
      'https://portal.example.test/resetAppPassword?ref=',
    );
    expect(smtp.mails.slice(before).some((m) => m.to[0] === 'ghost@bluebird.example')).toBe(false);

    const weak = await t.call('resetAppPassword', { ref, password: 'alllowercase1' });
    expect(weak.json().error.message).toBe('Password is weak');
    const done = await t.call('resetAppPassword', { ref, password: 'R3set!Passw0rd' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Password has been reset successfully!');
    const again = await t.call('resetAppPassword', { ref, password: 'R3set!Passw0rd2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This reset link has already been used. Please ask for a new one.');
    expect((await t.call('appLogin', { username: USER, password: b64('R3set!Passw0rd') })).statusCode).toBe(200);
    expect((await t.call('forgetAppPassword', { username: '' })).json().error.message).toBe(
      'Username is mandatory to reset Password',
    );
  });

  it('refuses an expired link and an unknown one; resetAuthPassword is the same request', async () => {
    const before = smtp.mails.length;
    expect((await t.call('resetAuthPassword', { username: USER })).json().message).toBe(
      'If this username has an account that can reset its password, an email with a reset link is on its way. If none arrives within a few minutes, check the username or ask your administrator.',
    );
    const ref = await resetLinkFor('ana.app@bluebird.example', before);
    await t.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1 })
      .where('principal_type', '=', 'app_account')
      .where('used_at', 'is', null)
      .execute();
    const expired = await t.call('resetAppPassword', { ref, password: 'R3set!Passw0rd' });
    expect(expired.json().error.message).toBe('This reset link has expired. Please ask for a new one.');
    expect(
      (await t.call('resetAppPassword', { ref: 'made-up', password: 'R3set!Passw0rd' })).json().error.message,
    ).toBe('This reset link is not valid. Please ask for a new one.');
  });

  it('limits reset requests per username', async () => {
    const name = 'flood@bluebird.example';
    for (let i = 0; i < 5; i++) expect((await t.call('forgetAppPassword', { username: name })).statusCode).toBe(200);
    expect((await t.call('forgetAppPassword', { username: name })).statusCode).toBe(429);
  });
});

describe('userInformation', () => {
  it("returns the account's extension for right credentials and 401 otherwise", async () => {
    const res = await t.call('userInformation', { cloud_username: USER, cloud_password: 'R3set!Passw0rd' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ admin: false, extension: '101', pin: '864213', tenant_id: 'bluebird.example' });
    expect(res.json().app_token).toBeTruthy();
    expect((await t.call('userInformation', { cloud_username: USER, cloud_password: 'wrong' })).statusCode).toBe(401);
    expect(
      (await t.call('userInformation', { cloud_username: 'x@y.example', cloud_password: 'R3set!Passw0rd' })).statusCode,
    ).toBe(401);
  });
});
