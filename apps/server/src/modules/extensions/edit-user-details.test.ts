import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  admin = await t.login();
});
afterAll(() => t.close());

const details = async () =>
  (await t.call('getUserDetails', { extension: '102', tenant_id: 'bluebird.example' }, { token: admin })).json();

describe('editUserDetails user_details (issue 13 low item)', () => {
  it('refuses an unknown field inside user_details by name and changes nothing', async () => {
    const before = await details();
    const user_details = {
      firstName: 'Eve',
      lastName: 'Changed',
      emailAddress: 'eve@bluebird.example',
      linked: false,
      admin: true,
    };
    const res = await t.call(
      'editUserDetails',
      { extension: '102', tenant_id: 'bluebird.example', user_details },
      { token: admin },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'user_details.linked, user_details.admin is not an accepted field.',
    });
    const es = await t.call(
      'editUserDetails',
      { extension: '102', tenant_id: 'bluebird.example', user_details: { ...user_details, linked: undefined } },
      { token: admin, lang: 'es' },
    );
    expect(es.json().error.message).toBe('user_details.admin no es un campo aceptado.');
    expect(await details()).toEqual(before);
    const ok = await t.call(
      'editUserDetails',
      {
        extension: '102',
        tenant_id: 'bluebird.example',
        user_details: { firstName: 'Eve', lastName: 'Kept', emailAddress: 'eve@bluebird.example' },
      },
      { token: admin },
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
