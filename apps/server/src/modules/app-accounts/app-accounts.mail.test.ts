import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createUser, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';
import { startSmtp } from '../../../test/smtp';
import { giveAppAccount } from '../../../test/app-account';

// Issue #13 finding 2 (mail to any address, no quota) and the low item "delivered mail keeps secrets".
let t: TestApp;
let r: RoleTokens;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const CALLER_QUOTA = 10;
const TENANT_QUOTA = 16;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    SEED_DEMO: 'true',
    SMTP_URL: smtp.url,
    MAIL_PER_CALLER_HOUR: String(CALLER_QUOTA),
    MAIL_PER_TENANT_HOUR: String(TENANT_QUOTA),
  });
  r = await signInRoles(t, [await resellerIdByName(t, 'Pioneer Voice')]);
  // Linked with an app account: the extensions a QR link is sent to (issue #20).
  const ext = (tenant: string, extension: string, email: string) => giveAppAccount(t, tenant, extension, email);
  await ext('bluebird.example', '110', 'sub110@bluebird.example');
  await ext('bluebird.example', '111', 'sub111@bluebird.example');
  await ext('bluebird.example', '112', 'sub112@bluebird.example');
  await ext('acme.example', '100', 'sub100@acme.example');
  await createUser(t.db, {
    username: 'blue-colleague',
    password: 'colleague-1',
    company: 'bluebird.example',
    email: 'colleague@bluebird.example',
  });
  await createUser(t.db, {
    username: 'acme-boss',
    password: 'acme-boss-1',
    company: 'acme.example',
    email: 'boss@acme.example',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
// Each test starts with fresh quotas unless it says otherwise.
beforeEach(async () => {
  await t.db.kysely.deleteFrom('login_failures').where('key', 'like', 'mail:%').execute();
});

const send = {
  recepient: 'sub110@bluebird.example',
  subject: 'Your QR',
  body: '<p>Hi {{first_name}}: {{link}}</p>',
  tenant_id: 'bluebird.example',
};
const jobCount = async () =>
  (await t.db.kysely.selectFrom('jobs').select('id').where('type', '=', 'app-accounts.email-links').execute()).length;
const outbox = () =>
  t.db.kysely.selectFrom('mail_messages').selectAll().where('kind', '=', 'qr_link').orderBy('id').execute();

describe('emailLink cc', () => {
  it('refuses a cc outside the caller scope, an invalid cc and too many, naming the address, and queues nothing', async () => {
    const jobs = await jobCount();
    const outside = await t.call(
      'emailLink',
      { ...send, cc: 'colleague@bluebird.example; victim@elsewhere.example' },
      { token: r.simple },
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe(
      'The Cc address victim@elsewhere.example is not known in your tenants. Copies can only go to users and extensions you manage.',
    );
    const es = await t.call('emailLink', { ...send, cc: 'victim@elsewhere.example' }, { token: r.simple, lang: 'es' });
    expect(es.json().error.message).toContain('La dirección en copia victim@elsewhere.example');
    // Another tenant's subscriber and portal user are outside a bluebird user's scope too.
    for (const cc of ['sub100@acme.example', 'boss@acme.example']) {
      const res = await t.call('emailLink', { ...send, cc }, { token: r.simple });
      expect(res.statusCode, cc).toBe(400);
      expect(res.json().error.message).toContain(cc);
    }
    const invalid = await t.call(
      'emailLink',
      { ...send, cc: 'sub111@bluebird.example, not-an-email' },
      { token: r.simple },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('The Cc address not-an-email is not a valid email address.');
    const many = Array.from({ length: 6 }, (_, i) => `x${i}@elsewhere.example`).join(',');
    const tooMany = await t.call('emailLink', { ...send, cc: many }, { token: r.admin });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('At most 5 Cc addresses are allowed.');
    expect(await jobCount()).toBe(jobs);
    await t.deps.jobs.drain();
    await t.deps.mailer.flush();
    expect(await outbox()).toHaveLength(0);
  });

  it('sends copies to addresses in the caller scope (subscribers, portal users, reseller users, the caller) and lets an admin copy anyone', async () => {
    const inScope = 'SUB111@bluebird.example; colleague@bluebird.example, seller-r@example.test, simple-r@example.test';
    const ok = await t.call('emailLink', { ...send, cc: inScope }, { token: r.simple });
    expect(ok.statusCode).toBe(200);
    const admin = await t.call(
      'emailLink',
      { ...send, recepient: 'sub100@acme.example', tenant_id: 'acme.example', cc: 'auditor@elsewhere.example' },
      { token: r.admin },
    );
    expect(admin.statusCode).toBe(200);
    await t.deps.jobs.drain();
    await t.deps.mailer.flush();
    const rows = await outbox();
    expect(rows.map((m) => [m.to_addr, m.cc])).toEqual([
      [
        'sub110@bluebird.example',
        'sub111@bluebird.example, colleague@bluebird.example, seller-r@example.test, simple-r@example.test',
      ],
      ['sub100@acme.example', 'auditor@elsewhere.example'],
    ]);
  });
});

describe('mail quotas', () => {
  it('lets at most the caller quota through a burst of parallel sends; the rest get 429 with Retry-After, translated', async () => {
    const jobs = await jobCount();
    // Each send is one message with one copy: 2 of the 10 a caller may queue per hour, so 5 pass.
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('emailLink', { ...send, cc: 'sub111@bluebird.example' }, { token: r.simple, lang: 'fr' }),
      ),
    );
    const passed = burst.filter((res) => res.statusCode === 200);
    const refused = burst.filter((res) => res.statusCode === 429);
    expect(passed.length + refused.length).toBe(20);
    expect(passed).toHaveLength(CALLER_QUOTA / 2);
    expect(await jobCount()).toBe(jobs + CALLER_QUOTA / 2);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]!.json().error.message).toMatch(
      /^Trop d'e-mails ont été envoyés\. Veuillez réessayer dans \d+ minutes\.$/,
    );
    // Another caller still has their own quota.
    expect((await t.call('emailLink', send, { token: r.reseller })).statusCode).toBe(200);
  });

  it('counts each recipient of a bulk send against the tenant quota, whoever sends, and relinks too; refuses all but administrators', async () => {
    // 16 per tenant and hour: the admin queues 3 subscribers x (1 + 1 cc) = 6 messages to bluebird; an address
    // without a subscriber gets no message and costs nothing.
    const bulk = {
      ...send,
      recepient: [
        'sub110@bluebird.example',
        'sub111@bluebird.example',
        'SUB112@bluebird.example',
        'nobody@bluebird.example',
      ],
      cc: 'sub111@bluebird.example',
    };
    expect((await t.call('emailLink', bulk, { token: r.admin })).statusCode).toBe(200);
    expect((await t.call('emailLink', bulk, { token: r.reseller })).statusCode).toBe(200);
    // 12 used: a relink of 5 users by a third caller (within their own quota) would pass the tenant's 16.
    await createUser(t.db, { username: 'blue-second', password: 'second-pass-1', company: 'bluebird.example' });
    const second = await t.login('blue-second', 'second-pass-1');
    const relink = ['113', '114', '115', '116', '117'].map((extension) => ({
      tenant_id: 'bluebird.example',
      extension,
      email: `r${extension}@bluebird.example`,
    }));
    const refused = await t.call('reLinkExtensions', relink, { token: second });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await t.call('reLinkExtensions', relink.slice(0, 4), { token: second })).statusCode).toBe(200);
    expect((await t.call('emailLink', send, { token: r.simple })).statusCode).toBe(429);
    // An administrator's send is counted but not refused: the provider's bulk sends go out.
    expect((await t.call('emailLink', bulk, { token: r.admin })).statusCode).toBe(200);
    // Another tenant is not affected.
    expect(
      (
        await t.call(
          'emailLink',
          { ...send, recepient: 'sub100@acme.example', tenant_id: 'acme.example' },
          { token: r.admin },
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('delivered mail', () => {
  it('keeps no body nor attachment once sent, only who, what and when', async () => {
    const id = await t.deps.mailer.enqueue({
      kind: 'qr_code',
      to: 'someone@example.test',
      subject: 'Your QR',
      text: 'secret link https://portal/reset?ref=abc',
      html: '<p>secret</p>',
      attachments: [
        {
          filename: 'qr.png',
          contentType: 'image/png',
          contentBase64: Buffer.from('png').toString('base64'),
          cid: 'qr',
        },
      ],
    });
    await t.deps.mailer.flush();
    const row = await t.db.kysely
      .selectFrom('mail_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'sent',
      to_addr: 'someone@example.test',
      subject: 'Your QR',
      kind: 'qr_code',
      text_body: '',
      html_body: null,
      attachments: null,
    });
    expect(row.sent_at).toBeGreaterThan(0);
    expect(smtp.mails.some((m) => m.decoded.includes('secret link https://portal/reset?ref=abc'))).toBe(true);
  });
});
