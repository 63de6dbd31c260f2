import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../db/database';
import { giveAppAccounts } from '../../test/app-account';
import { CLOUD_ID, type ServerProcess, type Store, freePort, freshStore, spawnServer, until } from './server-process';

/**
 * Crash and outage checks against real server processes (server.ts under tsx) killed with SIGKILL, on SQLite and,
 * in the postgres project, on PostgreSQL. Short leases (JOB_LEASE_MS, MAIL_CLAIM_MS) let the restarted server take
 * over the dead one's job and mail claims within seconds instead of the production minutes.
 */
const LEASES = { JOB_LEASE_MS: '1500', MAIL_CLAIM_MS: '1500' };
const TENANT = 'crash.example';

interface Received {
  to: string;
  messageId: string;
}

/** A real SMTP server on loopback, on a fixed port so it can be stopped and started again. */
async function smtpOn(port: number, received: Received[]): Promise<() => Promise<void>> {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        const messageId = raw.match(/^Message-ID:\s*(<[^>]+>)/im)?.[1] ?? '';
        for (const r of session.envelope.rcptTo) received.push({ to: r.address, messageId });
        callback();
      });
    },
  });
  // A portal killed mid-message resets its connection (ECONNRESET): expected here, not a failure of the server.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise((r) => server.close(() => r()));
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

async function start(store: Store, env: Record<string, string> = {}): Promise<ServerProcess> {
  const s = await spawnServer({ ...store.env, ...LEASES, ...env });
  cleanups.push(() => s.kill());
  return s;
}

const row = (i: number, withEmail: boolean) => ({
  Extension: String(100_000 + i),
  Domain: TENANT,
  'Site Name': 'Main',
  'First Name': `First${i}`,
  'Last Name': `Last${i}`,
  Admin: 'false',
  Email: withEmail ? `user${i}@${TENANT}` : '',
  Linked: 'false',
  'Mobile App Allowed': 'false',
  'Desktop App Allowed': 'false',
  tenantid: TENANT,
});

async function createTenantAndImport(s: ServerProcess, token: string, n: number, withEmail: boolean): Promise<number> {
  const tenant = await s.call(
    'createTenant',
    { tid: TENANT, tname: 'Crash Test', domain: TENANT, site_name: 'Main' },
    token,
  );
  expect(tenant.status, JSON.stringify(tenant.json)).toBe(200);
  const res = await s.call<{ job_id: number; to_create: number; errors: unknown[] }>(
    'extensionsImport',
    Array.from({ length: n }, (_, i) => row(i, withEmail)),
    token,
  );
  expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
  expect(res.json).toMatchObject({ to_create: n, errors: [] });
  return res.json.job_id;
}

const job = (db: Db, id: number) =>
  db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const count = async (db: Db, table: 'extensions' | 'builtin_extensions') =>
  Number(
    (
      await db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', TENANT)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Every recipient got exactly one distinct message; raw duplicates (same Message-ID twice) are counted apart. */
function deliveries(received: Received[]) {
  const byRecipient = new Map<string, Set<string>>();
  for (const r of received) byRecipient.set(r.to, (byRecipient.get(r.to) ?? new Set()).add(r.messageId));
  return {
    recipients: byRecipient.size,
    distinct: new Set(received.map((r) => r.messageId)).size,
    duplicates: received.length - new Set(received.map((r) => `${r.to} ${r.messageId}`)).size,
    moreThanOne: [...byRecipient].filter(([, ids]) => ids.size !== 1).map(([to]) => to),
  };
}

async function emailAll(s: ServerProcess, token: string, n: number): Promise<number> {
  const res = await s.call<{ job_id: number }>(
    'emailLink',
    {
      recepient: Array.from({ length: n }, (_, i) => `user${i}@${TENANT}`),
      subject: 'Your app',
      body: '<p>Hi {{first_name}}: {{link}}</p>',
      tenant_id: TENANT,
    },
    token,
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.job_id;
}

describe('crash and outage', () => {
  it('SIGKILL in the middle of a 10,000-row import: after a restart the import ends with exactly 10,000 rows', async () => {
    const store = await freshStore();
    cleanups.push(() => store.dispose());
    const s1 = await start(store);
    const token = await s1.login();
    const id = await createTenantAndImport(s1, token, 10_000, false);
    await until(
      'the import to be part-way',
      async () => {
        const j = await job(store.db, id);
        return j.done > 0 && j.done < j.total;
      },
      60_000,
      5,
    );
    await s1.kill();
    const atKill = await job(store.db, id);
    expect(atKill.status).toBe('running');
    expect(atKill.done).toBeLessThan(10_000);
    const s2 = await start(store);
    // The session made before the crash still works on the new process.
    expect((await s2.call('jobStatus', { id }, token)).status).toBe(200);
    await until('the import to finish', async () => (await job(store.db, id)).status === 'done', 90_000, 100);
    const done = await job(store.db, id);
    expect(JSON.parse(done.result!)).toEqual({ applied: 10_000, skipped: 0 });
    expect(await count(store.db, 'extensions')).toBe(10_000);
    expect(await count(store.db, 'builtin_extensions')).toBe(10_000);
    expect(done.attempts).toBe(2);
  }, 240_000);

  it('SIGKILL twice during a bulk email of 1,000 messages: every message is delivered once', async () => {
    const store = await freshStore();
    cleanups.push(() => store.dispose());
    const received: Received[] = [];
    const smtpPort = await freePort();
    cleanups.push(await smtpOn(smtpPort, received));
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
    const s1 = await start(store, env);
    const token = await s1.login();
    const importId = await createTenantAndImport(s1, token, 1_000, true);
    await until('the import', async () => (await job(store.db, importId)).status === 'done', 60_000, 50);
    // QR links go to linked extensions with an app account only (issue #20).
    await giveAppAccounts(store.db, CLOUD_ID, TENANT);
    const id = await emailAll(s1, token, 1_000);
    // First kill while the job is still queuing messages (it checkpoints every 25 recipients).
    await until(
      'the email job to be part-way',
      async () => {
        const j = await job(store.db, id);
        return j.done > 0 && j.done < 1_000;
      },
      60_000,
      2,
    );
    await s1.kill();
    const s2 = await start(store, env);
    // Second kill while the outbox is being sent.
    await until('some mail to be sent', async () => received.length >= 300, 120_000, 5);
    await s2.kill();
    const sentAtKill = received.length;
    const s3 = await start(store, env);
    await until(
      'every message to be sent',
      async () => {
        const left = await store.db.kysely
          .selectFrom('mail_messages')
          .select('id')
          .where('status', '!=', 'sent')
          .execute();
        return left.length === 0 && (await job(store.db, id)).status === 'done';
      },
      120_000,
      200,
    );
    const d = deliveries(received);
    expect(sentAtKill).toBeLessThan(1_000);
    expect(d.recipients).toBe(1_000);
    expect(d.distinct).toBe(1_000);
    expect(d.moreThanOne).toEqual([]);
    // At most the one message in flight at each kill can reach the SMTP server twice, with the same Message-ID.
    expect(d.duplicates).toBeLessThanOrEqual(2);
    const outbox = await store.db.kysely.selectFrom('mail_messages').select('id').execute();
    expect(outbox).toHaveLength(1_000);
    const report = await s3.call<{ status: string; result: { queued: number; failures: string[] } }>(
      'jobStatus',
      { id },
      token,
    );
    expect(report.json).toMatchObject({ status: 'done', result: { queued: 1_000, failures: [] } });
    console.info(
      `bulk email with two kills: ${received.length} SMTP deliveries, ${d.distinct} distinct, ${d.duplicates} duplicate(s) by Message-ID`,
    );
  }, 300_000);

  it('SMTP down during a bulk email, then back: every message is delivered once and the job reports success', async () => {
    const store = await freshStore();
    cleanups.push(() => store.dispose());
    const received: Received[] = [];
    const smtpPort = await freePort();
    const s = await start(store, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    const token = await s.login();
    const importId = await createTenantAndImport(s, token, 1_000, true);
    await until('the import', async () => (await job(store.db, importId)).status === 'done', 60_000, 50);
    // QR links go to linked extensions with an app account only (issue #20).
    await giveAppAccounts(store.db, CLOUD_ID, TENANT);
    const id = await emailAll(s, token, 1_000);
    await until(
      'deliveries to fail',
      async () => {
        const failed = await store.db.kysely
          .selectFrom('mail_messages')
          .select('id')
          .where('status', '=', 'failed')
          .execute();
        return failed.length >= 100;
      },
      60_000,
      50,
    );
    cleanups.push(await smtpOn(smtpPort, received));
    await until(
      'every message to be sent',
      async () => {
        const left = await store.db.kysely
          .selectFrom('mail_messages')
          .select('id')
          .where('status', '!=', 'sent')
          .execute();
        return left.length === 0;
      },
      180_000,
      200,
    );
    const d = deliveries(received);
    expect(d.recipients).toBe(1_000);
    expect(d.distinct).toBe(1_000);
    expect(d.duplicates).toBe(0);
    const report = await s.call<{ status: string; result: { queued: number; failures: string[] } }>(
      'jobStatus',
      { id },
      token,
    );
    expect(report.json).toMatchObject({ status: 'done', result: { queued: 1_000, failures: [] } });
  }, 300_000);
});
