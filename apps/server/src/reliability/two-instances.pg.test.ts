import { afterAll, describe, expect, it } from 'vitest';
import { giveAppAccounts } from '../../test/app-account';
import { startSmtp } from '../../test/smtp';
import { CLOUD_ID, type ServerProcess, type Store, freshStore, spawnServer, until } from './server-process';

/**
 * Two server processes on one PostgreSQL database (the way the portal scales out): a session made on one works on
 * the other, and each job runs once although both workers poll for it. Needs TEST_DATABASE_URL; runs in the
 * postgres project only.
 */
// Runs in the postgres project only (files named *.pg.test.ts; see vitest.config.ts).
const name = 'two server instances on one PostgreSQL';
const TENANT = 'twin.example';

describe(name, () => {
  let store: Store;
  let a: ServerProcess;
  let b: ServerProcess;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    await smtp?.close();
    await store?.dispose();
  });

  it('starts both, shares sessions, and runs each job and sends each message once', async () => {
    store = await freshStore('postgres');
    smtp = await startSmtp();
    const env = { ...store.env, SMTP_URL: smtp.url, JOB_POLL_MS: '50', MAIL_POLL_MS: '50' };
    a = await spawnServer(env);
    b = await spawnServer(env);

    // A session made on one instance works on the other; signing out on the other ends it on both.
    const token = await a.login();
    const me = await fetch(`${b.base}/api/v1/me`, { headers: { token } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe('admin');

    expect(
      (await a.call('createTenant', { tid: TENANT, tname: 'Twin', domain: TENANT, site_name: 'Main' }, token)).status,
    ).toBe(200);
    // Twenty small imports, queued alternately on each instance, each claimed by exactly one worker.
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const rows = Array.from({ length: 10 }, (_, k) => {
        const n = i * 10 + k;
        return {
          Extension: String(5000 + n),
          Domain: TENANT,
          'Site Name': 'Main',
          'First Name': `F${n}`,
          'Last Name': `L${n}`,
          Admin: 'false',
          Email: `twin${n}@${TENANT}`,
          Linked: 'false',
          'Mobile App Allowed': 'false',
          'Desktop App Allowed': 'false',
          tenantid: TENANT,
        };
      });
      const res = await (i % 2 ? b : a).call<{ job_id: number }>('extensionsImport', rows, token);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      ids.push(res.json.job_id);
    }
    const jobs = () =>
      store.db.kysely.selectFrom('jobs').select(['id', 'status', 'attempts']).where('id', 'in', ids).execute();
    await until('the imports', async () => (await jobs()).every((j) => j.status === 'done'), 60_000, 100);
    expect((await jobs()).map((j) => j.attempts)).toEqual(ids.map(() => 1));
    // QR links go to linked extensions with an app account only (issue #20).
    await giveAppAccounts(store.db, CLOUD_ID, TENANT);

    // A bulk email of 200 from one instance: both mailers poll the outbox, each message goes out once.
    const mail = await b.call<{ job_id: number }>(
      'emailLink',
      {
        recepient: Array.from({ length: 200 }, (_, n) => `twin${n}@${TENANT}`),
        subject: 'Twin',
        body: '<p>{{link}}</p>',
        tenant_id: TENANT,
      },
      token,
    );
    expect(mail.status).toBe(200);
    await until(
      'every message',
      async () =>
        (await store.db.kysely.selectFrom('mail_messages').select('id').where('status', '!=', 'sent').execute())
          .length === 0 && smtp.mails.length >= 200,
      60_000,
      100,
    );
    await new Promise((r) => setTimeout(r, 500));
    const ids2 = smtp.mails.map((m) => m.raw.match(/^Message-ID:\s*(<[^>]+>)/im)?.[1]);
    expect(smtp.mails).toHaveLength(200);
    expect(new Set(ids2).size).toBe(200);
    const emailJob = await store.db.kysely
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('id', '=', mail.json.job_id)
      .executeTakeFirstOrThrow();
    expect(emailJob).toEqual({ status: 'done', attempts: 1 });

    expect((await fetch(`${b.base}/api/v1/logout`, { method: 'POST', headers: { token } })).status).toBe(200);
    expect((await fetch(`${a.base}/api/v1/me`, { headers: { token } })).status).toBe(401);
  }, 180_000);
});
