import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';

let t: TestApp;
let appToken: string;
const USER = 'set.user@bluebird.example';
const PASSWORD = 'Set!Passw0rd';

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  const admin = await t.login();
  await t.call(
    'linkExtension',
    {
      email: USER,
      did: '+15550102',
      pin: '246813',
      password: 'Temp!pw12',
      extension: '103',
      tenant_id: 'bluebird.example',
    },
    { token: admin },
  );
  expect(
    (await t.call('changeAppPassword', { username: USER, old_password: 'Temp!pw12', new_password: PASSWORD }))
      .statusCode,
  ).toBe(200);
  appToken = (await t.call('appLogin', { username: USER, password: Buffer.from(PASSWORD).toString('base64') })).json()
    .app_token;
});
afterAll(() => t.close());

const call = (name: string, body: unknown, token: string | null = appToken, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/${name}`,
    headers: { ...(token ? { 'app-token': token } : {}), ...(lang ? { 'accept-language': lang } : {}) },
    payload: body as object,
  });

const valid: Record<string, object> = {
  appSettings: { language: 'pt', theme: 'dark', ringtone: 'Marimba', vibrate: false, start_on_boot: true },
  accountSettings: { display_name: 'Set User', caller_id: '+15550199', status_message: 'In clinic' },
  callControlSettings: {
    dnd: true,
    call_waiting: false,
    forward_always: { enabled: false, number: '' },
    forward_busy: { enabled: true, number: '+15550123' },
    forward_no_answer: { enabled: true, number: '200', ring_seconds: 25 },
  },
  callGroupsSettings: { groups: ['Clinic', 'Reception'] },
  blockedNumbersSettings: { numbers: ['+15550000', '*67'], block_anonymous: true },
  schedulesSettings: {
    schedules: [
      { name: 'Lunch', days: ['mon', 'fri'], start: '12:00', end: '13:00', action: 'voicemail', forward_number: '' },
    ],
  },
  voicemailSettings: {
    enabled: true,
    pin: '9753',
    email_notification: true,
    email: 'vm@example.test',
    attach_audio: true,
  },
};

describe('app settings', () => {
  it('needs the app session: 401 without it or with an admin token', async () => {
    const none = await call('getAppSettings', { tab: 'appSettings' }, null);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toBe('Please sign in with your app account again.');
    expect((await call('getAppSettings', { tab: 'appSettings' }, await t.login())).statusCode).toBe(401);
  });

  it('shows defaults, then saves and reloads every tab', async () => {
    const first = (await call('getAppSettings', { tab: 'voicemailSettings' })).json();
    expect(first.values).toMatchObject({ enabled: true, pin: '246813', email: USER });
    const groups = (await call('getAppSettings', { tab: 'callGroupsSettings' })).json();
    expect(groups.options.groups).toEqual(['Reception', 'Clinic']);
    for (const [tab, values] of Object.entries(valid)) {
      const saved = await call('saveAppSettings', { tab, values });
      expect(saved.statusCode, tab).toBe(200);
      expect(saved.json().message).toBe('Successfully saved data!');
      // The builtin platform stores every tab (nothing to enforce, nothing refused).
      expect(saved.json(), tab).toMatchObject({ availability: 'stored', read_only: false });
      expect(saved.json().availability_message).toBeUndefined();
      const back = (await call('getAppSettings', { tab })).json();
      expect(back.values, tab).toEqual(values);
    }
    const blf = (await call('getAppSettings', { tab: 'blfSettings' })).json();
    expect(blf).toMatchObject({ read_only: true, values: { keys: [] } });
  });

  it('refuses invalid values per tab with translated messages', async () => {
    const cases: [string, object, string, string?][] = [
      [
        'callControlSettings',
        { ...valid.callControlSettings, forward_busy: { enabled: true, number: '' } },
        'Please enter the number to forward calls to.',
      ],
      [
        'callControlSettings',
        { ...valid.callControlSettings, forward_busy: { enabled: true, number: 'abc' } },
        'Please enter a valid phone number (digits, +, * and # only).',
      ],
      [
        'blockedNumbersSettings',
        { numbers: ['12x'], block_anonymous: false },
        'Please enter a valid phone number (digits, +, * and # only).',
      ],
      [
        'schedulesSettings',
        { schedules: [{ ...(valid.schedulesSettings as { schedules: object[] }).schedules[0], start: '14:00' }] },
        'Each schedule needs a name, at least one day, and a start time before its end time.',
      ],
      ['voicemailSettings', { ...valid.voicemailSettings, pin: '12' }, 'The voicemail PIN must be 4 to 10 digits.'],
      [
        'voicemailSettings',
        { ...valid.voicemailSettings, pin: '12' },
        'El PIN del buzón de voz debe tener de 4 a 10 cifras.',
        'es',
      ],
      [
        'voicemailSettings',
        { ...valid.voicemailSettings, email: '' },
        'Please enter the email address for voicemail notifications.',
      ],
      ['callGroupsSettings', { groups: ['Nope'] }, 'There is no call group named Nope.'],
      ['nonsenseSettings', {}, 'This settings page does not exist.'],
    ];
    for (const [tab, values, message, lang] of cases) {
      const res = await call('saveAppSettings', { tab, values }, appToken, lang);
      expect(res.statusCode, `${tab} ${message}`).toBe(400);
      expect(res.json().error.message, tab).toBe(message);
    }
    const blf = await call('saveAppSettings', { tab: 'blfSettings', values: { keys: [] } });
    expect(blf.statusCode).toBe(403);
    expect(blf.json().error.message).toBe('These settings are managed by your administrator.');
    // Nothing invalid was stored.
    expect((await call('getAppSettings', { tab: 'voicemailSettings' })).json().values.pin).toBe('9753');
  });

  it('ends the session when the password changes', async () => {
    await t.call('changeAppPassword', { username: USER, old_password: PASSWORD, new_password: 'An0ther!pw' });
    expect((await call('getAppSettings', { tab: 'appSettings' })).statusCode).toBe(401);
  });
});
