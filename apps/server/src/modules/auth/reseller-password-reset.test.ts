import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, createResellerUser, startTestApp } from '../../../test/harness';
import { startSmtp, waitFor } from '../../../test/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.test' });
  await createResellerUser(t.db, 'vera@reseller.test', 'Old-pass-1!');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function requestLink(): Promise<string> {
  const count = smtp.mails.length;
  const res = await t.call('forgetPassword', { username: 'Vera@Reseller.test' });
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe(
    'If this username has an account that can reset its password, an email with a reset link is on its way. If none arrives within a few minutes, check the username or ask your administrator.',
  );
  const mail = await waitFor(() => smtp.mails[count]);
  expect(mail.to).toEqual(['vera@reseller.test']);
  const ref = mail.decoded.match(/https:\/\/portal\.example\.test\/resetResellerPassword\?ref=([A-Za-z0-9_-]+)/)?.[1];
  expect(ref).toBeTruthy();
  return ref!;
}

describe('reseller user password reset', () => {
  it('emails a single-use link to the reseller reset page; weak passwords are refused without using it', async () => {
    const session = await t.login('vera@reseller.test', 'Old-pass-1!');
    const ref = await requestLink();

    const short = await t.call('resetResellerPassword', { ref, password: 'Ab1!' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('New Password should be at least 8 characters long!');
    const weak = await t.call('resetResellerPassword', { ref, password: 'alllowercase1' }, { lang: 'fr' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toEqual({ code: 'weak_password', message: formatMessage('fr', 'passwordWeak') });
    // The admin reset call does not accept a reseller link.
    expect((await t.call('resetPassword', { ref, password: 'Strong-pass-2!' })).json().error.code).toBe(
      'reset_link_invalid',
    );

    const ok = await t.call('resetResellerPassword', { ref, password: 'Strong-pass-2!' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, message: 'Password has been reset successfully!' });
    expect((await t.call('getProfileDetails', {}, { token: session })).statusCode).toBe(401);
    await expect(t.login('vera@reseller.test', 'Old-pass-1!')).rejects.toThrow();
    await t.login('vera@reseller.test', 'Strong-pass-2!');

    const again = await t.call('resetResellerPassword', { ref, password: 'Another-pass-3!' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('reset_link_used');
    await t.login('vera@reseller.test', 'Strong-pass-2!');
  });

  it('is public and validates its body', async () => {
    expect((await t.call('resetResellerPassword', { ref: '', password: 'Strong-pass-2!' })).statusCode).toBe(400);
    expect(
      (await t.call('resetResellerPassword', { ref: 'made-up', password: 'Strong-pass-2!' })).json().error.code,
    ).toBe('reset_link_invalid');
  });
});
