import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import { startSmtp, waitFor } from '../../../test/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const USER = 'qr.user@bluebird.example';
const PASSWORD = 'Qr!Passw0rd';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SEED_DEMO: 'true', SMTP_URL: smtp.url, CLOUD_ID: 'ACME1' });
  const admin = await t.login();
  const link = {
    email: USER,
    did: '+15550101',
    pin: '135790',
    password: PASSWORD,
    extension: '102',
    tenant_id: 'bluebird.example',
  };
  expect((await t.call('linkExtension', link, { token: admin })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('authLogin', () => {
  it('returns the domain, the csc: payload and a grant for right credentials', async () => {
    const res = await t.call('authLogin', { username: USER, password: PASSWORD, cloud_id: 'acme1' });
    expect(res.statusCode).toBe(200);
    // The QR carries a fresh activation secret (issue #14), never the user's password.
    expect(res.json()).toMatchObject({
      domain: 'bluebird.example',
      qrValue: expect.stringMatching(/^csc:qr\.user%40bluebird\.example:[A-Za-z0-9_-]{32}@ACME1$/),
    });
    expect(res.json().qrValue).not.toContain('Qr!Passw0rd');
    expect(res.json().grant).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it("answers 'Invalid Password!' for a wrong password, cloud id, user or empty fields", async () => {
    for (const body of [
      { username: USER, password: 'wrong', cloud_id: 'ACME1' },
      { username: USER, password: PASSWORD, cloud_id: 'OTHER' },
      { username: 'no@bluebird.example', password: PASSWORD, cloud_id: 'ACME1' },
      { username: '', password: '', cloud_id: 'ACME1' },
    ]) {
      const res = await t.call('authLogin', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Invalid Password!');
    }
    await t.db.kysely.deleteFrom('login_failures').execute();
  });
});

describe('emailQR', () => {
  it('is refused without a grant, with a forged grant, or for another payload', async () => {
    const ok = (await t.call('authLogin', { username: USER, password: PASSWORD, cloud_id: 'ACME1' })).json();
    const cases = [
      { recepient: 'victim@example.test', qrValue: ok.qrValue },
      { recepient: 'victim@example.test', qrValue: ok.qrValue, grant: `${ok.grant}x` },
      { recepient: 'victim@example.test', qrValue: 'csc:someone:else@ACME1', grant: ok.grant },
    ];
    for (const body of cases) {
      const res = await t.call('emailQR', body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Please enter your password again to email the QR code.');
    }
    expect(
      (await t.call('emailQR', { recepient: 'not-an-email', qrValue: ok.qrValue, grant: ok.grant })).statusCode,
    ).toBe(400);
  });

  it('delivers the QR as an inline PNG with a grant, at most five times an hour', async () => {
    const ok = (await t.call('authLogin', { username: USER, password: PASSWORD, cloud_id: 'ACME1' })).json();
    const before = smtp.mails.length;
    const res = await t.call('emailQR', { recepient: 'me@example.test', qrValue: ok.qrValue, grant: ok.grant });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The email with the QR code is queued for delivery.');
    await t.deps.mailer.flush();
    const mail = await waitFor(() => smtp.mails.slice(before).find((m) => m.to[0] === 'me@example.test'));
    expect(mail.raw).toMatch(/Content-Type: image\/png/);
    expect(mail.raw).toMatch(/Content-ID: <qr-code@provisio>/);
    expect(mail.decoded).toContain('cid:qr-code@provisio');
    const png = mail.raw
      .split(/Content-ID: <qr-code@provisio>\r?\n/)[1]!
      .split(/\r?\n\r?\n/)[1]!
      .split(/\r?\n--/)[0]!;
    expect(Buffer.from(png.replace(/\s+/g, ''), 'base64').subarray(1, 4).toString()).toBe('PNG');
    for (let i = 0; i < 4; i++)
      expect(
        (await t.call('emailQR', { recepient: 'me@example.test', qrValue: ok.qrValue, grant: ok.grant })).statusCode,
      ).toBe(200);
    expect(
      (await t.call('emailQR', { recepient: 'me@example.test', qrValue: ok.qrValue, grant: ok.grant })).statusCode,
    ).toBe(429);
  });

  it("counts against the tenant's hourly mail quota, like the portal's sends", async () => {
    await t.db.kysely.deleteFrom('login_failures').execute();
    const now = Date.now();
    await t.db.kysely
      .insertInto('login_failures')
      .values({
        key: 'mail:tenant:bluebird.example',
        failures: t.deps.config.MAIL_PER_TENANT_HOUR,
        first_at: now,
        last_at: now,
        expires_at: now + 3_600_000,
      })
      .execute();
    const ok = (await t.call('authLogin', { username: USER, password: PASSWORD, cloud_id: 'ACME1' })).json();
    const queued = async () =>
      (await t.db.kysely.selectFrom('mail_messages').select('id').where('kind', '=', 'qr_code').execute()).length;
    const before = await queued();
    const res = await t.call('emailQR', { recepient: 'me@example.test', qrValue: ok.qrValue, grant: ok.grant });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toMatch(/^Too many emails were sent\. Please try again in \d+ minutes\.$/);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await queued()).toBe(before);
    await t.db.kysely.deleteFrom('login_failures').execute();
    expect(
      (await t.call('emailQR', { recepient: 'me@example.test', qrValue: ok.qrValue, grant: ok.grant })).statusCode,
    ).toBe(200);
  });
});
