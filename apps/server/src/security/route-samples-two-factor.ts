import type { Sample } from './route-sample-types';

/**
 * Sample requests of the two-factor calls (issue #18 item 1). The public ones carry an unknown challenge (any answer
 * but a 5xx); the admin ones aim at the victim tenant's user.
 */
const challenge = 'not-a-challenge-of-this-server-000000000000';

export const TWO_FACTOR_SAMPLES: Record<string, Sample> = {
  'POST /api/v1/verifyTwoFactor': { body: () => ({ challenge, code: '123456' }) },
  'POST /api/v1/twoFactorEnrolStart': { body: () => ({ challenge }) },
  'POST /api/v1/twoFactorEnrolFinish': { body: () => ({ challenge, code: '123456' }) },
  'POST /api/v1/twoFactorSetup': { body: () => ({}) },
  'POST /api/v1/twoFactorEnable': { body: () => ({ code: '123456' }) },
  'POST /api/v1/twoFactorDisable': { body: () => ({ password: 'not-the-password' }) },
  'POST /api/v1/twoFactorRecoveryCodes': { body: () => ({ password: 'not-the-password' }) },
  'POST /api/v1/setTwoFactorPolicy': { body: () => ({ required_for: 'off' }) },
  'POST /api/v1/twoFactorAccountStatus': { body: (ids) => ({ account_type: 'user', id: ids.victimUser }) },
  'POST /api/v1/resetTwoFactor': { body: (ids) => ({ account_type: 'user', id: ids.victimUser }) },
};
