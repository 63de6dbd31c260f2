import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import { HOUSEKEEPING, scheduleHousekeeping } from './housekeeping';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ HISTORY_RETENTION_DAYS: '90', SESSION_IDLE_HOURS: '12', LOGIN_WINDOW_MINUTES: '15' });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const count = async (
  table:
    | 'sessions'
    | 'app_sessions'
    | 'password_resets'
    | 'login_failures'
    | 'provisioning_log'
    | 'jobs'
    | 'job_effects'
    | 'mail_messages',
) =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function runHousekeeping() {
  const { id } = await t.deps.jobs.enqueue(HOUSEKEEPING, {}, { dedupeKey: HOUSEKEEPING });
  await t.deps.jobs.drain();
  const job = await t.db.kysely
    .selectFrom('jobs')
    .select(['status', 'result'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(job.status).toBe('done');
  return JSON.parse(job.result!) as Record<string, number>;
}

describe('housekeeping', () => {
  it('removes ended sessions, old links, counters, history, jobs and mail; keeps what is live and each last set-up', async () => {
    const now = Date.now();
    const db = t.db.kysely;
    const token = await t.login();
    const session = {
      principal_type: 'user' as const,
      principal_id: 1,
      ip: '127.0.0.1',
      user_agent: 'test',
      created_at: now - 2 * DAY,
    };
    await db
      .insertInto('sessions')
      .values([
        { ...session, token_hash: 'revoked', last_used_at: now, revoked_at: now - 1000 },
        { ...session, token_hash: 'idle', last_used_at: now - 13 * 3_600_000, revoked_at: null },
      ])
      .execute();
    await db
      .insertInto('app_sessions')
      .values([
        {
          token_hash: 'app-idle',
          app_account_id: 1,
          created_at: now - 2 * DAY,
          last_used_at: now - 2 * DAY,
          revoked_at: null,
        },
        { token_hash: 'app-live', app_account_id: 1, created_at: now, last_used_at: now, revoked_at: null },
      ])
      .execute();
    await db
      .insertInto('password_resets')
      .values([
        {
          principal_type: 'user',
          principal_id: 1,
          token_hash: 'old-link',
          created_at: now - 3 * DAY,
          expires_at: now - 2 * DAY,
          used_at: null,
        },
        {
          principal_type: 'user',
          principal_id: 1,
          token_hash: 'live-link',
          created_at: now,
          expires_at: now + 3_600_000,
          used_at: null,
        },
      ])
      .execute();
    await db
      .insertInto('login_failures')
      .values([
        {
          key: 'login:user:old',
          failures: 3,
          first_at: now - DAY,
          last_at: now - DAY,
          expires_at: now - DAY + 900_000,
        },
        {
          key: 'login:user:recent',
          failures: 3,
          first_at: now - 60_000,
          last_at: now - 60_000,
          expires_at: now + 840_000,
        },
      ])
      .execute();
    const prov = {
      cloud_id: 'DEMO',
      account: 'ann@example.test',
      tenant_id: 'acme.example',
      ip: '10.0.0.1',
      user_agent: 'Acrobits',
    };
    await db
      .insertInto('provisioning_log')
      .values([
        { ...prov, extension: '100', at: now - 200 * DAY, result: 'ok' }, // an older set-up: goes
        { ...prov, extension: '100', at: now - 100 * DAY, result: 'ok' }, // its last set-up: stays, however old
        { ...prov, extension: '100', at: now - 100 * DAY + 1, result: 'denied' }, // goes
        { ...prov, extension: '101', at: now - 10 * DAY, result: 'ok' }, // within the retention: stays
        { ...prov, extension: null, tenant_id: null, at: now - 95 * DAY, result: 'missing' }, // goes
      ])
      .execute();
    const job = {
      type: 'extensions.sync',
      payload: '{}',
      created_by: 'test',
      created_at: now - 120 * DAY,
      run_after: now - 120 * DAY,
    };
    const [oldDone, recentDone, oldQueued] = await Promise.all(
      [
        { ...job, status: 'done' as const, updated_at: now - 100 * DAY },
        { ...job, status: 'done' as const, updated_at: now - 10 * DAY },
        { ...job, status: 'queued' as const, updated_at: now - 100 * DAY, run_after: now + DAY },
      ].map((j) => db.insertInto('jobs').values(j).returning('id').executeTakeFirstOrThrow()),
    );
    await db
      .insertInto('job_effects')
      .values({ job_id: oldDone!.id, effect_key: 'mail:1', created_at: now - 100 * DAY })
      .execute();
    const mail = {
      kind: 'test',
      to_addr: 'a@example.test',
      cc: '',
      subject: 's',
      text_body: 't',
      attempts: 1,
      next_attempt_at: 0,
      created_at: now - 100 * DAY,
    };
    await db
      .insertInto('mail_messages')
      .values([
        { ...mail, status: 'sent' },
        { ...mail, status: 'logged' },
        { ...mail, status: 'failed', last_error: 'refused' },
        { ...mail, status: 'sent', created_at: now - DAY },
      ])
      .execute();

    const report = await runHousekeeping();
    expect(report).toEqual({
      sessions: 2,
      app_sessions: 1,
      password_resets: 1,
      login_failures: 1,
      provisioning_log: 3,
      jobs: 1,
      mail_messages: 2,
    });

    const left = await db.selectFrom('provisioning_log').select(['extension', 'result', 'at']).orderBy('at').execute();
    expect(left).toEqual([
      { extension: '100', result: 'ok', at: now - 100 * DAY },
      { extension: '101', result: 'ok', at: now - 10 * DAY },
    ]);
    const jobIds = (await db.selectFrom('jobs').select('id').execute()).map((j) => j.id);
    expect(jobIds).not.toContain(oldDone!.id);
    expect(jobIds).toEqual(expect.arrayContaining([recentDone!.id, oldQueued!.id]));
    expect(await count('job_effects')).toBe(0);
    expect((await db.selectFrom('mail_messages').select('status').execute()).map((m) => m.status).sort()).toEqual([
      'failed',
      'sent',
    ]);
    expect((await db.selectFrom('password_resets').select('token_hash').execute()).map((r) => r.token_hash)).toEqual([
      'live-link',
    ]);
    // (The test's own sign-ins leave live counters and a remembered address: those stay too.)
    expect(
      (await db.selectFrom('login_failures').select('key').where('key', 'like', 'login:%').execute()).map((r) => r.key),
    ).toEqual(['login:user:recent']);
    expect((await db.selectFrom('app_sessions').select('token_hash').execute()).map((r) => r.token_hash)).toEqual([
      'app-live',
    ]);
    // The admin's live session still works; "App set up" still shows extension 100's last set-up.
    const last = await t.call('getLastProvisioned', { tenant_id: 'acme.example' }, { token });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toEqual(expect.arrayContaining([{ extension: '100', at: now - 100 * DAY }]));

    // A second run finds nothing more to do.
    expect(Object.values(await runHousekeeping()).every((v) => v === 0)).toBe(true);
  });

  it('is queued once however many instances schedule it', async () => {
    const errors: unknown[] = [];
    const stops = [
      scheduleHousekeeping(t.deps.jobs, (e) => errors.push(e)),
      scheduleHousekeeping(t.deps.jobs, (e) => errors.push(e)),
    ];
    await new Promise((r) => setTimeout(r, 200));
    stops.forEach((stop) => stop());
    const queued = await t.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('type', '=', HOUSEKEEPING)
      .where('status', '=', 'queued')
      .execute();
    expect(errors).toEqual([]);
    expect(queued).toHaveLength(1);
    await t.deps.jobs.drain();
  });
});
