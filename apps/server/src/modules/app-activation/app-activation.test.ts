import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCscPayload } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, signInRoles } from '../../../test/roles';
import { passwordQueue } from '../../lib/passwords';
import { KEPT_UNTIL } from './activation-secrets';

/**
 * Every scrypt the server runs is one turn of the password queue's thread slots (lib/passwords.ts `derive`):
 * counting the turns proves the fast path. (A spy, not a module mock: the test files of a worker share modules.)
 */
const scryptCalls = { n: 0 };
const queue = passwordQueue as unknown as { run: (fn: () => Promise<unknown>) => Promise<unknown> };
const realRun = queue.run.bind(queue);
beforeAll(() => {
  vi.spyOn(queue, 'run').mockImplementation((fn) => {
    scryptCalls.n++;
    return realRun(fn);
  });
});

let t: TestApp;
let r: RoleTokens;
const TENANT = 'bluebird.example';
const USER = 'ana.act@bluebird.example';
const PASSWORD = 'Act!vat10n(pw)';
const OTHER = 'ben.act@bluebird.example';

const provision = (password: string, username = USER) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/provision?${new URLSearchParams({ cloud_id: 'ACME1', cloud_username: username, cloud_password: password })}`,
    headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
  });
const qrSecret = async (username = USER, password = PASSWORD) => {
  const res = await t.call('authLogin', { username, password, cloud_id: 'ACME1' });
  expect(res.statusCode, res.body).toBe(200);
  const parsed = parseCscPayload(res.json().qrValue);
  expect(parsed).toMatchObject({ cloudId: 'ACME1', username });
  return parsed!.password!;
};
const accountId = async (username: string) =>
  (await t.db.kysely.selectFrom('app_accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;
const sipPassword = async (extension: string) =>
  (
    await t.db.kysely
      .selectFrom('builtin_extensions')
      .select('sip_password')
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', extension)
      .executeTakeFirstOrThrow()
  ).sip_password;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true', CLOUD_ID: 'ACME1', LOGIN_MAX_FAILURES: '3', LOGIN_SLOW_AFTER: '100' });
  r = await signInRoles(t);
  for (const [email, extension, pin] of [
    [USER, '110', '432187'],
    [OTHER, '111', '432188'],
  ] as const) {
    const link = await t.call(
      'linkExtension',
      { email, did: '+15550100', pin, password: PASSWORD, extension, tenant_id: TENANT },
      { token: r.admin },
    );
    expect(link.statusCode, link.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('activation secrets', () => {
  it('puts a fresh high-entropy secret in the QR, never the password, and stores only its SHA-256', async () => {
    const secret = await qrSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(secret).not.toBe(PASSWORD);
    const row = await t.db.kysely
      .selectFrom('app_activations')
      .selectAll()
      .where('app_account_id', '=', await accountId(USER))
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(await qrSecret()).not.toBe(secret);
  });

  it('provisions with the secret without running scrypt, and with the password (scrypt) as before', async () => {
    const secret = await qrSecret();
    const before = scryptCalls.n;
    for (let i = 0; i < 5; i++) {
      const res = await provision(secret);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(`<cloud_username>${USER}</cloud_username>`);
    }
    expect(scryptCalls.n - before).toBe(0);
    const row = await t.db.kysely
      .selectFrom('app_activations')
      .select('first_used_at')
      .where('app_account_id', '=', await accountId(USER))
      .executeTakeFirstOrThrow();
    expect(row.first_used_at).not.toBeNull();
    const withPassword = await provision(PASSWORD);
    expect(withPassword.statusCode, withPassword.body).toBe(200);
    expect(scryptCalls.n - before).toBeGreaterThan(0);
  });

  it('keeps the previous secret for the grace after a rotation, then refuses it with the usual 403', async () => {
    // A fresh start: no phone holds a secret of this account yet (the next test covers one that does).
    await t.db.kysely
      .deleteFrom('app_activations')
      .where('app_account_id', '=', await accountId(USER))
      .execute();
    const first = await qrSecret();
    const second = await qrSecret();
    expect((await provision(first)).statusCode).toBe(200);
    expect((await provision(second)).statusCode).toBe(200);
    // The grace ends.
    await t.db.kysely
      .updateTable('app_activations')
      .set({ previous_until: Date.now() - 1 })
      .where('app_account_id', '=', await accountId(USER))
      .execute();
    const expired = await provision(first);
    expect(expired.statusCode).toBe(403);
    expect(expired.body).toBe((await provision('Wr0ng-password!')).body);
    expect(expired.body).toContain('<message>Invalid Credentials</message>');
    expect((await provision(second)).statusCode).toBe(200);
  });

  it('keeps a secret a phone has used when its user shows the QR again (a second device), until an administrator rotates', async () => {
    const held = await qrSecret();
    expect((await provision(held)).statusCode).toBe(200);
    // The user opens /getQR twice more (another device, or just to look) and scans neither.
    const unscanned = await qrSecret();
    await qrSecret();
    const id = await accountId(USER);
    // Every grace ends: the phone's secret is not one that ends.
    await t.db.kysely
      .updateTable('app_activations')
      .set({ previous_until: Date.now() - 1 })
      .where('app_account_id', '=', id)
      .where('previous_until', '<', KEPT_UNTIL)
      .execute();
    expect((await provision(held)).statusCode).toBe(200);
    expect((await provision(unscanned)).statusCode).toBe(403);
    // A second device scans the newest QR: both phones keep working.
    const second = await qrSecret();
    expect((await provision(second)).statusCode).toBe(200);
    expect((await provision(held)).statusCode).toBe(200);
    // An administrator's rotation ends them after the grace.
    expect(
      (await t.call('rotateActivation', { tenant_id: TENANT, extension: '110' }, { token: r.admin })).statusCode,
    ).toBe(200);
    await t.db.kysely
      .updateTable('app_activations')
      .set({ previous_until: Date.now() - 1 })
      .where('app_account_id', '=', id)
      .execute();
    expect((await provision(second)).statusCode).toBe(403);
    expect((await provision(held)).statusCode).toBe(403);
  });

  it('counts a wrong secret as a failed attempt: 403, then 429 past the limit; the right secret still gets in', async () => {
    const secret = await qrSecret(OTHER);
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (let i = 0; i < 3; i++) expect((await provision(wrong, OTHER)).statusCode).toBe(403);
    const locked = await provision(wrong, OTHER);
    expect(locked.statusCode).toBe(429);
    expect((await provision(PASSWORD, OTHER)).statusCode).toBe(429);
    // A secret is not a guess: a lock-out caused by someone else does not cut off the phones that hold it.
    expect((await provision(secret, OTHER)).statusCode).toBe(200);
    await t.db.kysely.deleteFrom('login_failures').execute();
  });
});

describe('rotateActivation', () => {
  it('issues a new QR (shown, or mailed) and the old secret stops after the grace', async () => {
    const old = await qrSecret();
    const res = await t.call('rotateActivation', { tenant_id: TENANT, extension: '110' }, { token: r.simple });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      emailed: false,
      message: 'A new activation QR code was issued. The previous one stops working in 10 minutes.',
    });
    const fresh = parseCscPayload(res.json().qrValue)!.password!;
    expect((await provision(fresh)).statusCode).toBe(200);
    expect((await provision(old)).statusCode).toBe(200);
    await t.db.kysely
      .updateTable('app_activations')
      .set({ previous_until: Date.now() - 1 })
      .where('app_account_id', '=', await accountId(USER))
      .execute();
    expect((await provision(old)).statusCode).toBe(403);

    const mailed = await t.call(
      'rotateActivation',
      { tenant_id: TENANT, extension: '110', send_email: true },
      { token: r.admin, lang: 'fr' },
    );
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json().message).toBe(
      `Un nouveau code QR d'activation a été envoyé à ${USER}. L'ancien cesse de fonctionner dans 10 minutes.`,
    );
    const mail = await t.db.kysely
      .selectFrom('mail_messages')
      .selectAll()
      .where('to_addr', '=', USER)
      .where('kind', '=', 'qr_code')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Votre code QR du softphone');
    expect(JSON.stringify(mail)).not.toContain(parseCscPayload(mailed.json().qrValue)!.password!);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('after_json')
      .where('entity', '=', 'app_account')
      .where('entity_id', '=', String(await accountId(USER)))
      .execute();
    expect(audit.map((a) => a.after_json).join()).toContain('rotated');
  });

  it('refuses callers outside the tenant, unknown app accounts and bad input, changing nothing', async () => {
    const before = await t.db.kysely.selectFrom('app_activations').selectAll().orderBy('app_account_id').execute();
    expect((await t.call('rotateActivation', { tenant_id: TENANT, extension: '110' })).statusCode).toBe(401);
    expect((await t.call('revokeApp', { tenant_id: TENANT, extension: '110' })).statusCode).toBe(401);
    expect(
      (await t.call('rotateActivation', { tenant_id: 'acme.example', extension: '100' }, { token: r.simple }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call('revokeApp', { tenant_id: 'acme.example', extension: '100' }, { token: r.simple })).statusCode,
    ).toBe(403);
    expect((await t.call('revokeApp', { tenant_id: TENANT, extension: '110' }, { token: r.reseller })).statusCode).toBe(
      403,
    );
    const none = await t.call('revokeApp', { tenant_id: TENANT, extension: '112' }, { token: r.admin, lang: 'es' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('Esta extensión no tiene cuenta de la app.');
    expect(
      (await t.call('revokeApp', { tenant_id: TENANT, extension: 'bad ext' }, { token: r.admin })).statusCode,
    ).toBe(400);
    expect(
      (await t.call('rotateActivation', { tenant_id: TENANT, extension: '110', send_email: 'yes' }, { token: r.admin }))
        .statusCode,
    ).toBe(400);
    expect(await t.db.kysely.selectFrom('app_activations').selectAll().orderBy('app_account_id').execute()).toEqual(
      before,
    );
  });
});

describe('revokeApp', () => {
  it('refuses provisioning at once (secret and password), rotates the SIP password and records an audit entry', async () => {
    const secret = await qrSecret();
    const previous = await qrSecret();
    const secretNow = await qrSecret();
    expect((await provision(secret)).statusCode).toBe(403); // two rotations ago
    expect((await provision(previous)).statusCode).toBe(200);
    const sipBefore = await sipPassword('110');
    const res = await t.call('revokeApp', { tenant_id: TENANT, extension: '110' }, { token: r.simple, lang: 'pt' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, sip_password_changed: true });
    expect(res.json().message).toContain('revogado');
    await t.db.kysely.deleteFrom('login_failures').execute();
    for (const pw of [secretNow, previous, PASSWORD]) {
      const refused = await provision(pw);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('<message>Invalid Credentials</message>');
      expect(refused.body).not.toContain('110');
    }
    expect(await sipPassword('110')).not.toBe(sipBefore);
    // The web pages refuse the revoked app too, so no new QR can be had with the password.
    await t.db.kysely.deleteFrom('login_failures').execute();
    expect((await t.call('authLogin', { username: USER, password: PASSWORD, cloud_id: 'ACME1' })).statusCode).toBe(401);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'app_account')
      .where('entity_id', '=', String(await accountId(USER)))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({ revoked: true, sip_rotated: true });
    expect(audit.actor_name).toBe('simple-r');
    await t.db.kysely.deleteFrom('login_failures').execute();
  });

  it('lets the app in again only through a new activation (rotateActivation)', async () => {
    const res = await t.call('rotateActivation', { tenant_id: TENANT, extension: '110' }, { token: r.admin });
    expect(res.statusCode).toBe(200);
    expect((await provision(parseCscPayload(res.json().qrValue)!.password!)).statusCode).toBe(200);
    expect((await provision(PASSWORD)).statusCode).toBe(200);
  });
});
