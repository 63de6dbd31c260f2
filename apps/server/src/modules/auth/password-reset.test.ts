import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createUser, startTestApp } from '../../../test/harness';
import { startSmtp, waitFor } from '../../../test/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.test' });
  await createUser(t.db, { username: 'rita', password: 'old-pass-1', email: 'rita@example.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function requestLink(username = 'rita'): Promise<string> {
  const count = smtp.mails.length;
  const res = await t.call('forgetPassword', { username });
  expect(res.statusCode).toBe(200);
  const mail = await waitFor(() => smtp.mails[count]);
  expect(mail.to).toEqual(['rita@example.test']);
  const ref = mail.decoded.match(/https:\/\/portal\.example\.test\/resetPassword\?ref=([A-Za-z0-9_-]+)/)?.[1];
  expect(ref).toBeTruthy();
  return ref!;
}

describe('forgetPassword and resetPassword', () => {
  it('answers the same whether or not the user exists', async () => {
    const known = await t.call('forgetPassword', { username: 'RITA' });
    const unknown = await t.call('forgetPassword', { username: 'nobody-here' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(
      'If this username has an account that can reset its password, an email with a reset link is on its way. If none arrives within a few minutes, check the username or ask your administrator.',
    );
    await waitFor(() => smtp.mails.length >= 1);
    await t.deps.mailer.flush();
    expect(smtp.mails.filter((m) => m.to.includes('rita@example.test'))).toHaveLength(1);
  });

  it('requires a username, in the caller language', async () => {
    const res = await t.call('forgetPassword', { username: '  ' }, { lang: 'es' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('El nombre de usuario es obligatorio para restablecer la contraseña');
  });

  it('resets with the emailed link once; the link then fails clearly and old sessions end', async () => {
    const session = await t.login('rita', 'old-pass-1');
    const ref = await requestLink();
    // Only the hash of the ref is stored.
    const stored = await t.db.kysely.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(ref);

    const short = await t.call('resetPassword', { ref, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('New Password should be at least 6 characters long!');

    const ok = await t.call('resetPassword', { ref, password: 'new-pass-2' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password has been reset successfully!');
    expect((await t.call('getProfileDetails', {}, { token: session })).statusCode).toBe(401);
    await expect(t.login('rita', 'old-pass-1')).rejects.toThrow();
    await t.login('rita', 'new-pass-2');

    const again = await t.call('resetPassword', { ref, password: 'another-3' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'reset_link_used',
      message: 'This reset link has already been used. Please ask for a new one.',
    });
    await t.login('rita', 'new-pass-2');
  });

  it('refuses an expired link, an unknown link and a link superseded by a newer one', async () => {
    const first = await requestLink();
    const second = await requestLink();
    const superseded = await t.call('resetPassword', { ref: first, password: 'whatever-1' });
    expect(superseded.json().error.code).toBe('reset_link_used');

    await t.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1000 })
      .where('used_at', 'is', null)
      .execute();
    const expired = await t.call('resetPassword', { ref: second, password: 'whatever-1' }, { lang: 'fr' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toEqual({
      code: 'reset_link_expired',
      message: 'Ce lien de réinitialisation a expiré. Demandez-en un nouveau.',
    });

    const unknown = await t.call('resetPassword', { ref: 'made-up-ref', password: 'whatever-1' });
    expect(unknown.json().error.code).toBe('reset_link_invalid');
    await t.login('rita', 'new-pass-2');
  });

  it('limits reset requests per username', async () => {
    await createUser(t.db, { username: 'spammy', password: 'spammy-pass', email: 'spammy@example.test' });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await t.call('forgetPassword', { username: 'spammy' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('records every message with its status', async () => {
    await t.deps.mailer.flush();
    const token = await t.login();
    const log = (await t.call('mailLog', { limit: 200 }, { token })).json();
    expect(log.total).toBeGreaterThanOrEqual(4);
    expect(log.rows.every((r: { status: string }) => r.status === 'sent')).toBe(true);
    expect(JSON.stringify(log)).not.toMatch(/ref=/);
  });
});

describe('mail without SMTP', () => {
  it('keeps the message in the outbox as logged', async () => {
    const local = await startTestApp();
    try {
      await createUser(local.db, { username: 'lou', password: 'lou-pass-1', email: 'lou@example.test' });
      await local.call('forgetPassword', { username: 'lou' });
      await local.deps.mailer.flush();
      const rows = await local.db.kysely.selectFrom('mail_messages').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'logged', to_addr: 'lou@example.test', kind: 'password_reset' });
      expect(rows[0]!.text_body).toMatch(/\/resetPassword\?ref=/);
    } finally {
      await local.close();
    }
  });

  it('retries after SMTP was down and delivers each message once', async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.close();
    const local = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      await createUser(local.db, { username: 'max', password: 'max-pass-1', email: 'max@example.test' });
      await local.call('forgetPassword', { username: 'max' });
      await local.deps.mailer.flush();
      const failed = await local.db.kysely.selectFrom('mail_messages').selectAll().executeTakeFirstOrThrow();
      expect(failed.status).toBe('failed');
      expect(failed.last_error).toBeTruthy();
      const { SMTPServer } = await import('smtp-server');
      const received: string[] = [];
      const up = new SMTPServer({
        secure: false,
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _s, cb) {
          let raw = '';
          stream.on('data', (c: Buffer) => (raw += c.toString()));
          stream.on('end', () => {
            received.push(raw);
            cb();
          });
        },
      });
      await new Promise<void>((r) => up.listen(port, '127.0.0.1', r));
      await local.db.kysely.updateTable('mail_messages').set({ next_attempt_at: 0 }).execute();
      await local.deps.mailer.flush();
      await local.deps.mailer.flush();
      expect(received).toHaveLength(1);
      const sent = await local.db.kysely.selectFrom('mail_messages').selectAll().executeTakeFirstOrThrow();
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
      await new Promise<void>((r) => up.close(() => r()));
    } finally {
      await local.close();
    }
  });
});
