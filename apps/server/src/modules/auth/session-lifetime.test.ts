import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import { housekeep } from '../housekeeping/housekeeping';

let t: TestApp;
const HOUR = 3_600_000;
const USER = 'life.app@bluebird.example';
const PASSWORD = 'L1fe!Passw0rd';

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true', SESSION_IDLE_HOURS: '12', SESSION_MAX_HOURS: '24' });
});
afterAll(() => t.close());

/** An app session signed in through the real calls. */
async function appSignIn(): Promise<string> {
  const admin = await t.login();
  const link = await t.call(
    'linkExtension',
    {
      email: USER,
      did: '+15550177',
      pin: '975310',
      password: 'Temp!pw12',
      extension: '104',
      tenant_id: 'bluebird.example',
    },
    { token: admin },
  );
  expect(link.statusCode, link.body).toBe(200);
  expect(
    (await t.call('changeAppPassword', { username: USER, old_password: 'Temp!pw12', new_password: PASSWORD }))
      .statusCode,
  ).toBe(200);
  const login = await t.call('appLogin', { username: USER, password: Buffer.from(PASSWORD).toString('base64') });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().app_token;
}
const appCall = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/getAppSettings',
    headers: { 'app-token': token },
    payload: { tab: 'appSettings' },
  });

/** Moves a session's sign-in back in time while it stays in use (last use: now). */
async function startedHoursAgo(table: 'sessions' | 'app_sessions', hours: number) {
  const row = await t.db.kysely.selectFrom(table).select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await t.db.kysely
    .updateTable(table)
    .set({ created_at: Date.now() - hours * HOUR, last_used_at: Date.now() })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

describe('absolute session lifetime (SESSION_MAX_HOURS)', () => {
  it('ends a portal session used without pause once it is older than SESSION_MAX_HOURS', async () => {
    const token = await t.login();
    await startedHoursAgo('sessions', 23);
    expect((await t.call('getProfileDetails', {}, { token })).statusCode).toBe(200);
    const id = await startedHoursAgo('sessions', 25);
    const late = await t.call('getProfileDetails', {}, { token });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('not_signed_in');
    // Housekeeping removes it, and leaves a fresh one.
    const fresh = await t.login();
    await housekeep(t.db.kysely, t.deps.config);
    expect(
      await t.db.kysely.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await t.call('getProfileDetails', {}, { token: fresh })).statusCode).toBe(200);
  });

  it('ends an app session used without pause once it is older than SESSION_MAX_HOURS', async () => {
    const token = await appSignIn();
    await startedHoursAgo('app_sessions', 23);
    expect((await appCall(token)).statusCode).toBe(200);
    const id = await startedHoursAgo('app_sessions', 25);
    expect((await appCall(token)).statusCode).toBe(401);
    await housekeep(t.db.kysely, t.deps.config);
    expect(
      await t.db.kysely.selectFrom('app_sessions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
