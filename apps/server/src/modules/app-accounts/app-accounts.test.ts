import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';
import { startSmtp, waitFor } from '../../../test/smtp';
import { giveAppAccount } from '../../../test/app-account';
import { verifyPassword } from '../../lib/passwords';

let t: TestApp;
let r: RoleTokens;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    SEED_DEMO: 'true',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://portal.example.test',
    CLOUD_ID: 'ACME1',
  });
  r = await signInRoles(t, [await resellerIdByName(t, 'Pioneer Voice')]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PASSWORD = 'Gen3rated!pw(x)';
const link = {
  email: 'Ana.Link@Bluebird.example',
  did: '+15550100',
  pin: '864213',
  password: PASSWORD,
  extension: '110',
  domain: 'bluebird.example',
  tenant_id: 'bluebird.example',
};
const template =
  '<p>Hi {{first_name}} {{last_name}}</p><p><a href="{{link}}">Get your QR</a> {{link}}</p><p>Password: {{password}}</p><script>alert(1)</script>';

describe('linkExtension', () => {
  it('creates the app account (email lowercased, password hashed, must change) and links the extension', async () => {
    const res = await t.call('linkExtension', link, { token: r.simple });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User Successfully Linked!');
    const acct = await t.db.kysely
      .selectFrom('app_accounts')
      .selectAll()
      .where('extension', '=', '110')
      .where('tenant_id', '=', 'bluebird.example')
      .executeTakeFirstOrThrow();
    expect(acct).toMatchObject({
      cloud_id: 'ACME1',
      username: 'ana.link@bluebird.example',
      did: '+15550100',
      must_change_password: 1,
    });
    expect(acct.password_hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, acct.password_hash)).toBe(true);
    const ext = await t.db.kysely
      .selectFrom('extensions')
      .select(['email', 'linked', 'pin'])
      .where('tenant_id', '=', 'bluebird.example')
      .where('extension', '=', '110')
      .executeTakeFirstOrThrow();
    expect(ext).toEqual({ email: 'Ana.Link@Bluebird.example', linked: 1, pin: '864213' });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('entity', '=', 'app_account')
      .execute();
    expect(JSON.stringify(audit)).not.toMatch(/password_hash|Gen3rated/);
    // Linking again updates the same account; the domain alone finds the tenant.
    const { tenant_id: _t, ...byDomain } = link;
    expect(
      (await t.call('linkExtension', { ...byDomain, password: 'An0ther!pass' }, { token: r.admin })).statusCode,
    ).toBe(200);
    expect(
      await t.db.kysely
        .selectFrom('app_accounts')
        .select('id')
        .where('tenant_id', '=', 'bluebird.example')
        .where('extension', '=', '110')
        .execute(),
    ).toHaveLength(1);
  });

  it('refuses missing fields, an unknown extension, another tenant and an email of another account', async () => {
    const missing = await t.call('linkExtension', { ...link, pin: '' }, { token: r.admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('All fields are mandatory to link!');
    expect((await t.call('linkExtension', { ...link, did: undefined }, { token: r.admin })).json().error.message).toBe(
      'All fields are mandatory to link!',
    );
    const es = await t.call('linkExtension', { ...link, password: '' }, { token: r.admin, lang: 'es' });
    expect(es.json().error.message).toBe('¡Todos los campos son obligatorios para vincular!');
    const unknown = await t.call('linkExtension', { ...link, extension: '999' }, { token: r.admin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Extension not selected properly');
    expect(
      (
        await t.call(
          'linkExtension',
          { ...link, tenant_id: 'acme.example', domain: 'acme.example' },
          { token: r.simple },
        )
      ).statusCode,
    ).toBe(403);
    const taken = await t.call(
      'linkExtension',
      { ...link, extension: '111', email: 'ANA.LINK@bluebird.example' },
      { token: r.admin },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('This email already belongs to another app account.');
    expect((await t.call('linkExtension', link)).statusCode).toBe(401);
  });

  it('refuses an email owned in another tenant with a neutral 409, before anything is written to the platform or the portal', async () => {
    const state = async () => ({
      platform: await t.db.kysely
        .selectFrom('builtin_extensions')
        .select(['email'])
        .where('tenant_id', '=', 'acme.example')
        .where('extension', '=', '105')
        .executeTakeFirstOrThrow(),
      portal: await t.db.kysely
        .selectFrom('extensions')
        .select(['email', 'linked', 'pin'])
        .where('tenant_id', '=', 'acme.example')
        .where('extension', '=', '105')
        .executeTakeFirstOrThrow(),
      accounts: await t.db.kysely.selectFrom('app_accounts').selectAll().orderBy('id').execute(),
    });
    const before = await state();
    const res = await t.call(
      'linkExtension',
      {
        ...link,
        extension: '105',
        domain: 'acme.example',
        tenant_id: 'acme.example',
        email: 'ana.link@BLUEBIRD.example',
      },
      { token: r.admin, lang: 'pt' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Este e-mail já pertence a outra conta do app.');
    expect(res.body).not.toMatch(/bluebird|110/i);
    expect(await state()).toEqual(before);
  });

  it('puts the platform email back when a parallel link of the same email wins', async () => {
    const platformEmail = async (extension: string) =>
      (
        await t.db.kysely
          .selectFrom('builtin_extensions')
          .select('email')
          .where('tenant_id', '=', 'acme.example')
          .where('extension', '=', extension)
          .executeTakeFirstOrThrow()
      ).email;
    const before = { '106': await platformEmail('106'), '107': await platformEmail('107') };
    const race = { ...link, domain: 'acme.example', tenant_id: 'acme.example', email: 'race@acme.example' };
    const [a, b] = await Promise.all([
      t.call('linkExtension', { ...race, extension: '106' }, { token: r.admin }),
      t.call('linkExtension', { ...race, extension: '107' }, { token: r.admin }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser] = a.statusCode === 200 ? (['106', '107'] as const) : (['107', '106'] as const);
    expect(await platformEmail(winner)).toBe('race@acme.example');
    expect(await platformEmail(loser)).toBe(before[loser]);
  });

  it('requires a PIN of at least 6 digits for a new link', async () => {
    for (const pin of ['4321', '12345', '12345a', '123 456', 123]) {
      const res = await t.call(
        'linkExtension',
        { ...link, extension: '115', email: 'pin115@bluebird.example', pin },
        { token: r.admin },
      );
      expect(res.statusCode, String(pin)).toBe(400);
      expect(res.json().error.message).toBe('The PIN must have at least 6 digits, digits only.');
    }
    const fr = await t.call(
      'linkExtension',
      { ...link, extension: '115', email: 'pin115@bluebird.example', pin: '4321' },
      { token: r.admin, lang: 'fr' },
    );
    expect(fr.json().error.message).toBe('Le code PIN doit comporter au moins 6 chiffres, uniquement des chiffres.');
    expect(
      await t.db.kysely
        .selectFrom('app_accounts')
        .select('id')
        .where('username', '=', 'pin115@bluebird.example')
        .execute(),
    ).toHaveLength(0);
    expect(
      (
        await t.call(
          'linkExtension',
          { ...link, extension: '115', email: 'pin115@bluebird.example', pin: 975310 },
          { token: r.admin },
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('emailLink', () => {
  it('refuses the cases of spec §5', async () => {
    const base = { recepient: 'ana.link@bluebird.example', subject: 'QR', body: template };
    const cases: [object, string][] = [
      [{ ...base, recepient: '' }, 'To, Subject and Body are mandatory fields to send an email!'],
      [{ ...base, subject: ' ' }, 'To, Subject and Body are mandatory fields to send an email!'],
      [{ ...base, body: '<script>x</script>' }, 'To, Subject and Body are mandatory fields to send an email!'],
      [
        { ...base, recepient: [] },
        'No user with email selected! Please select users first, from checkboxes at the left.',
      ],
      [
        { ...base, recepient: ['a@b.example', ''] },
        'You cannot send QR link to this user as it has no email. Please add it from other portal',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('emailLink', body, { token: r.admin });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await t.call('emailLink', { ...base, tenant_id: 'acme.example' }, { token: r.reseller })).statusCode).toBe(
      403,
    );
  });

  it('sends one message per matching subscriber with placeholders filled, the QR link, and no password; exactly once even when re-run', async () => {
    // Linked with app accounts: the extensions a QR link is sent to (issue #20).
    for (const [tenant, ext] of [
      ['bluebird.example', '112'],
      ['bluebird.example', '113'],
      ['acme.example', '112'],
    ] as const)
      await giveAppAccount(t, tenant, ext, 'twin@bluebird.example');
    await t.db.kysely
      .updateTable('extensions')
      .set({ firstname: 'Tom & <b>Jerry</b>' })
      .where('tenant_id', '=', 'bluebird.example')
      .where('extension', 'in', ['112', '113'])
      .execute();
    const before = smtp.mails.length;
    const res = await t.call(
      'emailLink',
      {
        recepient: ['ana.link@bluebird.example', 'TWIN@bluebird.example', 'nobody@bluebird.example'],
        cc: '',
        subject: 'Your QR, {{first_name}}',
        body: template,
        user_id: 1,
      },
      { token: r.simple },
    );
    expect(res.statusCode).toBe(200);
    const jobId = res.json().job_id;
    await t.deps.jobs.drain();
    await t.deps.mailer.flush();
    const mails = await waitFor(() => (smtp.mails.length >= before + 3 ? smtp.mails.slice(before) : undefined));
    expect(mails).toHaveLength(3);
    // The simple user sees bluebird only: acme's twin got nothing.
    expect(mails.map((m) => m.to[0]!.toLowerCase()).sort()).toEqual([
      'ana.link@bluebird.example',
      'twin@bluebird.example',
      'twin@bluebird.example',
    ]);
    const ana = mails.find((m) => m.to[0]!.toLowerCase() === 'ana.link@bluebird.example')!;
    expect(ana.decoded).toContain(
      'https://portal.example.test/getQR?username=ana.link%40bluebird.example&amp;cloud_id=ACME1',
    );
    expect(ana.decoded).toContain(
      'https://portal.example.test/getQR?username=ana.link%40bluebird.example&cloud_id=ACME1',
    );
    expect(ana.decoded).toContain('Use the password you were given');
    expect(ana.decoded).not.toContain('{{');
    expect(ana.decoded).not.toContain('<script');
    expect(ana.decoded).not.toContain(PASSWORD);
    const twin = mails.find((m) => m.to[0] === 'twin@bluebird.example')!;
    expect(twin.decoded).toContain('Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;');
    const job = (await t.call('jobStatus', { id: jobId }, { token: r.simple })).json();
    expect(job).toMatchObject({
      status: 'done',
      done: 3,
      total: 3,
      failed: 0,
      result: {
        queued: 3,
        skipped_count: 1,
        skipped: [expect.objectContaining({ email: 'nobody@bluebird.example', reason: 'no_subscriber' })],
        failures: [],
      },
    });
    // A crash after sending: the job is left running with an expired lease; it is claimed again and sends nothing twice.
    await t.db.kysely
      .updateTable('jobs')
      .set({
        status: 'running',
        lease_owner: 'dead-worker',
        lease_expires_at: Date.now() - 1,
        checkpoint: null,
        done: 0,
      })
      .where('id', '=', jobId)
      .execute();
    expect(await t.deps.jobs.drain()).toBe(1);
    await t.deps.mailer.flush();
    await new Promise((res) => setTimeout(res, 200));
    expect(smtp.mails.length).toBe(before + 3);
    expect((await t.call('jobStatus', { id: jobId }, { token: r.admin })).json()).toMatchObject({
      status: 'done',
      result: { queued: 3 },
    });
  });
});

describe('reLinkExtensions', () => {
  it('refuses an empty selection and users without email', async () => {
    const none = await t.call('reLinkExtensions', [], { token: r.admin });
    expect(none.json().error.message).toBe('Please select the users first!');
    const noEmail = await t.call(
      'reLinkExtensions',
      [
        { tenant_id: 'bluebird.example', extension: '110', email: 'a@b.example' },
        { tenant_id: 'bluebird.example', extension: '111', email: '' },
      ],
      { token: r.admin },
    );
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error.message).toBe(
      'One of the selected users has no email attached. Please choose users who have valid emails!',
    );
    expect(
      (
        await t.call('reLinkExtensions', [{ tenant_id: 'acme.example', extension: '100', email: 'a@b.example' }], {
          token: r.simple,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('re-creates the accounts with a new password to change, and re-sends their links', async () => {
    const old = await t.db.kysely
      .selectFrom('app_accounts')
      .select('password_hash')
      .where('extension', '=', '110')
      .executeTakeFirstOrThrow();
    const before = smtp.mails.length;
    const res = await t.call(
      'reLinkExtensions',
      [
        { tenant_id: 'bluebird.example', extension: '110', email: 'ana.link@bluebird.example' },
        { tenant_id: 'bluebird.example', extension: '114', email: 'new114@bluebird.example' },
        { tenant_id: 'bluebird.example', extension: '9999', email: 'x@bluebird.example' },
      ],
      { token: r.reseller },
    );
    expect(res.statusCode).toBe(200);
    await t.deps.jobs.drain();
    await t.deps.mailer.flush();
    const mails = await waitFor(() => (smtp.mails.length >= before + 2 ? smtp.mails.slice(before) : undefined));
    expect(mails.map((m) => m.to[0]!.toLowerCase()).sort()).toEqual([
      'ana.link@bluebird.example',
      'new114@bluebird.example',
    ]);
    expect(mails[0]!.decoded).toContain('/getQR?username=');
    const accounts = await t.db.kysely
      .selectFrom('app_accounts')
      .selectAll()
      .where('tenant_id', '=', 'bluebird.example')
      .where('extension', 'in', ['110', '114'])
      .execute();
    expect(accounts).toHaveLength(2);
    expect(accounts.every((a) => a.must_change_password === 1)).toBe(true);
    expect(accounts.find((a) => a.extension === '110')!.password_hash).not.toBe(old.password_hash);
    const job = (await t.call('jobStatus', { id: res.json().job_id }, { token: r.reseller })).json();
    expect(job).toMatchObject({
      status: 'done',
      done: 3,
      total: 3,
      failed: 1,
      result: { relinked: 2, failures: ['Unable to send an email to 9999'] },
    });
  });
});
