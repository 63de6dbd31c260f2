import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionRow } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';
import { startSmtp, waitFor } from '../../../test/smtp';

// Issue #14, items 2 and 4: the invitation lifecycle, "re-provisioning pending", resend and the bulk invite.
let t: TestApp;
let r: RoleTokens;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let templateId: number;
let noLinkTemplateId: number;
const TENANT = 'bluebird.example';
const PASSWORD = 'Invite!pass(9)';
const TENANT_QUOTA = 6;
const email = (ext: string) => `sub${ext}@bluebird.example`;

const provision = (user: string, ua = 'CloudSoftphone/1.5.6') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/provision?${new URLSearchParams({ cloud_id: 'ACME1', cloud_username: user, cloud_password: PASSWORD })}`,
    headers: { 'user-agent': ua },
  });
const list = async (body: Record<string, unknown> = {}, token = r.admin) => {
  const res = await t.call('getExtensions', { tenant_id: TENANT, ...body }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ExtensionRow[];
};
const row = async (ext: string) => (await list({ search: ext })).find((x) => x.extension === ext)!;
const byState = async (lifecycle: string, tenant = TENANT) =>
  ((await t.call('getExtensions', { tenant_id: tenant, lifecycle }, { token: r.admin })).json() as ExtensionRow[])
    .map((x) => x.extension)
    .sort();
const run = async () => {
  await t.deps.jobs.drain();
  await t.deps.mailer.flush();
};
const link = (ext: string) =>
  t.call(
    'linkExtension',
    {
      email: email(ext),
      did: '+15550100',
      pin: '864213',
      password: PASSWORD,
      extension: ext,
      domain: TENANT,
      tenant_id: TENANT,
    },
    { token: r.admin },
  );

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    SEED_DEMO: 'true',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://portal.example.test',
    CLOUD_ID: 'ACME1',
    MAIL_PER_TENANT_HOUR: String(TENANT_QUOTA),
  });
  r = await signInRoles(t, [await resellerIdByName(t, 'Pioneer Voice')]);
  const db = t.db.kysely;
  // A known starting point: bluebird's 20 extensions (100-119) unlinked, apps off, 3 mobile licences.
  await db.deleteFrom('app_accounts').execute();
  for (let i = 100; i < 120; i++) {
    await db
      .updateTable('extensions')
      .set({ email: email(String(i)), linked: 0, mobile_app_allowed: 0, desktop_app_allowed: 0 })
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', String(i))
      .execute();
    // The platform holds the same email, so a sync changes nothing but what a test changes on purpose.
    await db
      .updateTable('builtin_extensions')
      .set({ email: email(String(i)) })
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', String(i))
      .execute();
  }
  await db
    .updateTable('tenants')
    .set({ mobile_app_allowed: 0, desktop_app_allowed: 0 })
    .where('tid', '=', TENANT)
    .execute();
  await db.updateTable('licences').set({ vcx_mobile: 3, vcx_desktop: 0 }).where('tenant_id', '=', TENANT).execute();
  for (const ext of ['110', '111', '112', '113', '114']) expect((await link(ext)).statusCode).toBe(200);
  await db
    .updateTable('extensions')
    .set({ mobile_app_allowed: 1 })
    .where('tenant_id', '=', TENANT)
    .where('extension', 'in', ['110', '111', '112'])
    .execute();
  const now = Date.now();
  templateId = (
    await db
      .insertInto('email_templates')
      .values({
        name: 'Invite',
        subject: 'Your app, {{first_name}}',
        body: '<p>Hello {{first_name}}: <a href="{{link}}">get the app</a></p>',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  noLinkTemplateId = (
    await db
      .insertInto('email_templates')
      .values({
        name: 'No link',
        subject: 'Hello',
        body: '<p>Hello {{first_name}}, welcome aboard.</p>',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('invitation lifecycle', () => {
  it('moves one extension through not invited, invited (queued, sent), QR opened and provisioned, then re-provisioning pending after a SIP password change', async () => {
    expect(await row('110')).toMatchObject({
      lifecycle: 'not_invited',
      invited_at: null,
      invite_status: null,
      qr_opened_at: null,
      provisioned_at: null,
      reprovision_pending_since: null,
    });

    const sent = await t.call(
      'resendInvite',
      { tenant_id: TENANT, extension: '110', template_id: templateId },
      { token: r.simple },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('The invitation is being sent again.');
    await t.deps.jobs.drain();
    const queued = await row('110');
    expect(queued).toMatchObject({ lifecycle: 'invited', invite_status: 'queued' });
    expect(queued.invited_at).toBeGreaterThan(0);
    await t.deps.mailer.flush();
    expect(await row('110')).toMatchObject({ lifecycle: 'invited', invite_status: 'sent' });
    const mail = await waitFor(() => smtp.mails.find((m) => m.to[0] === email('110')));
    expect(mail.decoded).toContain(
      'https://portal.example.test/getQR?username=sub110%40bluebird.example&cloud_id=ACME1',
    );

    const login = await t.call('authLogin', { username: email('110'), password: PASSWORD, cloud_id: 'ACME1' });
    expect(login.statusCode, login.body).toBe(200);
    const opened = await row('110');
    expect(opened.lifecycle).toBe('qr_opened');
    expect(opened.qr_opened_at).toBeGreaterThan(0);
    // A wrong password opens nothing.
    expect(
      (await t.call('authLogin', { username: email('111'), password: 'wrong-pass-1', cloud_id: 'ACME1' })).statusCode,
    ).toBe(401);
    expect((await row('111')).lifecycle).toBe('not_invited');

    expect((await provision(email('110'))).statusCode).toBe(200);
    const first = await row('110');
    expect(first).toMatchObject({
      lifecycle: 'provisioned',
      provisioned_ua: 'CloudSoftphone/1.5.6',
      reprovision_pending_since: null,
    });
    expect(first.provisioned_at).toBeGreaterThan(0);

    // A SIP password rotation: pending until the app fetches its account again; the first provisioning stays.
    expect(
      (await t.call('setSipPassword', { tenant_id: TENANT, extension: '110' }, { token: r.admin })).statusCode,
    ).toBe(200);
    const pending = await row('110');
    expect(pending.reprovision_pending_since).toBeGreaterThan(0);
    expect(pending.lifecycle).toBe('provisioned');
    expect(await byState('reprovision_pending')).toEqual(['110']);
    expect((await provision(email('110'), 'Groundwire/2')).statusCode).toBe(200);
    expect(await row('110')).toMatchObject({
      reprovision_pending_since: null,
      provisioned_at: first.provisioned_at,
      provisioned_ua: 'CloudSoftphone/1.5.6',
    });
    expect(await byState('reprovision_pending')).toEqual([]);
    // An invitation sent again later does not move a provisioned extension back.
    expect(
      (
        await t.call(
          'resendInvite',
          { tenant_id: TENANT, extension: '110', template_id: templateId },
          { token: r.admin },
        )
      ).statusCode,
    ).toBe(200);
    await run();
    expect((await row('110')).lifecycle).toBe('provisioned');
  });

  it('shows a failed delivery and filters by it', async () => {
    expect(
      (
        await t.call(
          'resendInvite',
          { tenant_id: TENANT, extension: '111', template_id: templateId },
          { token: r.admin },
        )
      ).statusCode,
    ).toBe(200);
    // Sent first (the outbox may be sending it right now), then marked failed: a send in flight cannot undo it.
    await run();
    const mailId = (
      await t.db.kysely
        .selectFrom('extensions')
        .select('invite_mail_id')
        .where('tenant_id', '=', TENANT)
        .where('extension', '=', '111')
        .executeTakeFirstOrThrow()
    ).invite_mail_id!;
    // The outbox gave up on this message (the SMTP server refused it, say).
    await t.db.kysely
      .updateTable('mail_messages')
      .set({ status: 'failed', attempts: 99, last_error: 'refused' })
      .where('id', '=', mailId)
      .execute();
    expect(await row('111')).toMatchObject({ lifecycle: 'invited', invite_status: 'failed' });
    expect(await byState('invite_failed')).toEqual(['111']);
    expect(await byState('invited')).toEqual(['111']);
    expect(await byState('provisioned')).toEqual(['110']);
    expect((await byState('not_invited')).length).toBe(18);
    const bad = await t.call('getExtensions', { tenant_id: TENANT, lifecycle: 'lost' }, { token: r.admin, lang: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('lifecycle');
    // The filter pages and counts like the rest of the list.
    const page = await t.call(
      'getExtensions',
      { tenant_id: TENANT, lifecycle: 'not_invited', limit: 5, offset: 0 },
      { token: r.admin },
    );
    expect(page.json()).toHaveLength(5);
    expect(page.headers['x-total-count']).toBe('18');
  });
});

describe('re-provisioning pending', () => {
  it('marks the apps a client profile reaches, with one update per scope, and a domain change marks the extension', async () => {
    const db = t.db.kysely;
    // Apps in the field in two tenants (bluebird 110 provisioned above; acme 100 and 101 here).
    await db
      .updateTable('extensions')
      .set({ provisioned_at: Date.now(), invite_state: 'provisioned' })
      .where('tenant_id', '=', 'acme.example')
      .where('extension', 'in', ['100', '101'])
      .execute();
    const base = { transport: 'udp', proxy: 'sip.bluebird.example' };
    const tenantProfile = await t.call(
      'profileCreateUpdate',
      { ...base, profile_name: 'Bluebird', tenant_id: TENANT },
      { token: r.admin },
    );
    expect(tenantProfile.statusCode, tenantProfile.body).toBe(200);
    expect(await byState('reprovision_pending')).toEqual(['110']);
    expect(await byState('reprovision_pending', 'acme.example')).toEqual([]);
    // The cloud's default profile reaches acme (no profile of its own) but not bluebird, which has one.
    await provision(email('110'));
    const dflt = await db
      .selectFrom('client_profiles')
      .select('id')
      .where('tenant_id', 'is', null)
      .executeTakeFirstOrThrow();
    const save = await t.call(
      'profileCreateUpdate',
      { ...base, id: dflt.id, profile_name: 'Default softphone profile', proxy: 'sip2.provisio.example' },
      { token: r.admin },
    );
    expect(save.statusCode, save.body).toBe(200);
    expect(await byState('reprovision_pending', 'acme.example')).toEqual(['100', '101']);
    expect(await byState('reprovision_pending')).toEqual([]);
    // Moving 110 to another domain of its tenant: its app has to fetch the account again.
    await db
      .insertInto('builtin_domains')
      .values({ tenant_id: TENANT, domain: 'east.bluebird.example', site_name: 'East' })
      .execute();
    await db
      .insertInto('tenant_domains')
      .values({ tenant_id: TENANT, domain: 'east.bluebird.example', site_name: 'East' })
      .execute();
    const x = await row('110');
    const details = {
      firstName: x.firstname,
      lastName: x.lastname,
      emailAddress: x.email,
      domain: 'east.bluebird.example',
    };
    const moved = await t.call(
      'editUserDetails',
      { tenant_id: TENANT, extension: '110', user_details: details },
      { token: r.admin },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await byState('reprovision_pending')).toEqual(['110']);
    await provision(email('110'));
    expect(await byState('reprovision_pending')).toEqual([]);
    // The same when the platform moves it and a sync brings the change in.
    await db
      .updateTable('builtin_extensions')
      .set({ domain: TENANT })
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', '110')
      .execute();
    const sync = await t.call('getExtensions', { tenant_id: TENANT, sync: true, limit: 1 }, { token: r.admin });
    expect(sync.statusCode).toBe(200);
    await t.deps.jobs.drain();
    expect((await row('110')).domain).toBe(TENANT);
    expect(await byState('reprovision_pending')).toEqual(['110']);
    await provision(email('110'));
    expect(await byState('reprovision_pending')).toEqual([]);
  });
});

describe('resend', () => {
  it('refuses what it cannot send, in the caller language, and changes nothing', async () => {
    const before = await t.db.kysely.selectFrom('jobs').select('id').execute();
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { tenant_id: TENANT, extension: '115', template_id: templateId },
        400,
        'This extension has no app account yet. Link it first, then send the invitation.',
      ],
      [{ tenant_id: TENANT, extension: '999', template_id: templateId }, 404, 'This extension does not exist.'],
      [
        { tenant_id: TENANT, extension: '112', template_id: 999_999 },
        400,
        'Please choose an email template for the invitation.',
      ],
      [{ tenant_id: TENANT, extension: '112' }, 400, 'Please choose an email template for the invitation.'],
      // 113 and 114 are linked but no app of theirs is licensed.
      [
        { tenant_id: TENANT, extension: '113', template_id: templateId },
        409,
        "This extension is beyond the tenant's app licences, so no invitation was sent.",
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call('resendInvite', body, { token: r.admin });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (status !== 404) expect(res.json().error.message).toBe(message);
    }
    const es = await t.call(
      'resendInvite',
      { tenant_id: TENANT, extension: '115', template_id: templateId },
      { token: r.admin, lang: 'es' },
    );
    expect(es.json().error.message).toBe(
      'Esta extensión aún no tiene cuenta de la app. Vincúlela primero y luego envíe la invitación.',
    );
    expect(
      (
        await t.call(
          'resendInvite',
          { tenant_id: 'acme.example', extension: '100', template_id: templateId },
          { token: r.simple },
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call('resendInvite', { tenant_id: TENANT, extension: '112', template_id: templateId })).statusCode,
    ).toBe(401);
    expect(await t.db.kysely.selectFrom('jobs').select('id').execute()).toHaveLength(before.length);
  });

  it('appends the link to a template body without {{link}}', async () => {
    const res = await t.call(
      'resendInvite',
      { tenant_id: TENANT, extension: '112', template_id: noLinkTemplateId },
      { token: r.admin },
    );
    expect(res.statusCode).toBe(200);
    await run();
    const mail = await waitFor(() => smtp.mails.find((m) => m.to[0] === email('112') && m.subject === 'Hello'));
    expect(mail.decoded).toContain('welcome aboard.');
    expect(mail.decoded).toContain(
      '<a href="https://portal.example.test/getQR?username=sub112%40bluebird.example&amp;cloud_id=ACME1">',
    );
    expect(mail.decoded).toContain(
      'https://portal.example.test/getQR?username=sub112%40bluebird.example&cloud_id=ACME1',
    );
  });
});

describe('invite everyone not yet provisioned', () => {
  it('invites linked, licensed, unprovisioned extensions in a job with progress, skipping the others, once', async () => {
    await t.db.kysely.deleteFrom('login_failures').where('key', 'like', 'mail:%').execute();
    const mailsBefore = smtp.mails.length;
    const res = await t.call(
      'inviteNotProvisioned',
      { tenant_id: TENANT, template_id: templateId },
      { token: r.reseller },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Inviting every extension not yet provisioned; the progress is shown below.',
      joined: false,
    });
    const jobId = res.json().job_id as number;
    // A second request while it is queued joins it.
    const again = await t.call(
      'inviteNotProvisioned',
      { tenant_id: TENANT, template_id: templateId },
      { token: r.reseller },
    );
    expect(again.json()).toMatchObject({ job_id: jobId, joined: true });
    await run();
    const job = (await t.call('jobStatus', { id: jobId }, { token: r.reseller })).json();
    // 110 is provisioned; 111 and 112 are invited; 113 and 114 are linked without a licensed app; 15 are unlinked.
    expect(job).toMatchObject({
      status: 'done',
      done: 20,
      total: 20,
      result: { invited: 2, unlinked: 15, over_licence: 2 },
    });
    const mails = await waitFor(() =>
      smtp.mails.length >= mailsBefore + 2 ? smtp.mails.slice(mailsBefore) : undefined,
    );
    await new Promise((res) => setTimeout(res, 200));
    expect(
      smtp.mails
        .slice(mailsBefore)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual([email('111'), email('112')]);
    expect(mails[0]!.subject).toMatch(/^Your app, /);
    // The quota was claimed for the 4 linked, unprovisioned extensions with an email and 2 were given back.
    const tenantUse = await t.db.kysely
      .selectFrom('login_failures')
      .select('failures')
      .where('key', '=', `mail:tenant:${TENANT}`)
      .executeTakeFirstOrThrow();
    expect(tenantUse.failures).toBe(2);
    // Run again after a crash: nothing is sent twice.
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
    await run();
    await new Promise((res) => setTimeout(res, 200));
    expect(smtp.mails.length).toBe(mailsBefore + 2);
  });

  it('follows the licence: the tenant-level switch opens every extension, up to the limit', async () => {
    await t.db.kysely.updateTable('tenants').set({ mobile_app_allowed: 1 }).where('tid', '=', TENANT).execute();
    await t.db.kysely.updateTable('licences').set({ vcx_mobile: 14 }).where('tenant_id', '=', TENANT).execute();
    const res = await t.call(
      'inviteNotProvisioned',
      { tenant_id: TENANT, template_id: templateId },
      { token: r.admin },
    );
    await run();
    // By id, 100-113 hold the 14 licences: 113 gets one, 114 does not.
    expect((await t.call('jobStatus', { id: res.json().job_id }, { token: r.admin })).json().result).toEqual({
      invited: 3,
      unlinked: 15,
      over_licence: 1,
    });
    expect((await row('113')).lifecycle).toBe('invited');
    expect((await row('114')).lifecycle).toBe('not_invited');
    await t.db.kysely.updateTable('tenants').set({ mobile_app_allowed: 0 }).where('tid', '=', TENANT).execute();
    await t.db.kysely.updateTable('licences').set({ vcx_mobile: 3 }).where('tenant_id', '=', TENANT).execute();
  });

  it('counts against the mail quota: refused past it for others, never for administrators; other tenants and bad input refused', async () => {
    await t.db.kysely.deleteFrom('login_failures').where('key', 'like', 'mail:%').execute();
    // Fill the tenant quota but one message, then ask to invite 4.
    await t.db.kysely
      .insertInto('login_failures')
      .values({
        key: `mail:tenant:${TENANT}`,
        failures: TENANT_QUOTA - 1,
        first_at: Date.now(),
        last_at: Date.now(),
        expires_at: Date.now() + 3_600_000,
      })
      .execute();
    const jobs = (await t.db.kysely.selectFrom('jobs').select('id').execute()).length;
    const refused = await t.call(
      'inviteNotProvisioned',
      { tenant_id: TENANT, template_id: templateId },
      { token: r.simple, lang: 'pt' },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error.message).toMatch(/^Foram enviados e-mails demais/);
    expect((await t.db.kysely.selectFrom('jobs').select('id').execute()).length).toBe(jobs);
    expect(
      (await t.call('inviteNotProvisioned', { tenant_id: TENANT, template_id: templateId }, { token: r.admin }))
        .statusCode,
    ).toBe(200);
    await run();
    expect(
      (
        await t.call(
          'inviteNotProvisioned',
          { tenant_id: 'acme.example', template_id: templateId },
          { token: r.simple },
        )
      ).statusCode,
    ).toBe(403);
    expect((await t.call('inviteNotProvisioned', { tenant_id: TENANT }, { token: r.admin })).statusCode).toBe(400);
  });
});

describe('dashboard', () => {
  it('counts extensions per invitation step in the caller scope', async () => {
    // 112's last invitation could not be delivered.
    const last = await t.db.kysely
      .selectFrom('extensions')
      .select('invite_mail_id')
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', '112')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('mail_messages')
      .set({ status: 'failed', attempts: 99 })
      .where('id', '=', last.invite_mail_id!)
      .execute();
    // 113's app was revoked (issue #14 item 3): it shows and filters as revoked, and is counted apart.
    expect((await t.call('revokeApp', { tenant_id: TENANT, extension: '113' }, { token: r.admin })).statusCode).toBe(
      200,
    );
    expect((await row('113')).lifecycle).toBe('revoked');
    expect(await byState('revoked')).toEqual(['113']);
    expect(await byState('invited')).toEqual(['111', '112']);
    // Its invitation cannot be sent again until a new activation: the QR page would refuse it.
    const tplId = (await t.db.kysely.selectFrom('email_templates').select('id').executeTakeFirstOrThrow()).id;
    const resend = await t.call(
      'resendInvite',
      { tenant_id: TENANT, extension: '113', template_id: tplId },
      { token: r.admin, lang: 'pt' },
    );
    expect(resend.statusCode, resend.body).toBe(409);
    expect(resend.json().error.message).toBe(
      'Este app foi revogado. Emita primeiro um novo código QR de ativação e depois envie o convite.',
    );
    const admin = (await t.call('dashboardSummary', {}, { token: r.admin })).json();
    const simple = (await t.call('dashboardSummary', {}, { token: r.simple })).json();
    const states = await t.db.kysely
      .selectFrom('extensions')
      .select(['tenant_id', 'invite_state', 'reprovision_pending_since'])
      .execute();
    const count = (rows: typeof states, s: string) => rows.filter((x) => x.invite_state === s).length;
    const blue = states.filter((x) => x.tenant_id === TENANT);
    expect(simple.invitations).toEqual({
      not_invited: count(blue, 'none'),
      invited: count(blue, 'invited'),
      invite_failed: 1,
      qr_opened: count(blue, 'qr_opened'),
      provisioned: count(blue, 'provisioned'),
      reprovision_pending: 0,
      revoked: 1,
    });
    expect(simple.invitations).toMatchObject({ invited: 3, provisioned: 1, not_invited: 16 });
    expect(admin.invitations).toMatchObject({
      not_invited: count(states, 'none'),
      provisioned: count(states, 'provisioned'),
      reprovision_pending: 2,
      invite_failed: 1,
    });
    expect(admin.invitations.provisioned).toBe(3);
    // A new activation QR lets the app in again: the step it had reached shows again.
    expect(
      (await t.call('rotateActivation', { tenant_id: TENANT, extension: '113' }, { token: r.admin })).statusCode,
    ).toBe(200);
    expect((await row('113')).lifecycle).toBe('invited');
    expect(await byState('revoked')).toEqual([]);
  });
});
