import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';
import { startSmtp, waitFor } from '../../../test/smtp';

// Issue #20 items 1 and 2: QR mails go only to extensions that can use them, and what a screen says about a mail is
// what the outbox did. A real SMTP server on loopback, stopped and started again on the same port.
let t: TestApp;
let r: RoleTokens;
let port: number;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
const TENANT = 'bluebird.example';
const email = (ext: string) => `mt${ext}@bluebird.example`;

/** A port that accepts connections and never answers: an SMTP server that hangs (nothing is delivered). */
function blackhole(listenPort: number): Promise<() => Promise<void>> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => sockets.add(s));
  return new Promise((resolve) =>
    server.listen(listenPort, '127.0.0.1', () =>
      resolve(
        () =>
          new Promise<void>((done) => {
            sockets.forEach((s) => s.destroy());
            server.close(() => done());
          }),
      ),
    ),
  );
}

beforeAll(async () => {
  smtp = await startSmtp();
  port = smtp.port;
  t = await startTestApp({
    SEED_DEMO: 'true',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://portal.example.test',
    MAIL_PER_CALLER_HOUR: '6',
  });
  r = await signInRoles(t, [await resellerIdByName(t, 'Pioneer Voice')]);
  const db = t.db.kysely;
  // 110 linked with an app account (through the portal), 111 marked linked without one, 112 not linked.
  for (const ext of ['110', '111', '112']) {
    await db.deleteFrom('app_accounts').where('tenant_id', '=', TENANT).where('extension', '=', ext).execute();
    await db
      .updateTable('extensions')
      .set({ email: email(ext), linked: 0 })
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', ext)
      .execute();
  }
  const link = await t.call(
    'linkExtension',
    {
      email: email('110'),
      did: '+15550110',
      pin: '864213',
      password: 'Link-pass-110!',
      extension: '110',
      tenant_id: TENANT,
    },
    { token: r.admin },
  );
  expect(link.statusCode, link.body).toBe(200);
  await db
    .updateTable('extensions')
    .set({ linked: 1 })
    .where('tenant_id', '=', TENANT)
    .where('extension', '=', '111')
    .execute();
  await db
    .updateTable('extensions')
    .set({ email: 'acme100@acme.example' })
    .where('tenant_id', '=', 'acme.example')
    .where('extension', '=', '100')
    .execute();
});
afterAll(async () => {
  await t.close();
  await smtp?.close();
});

const send = (recepient: string | string[], tenant = TENANT) => ({
  recepient,
  subject: 'Your QR, {{first_name}}',
  body: '<p>Hi {{first_name}}: {{link}}</p>',
  tenant_id: tenant,
});
const outboxOf = (jobId: number) =>
  t.db.kysely.selectFrom('mail_messages').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
const mailsFor = (jobId: number, token: string, lang = 'en') => t.call('jobMails', { job_id: jobId }, { token, lang });

describe('who a QR mail goes to', () => {
  it('mails only the linked extension with an app account; the others are listed as skipped, before and after', async () => {
    const mixed = send([email('110'), email('111'), email('112'), 'nobody@bluebird.example']);
    const preview = await t.call('emailLinkPreview', mixed, { token: r.simple });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().to_send.map((x: { extension: string }) => x.extension)).toEqual(['110']);
    expect(preview.json().skipped.map((x: { extension: string; reason: string }) => [x.extension, x.reason])).toEqual([
      ['', 'no_subscriber'],
      ['111', 'no_app_account'],
      ['112', 'not_linked'],
    ]);
    expect(preview.json().skipped[2].message).toBe(
      'Extension 112 is not linked: it has no app account for the QR page.',
    );
    const before = smtp!.mails.length;
    expect(await t.db.kysely.selectFrom('mail_messages').select('id').execute()).toHaveLength(0);

    const res = await t.call('emailLink', mixed, { token: r.simple, lang: 'es' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, queued: 1, message: 'Los correos están en cola para su entrega.' });
    expect(res.json().skipped.map((x: { reason: string }) => x.reason)).toEqual([
      'no_subscriber',
      'no_app_account',
      'not_linked',
    ]);
    expect(res.json().skipped[1].message).toBe(
      'La extensión 111 figura como vinculada pero no tiene cuenta de app: use Revincular para crearla.',
    );
    const jobId: number = res.json().job_id;
    await t.deps.jobs.drain();
    await t.deps.mailer.flush();
    await waitFor(() => smtp!.mails.length >= before + 1);
    await new Promise((done) => setTimeout(done, 200));
    expect(smtp!.mails.slice(before).map((m) => m.to)).toEqual([[email('110')]]);
    const job = (await t.call('jobStatus', { id: jobId }, { token: r.simple })).json();
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({ queued: 1, skipped_count: 3, failures: [] });
    expect(job.result).not.toHaveProperty('sent');
    const mails = await mailsFor(jobId, r.simple);
    expect(mails.json()).toEqual({
      job_id: jobId,
      counts: { queued: 0, delivered: 1, failed: 0, logged: 0 },
      rows: [
        expect.objectContaining({
          tenant_id: TENANT,
          extension: '110',
          to: email('110'),
          state: 'delivered',
          message: null,
        }),
      ],
    });
  });

  it('skips an unlinked extension asked for directly through the API: reported, never mailed', async () => {
    const res = await t.call('emailLink', send(email('112')), { token: r.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      queued: 0,
      message: 'Nothing was queued: none of the recipients can use a QR link (see the skipped ones).',
      skipped: [{ tenant_id: TENANT, extension: '112', email: email('112'), reason: 'not_linked' }],
    });
    await t.deps.jobs.drain();
    await t.deps.mailer.flush();
    expect(await outboxOf(res.json().job_id)).toHaveLength(0);
    // Linked after the call but before the job ran is no help either: the job checks again when it sends.
    const late = await t.call('emailLink', send(email('111')), { token: r.admin });
    expect(late.json().skipped[0].reason).toBe('no_app_account');
    await t.deps.jobs.drain();
    expect(await outboxOf(late.json().job_id)).toHaveLength(0);
  });
});

describe('what the screen says about a mail', () => {
  it('SMTP down: queued, then failed with the spec message; SMTP back and a retry delivers it', async () => {
    await smtp!.close();
    smtp = undefined;
    const closeHole = await blackhole(port);
    const res = await t.call('emailLink', send(email('110')), { token: r.simple });
    expect(res.statusCode).toBe(200);
    const jobId: number = res.json().job_id;
    await t.deps.jobs.drain();
    // The SMTP server does not answer: the job is done, the message is only queued while the outbox tries.
    const delivering = t.deps.mailer.flush();
    const job = (await t.call('jobStatus', { id: jobId }, { token: r.simple })).json();
    expect(job).toMatchObject({ status: 'done', result: { queued: 1 } });
    expect((await mailsFor(jobId, r.simple)).json().counts).toEqual({ queued: 1, delivered: 0, failed: 0, logged: 0 });
    // The greeting never comes: the delivery fails (nodemailer's 10 s greeting timeout).
    await delivering;
    const failed = (await mailsFor(jobId, r.simple, 'fr')).json();
    expect(failed.counts).toEqual({ queued: 0, delivered: 0, failed: 1, logged: 0 });
    expect(failed.rows[0]).toMatchObject({
      extension: '110',
      state: 'failed',
      message: "Impossible d'envoyer un e-mail à 110",
    });
    expect((await mailsFor(jobId, r.simple)).json().rows[0].message).toBe('Unable to send an email to 110');
    await closeHole();

    smtp = await startSmtp(port);
    const mailId: number = failed.rows[0].mail_id;
    // The automatic retry is minutes away: nothing is sent until someone retries.
    await t.deps.mailer.flush();
    expect(smtp.mails).toHaveLength(0);
    const retry = await t.call('retryMail', { mail_id: mailId }, { token: r.simple });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().message).toBe(`The email to ${email('110')} is queued again.`);
    await t.deps.mailer.flush();
    await waitFor(() => smtp!.mails.length === 1);
    expect(smtp.mails[0]!.to).toEqual([email('110')]);
    expect((await mailsFor(jobId, r.simple)).json().counts).toEqual({ queued: 0, delivered: 1, failed: 0, logged: 0 });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['entity', 'entity_id', 'actor_name'])
      .where('entity_id', '=', `${TENANT}/110`)
      .where('after_json', 'like', '%retried%')
      .execute();
    expect(audit).toEqual([{ entity: 'extension', entity_id: `${TENANT}/110`, actor_name: 'simple-r' }]);
    // A delivered mail is not sent again.
    const again = await t.call('retryMail', { mail_id: mailId }, { token: r.simple });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This email has not failed: there is nothing to send again.');
  }, 40_000);

  it("refuses a retry of another tenant's mail and its job's mails, changing nothing; parallel retries queue once", async () => {
    // A failed acme mail: queued by the admin, its delivery failed (as recorded by the outbox).
    const res = await t.call('emailLink', send('acme100@acme.example', 'acme.example'), { token: r.admin });
    const acmeJob: number = res.json().job_id;
    const acmeMail = await t.deps.mailer.enqueue({
      kind: 'qr_link',
      to: 'acme100@acme.example',
      subject: 'x',
      text: 'x',
      jobId: acmeJob,
      tenantId: 'acme.example',
      ref: '100',
    });
    await t.deps.mailer.flush();
    const fail = () =>
      t.db.kysely
        .updateTable('mail_messages')
        .set({ status: 'failed', attempts: 1, last_error: 'down', next_attempt_at: Date.now() + 3_600_000 })
        .where('id', '=', acmeMail)
        .execute();
    await fail();
    const snapshot = async () => ({
      mail: await t.db.kysely.selectFrom('mail_messages').selectAll().where('id', '=', acmeMail).executeTakeFirst(),
      audit: (await t.db.kysely.selectFrom('audit_log').select('id').execute()).length,
      quota: await t.db.kysely.selectFrom('login_failures').selectAll().where('key', 'like', 'mail:%').execute(),
    });
    const before = await snapshot();
    for (const token of [r.simple, r.reseller]) {
      const refused = await t.call('retryMail', { mail_id: acmeMail }, { token });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe('This email does not exist.');
      expect((await mailsFor(acmeJob, token)).statusCode).toBe(403);
    }
    expect((await t.call('retryMail', { mail_id: 999_999 }, { token: r.admin })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    // Five parallel retries by the admin: one queues it, the others are told it has not failed (any more).
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => t.call('retryMail', { mail_id: acmeMail }, { token: r.admin })),
    );
    expect(burst.map((x) => x.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    await t.deps.mailer.flush();
    expect((await mailsFor(acmeJob, r.admin)).json().counts.delivered).toBeGreaterThanOrEqual(1);
  });

  it('counts a retry against the mail quota like a send (429 with Retry-After when used up)', async () => {
    // The simple user may queue 6 messages an hour: 3 sends so far; fill the rest, then a retry is refused.
    const mailId = await t.deps.mailer.enqueue({
      kind: 'qr_link',
      to: email('110'),
      subject: 'x',
      text: 'x',
      tenantId: TENANT,
      ref: '110',
    });
    await t.deps.mailer.flush();
    await t.db.kysely.updateTable('mail_messages').set({ status: 'failed' }).where('id', '=', mailId).execute();
    for (let i = 0; i < 6; i++) await t.call('emailLink', send(email('110')), { token: r.simple });
    const refused = await t.call('retryMail', { mail_id: mailId }, { token: r.simple, lang: 'pt' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const row = await t.db.kysely
      .selectFrom('mail_messages')
      .select('status')
      .where('id', '=', mailId)
      .executeTakeFirst();
    expect(row?.status).toBe('failed');
  });
});
