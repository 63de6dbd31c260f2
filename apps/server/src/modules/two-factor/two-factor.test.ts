import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createResellerUser, createUser, startTestApp } from '../../../test/harness';

/**
 * Two-factor sign-in (issue #18 item 1) through the real app: codes are computed here with otpauth at the server's
 * current step, one and two steps either side.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES: '5', LOGIN_SLOW_AFTER: '3', TWO_FACTOR_REMEMBER_DAYS: '7' });
});
afterAll(() => t.close());

const STEP = 30_000;
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
/** Keeps a test's codes inside one step of the server's clock (waits out the last 3 s of a step). */
async function midStep() {
  const into = Date.now() % STEP;
  if (into > STEP - 3000) await new Promise((r) => setTimeout(r, STEP - into + 50));
}
const login = (user: string, password: string, extra: object = {}) =>
  t.call('adminLogin', { cloud_id: 'DEMO', user, password, ...extra });

async function challengeOf(user: string, password: string): Promise<string> {
  const res = await login(user, password);
  expect(res.statusCode).toBe(200);
  expect(res.json().Token).toBeUndefined();
  expect(res.json().two_factor.step).toBe('verify');
  return res.json().two_factor.challenge;
}

/** Signs in with the password alone (no factor yet), sets up and turns on a factor; answers its secret and codes. */
async function enrol(user: string, password: string) {
  const token = await t.login(user, password);
  const setup = await t.call('twoFactorSetup', {}, { token });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_uri } = setup.json();
  expect(otpauth_uri).toContain(`secret=${secret}`);
  await midStep();
  const on = await t.call('twoFactorEnable', { code: codeAt(secret, Date.now()) }, { token });
  expect(on.statusCode).toBe(200);
  return { token, secret: secret as string, codes: on.json().recovery_codes as string[] };
}

const auditOf = (entityId: string | number) =>
  t.db.kysely.selectFrom('audit_log').selectAll().where('entity_id', '=', String(entityId)).orderBy('id').execute();

describe('enrolment from the profile', () => {
  it('confirms a new secret with a code, shows ten recovery codes once and keeps only hashes', async () => {
    const id = await createUser(t.db, { username: 'enrol1', password: 'enrol1-pass' });
    const token = await t.login('enrol1', 'enrol1-pass');
    const setup = (await t.call('twoFactorSetup', {}, { token })).json();
    expect(setup.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Provisio:enrol1\?/);
    // A wrong code and a malformed one change nothing.
    await midStep();
    const wrong = await t.call('twoFactorEnable', { code: codeAt(setup.secret, Date.now() + 5 * STEP) }, { token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_code');
    const malformed = await t.call('twoFactorEnable', { code: '12a456' }, { token, lang: 'es' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields[0].message).toMatch(/6 dígitos/);
    expect((await t.call('twoFactorStatus', undefined, { token })).json().enabled).toBe(false);

    const on = await t.call(
      'twoFactorEnable',
      { code: ` ${codeAt(setup.secret, Date.now()).replace(/^(...)/, '$1 ')}` },
      { token },
    );
    expect(on.statusCode).toBe(200);
    const codes: string[] = on.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const status = (await t.call('twoFactorStatus', undefined, { token })).json();
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });

    const stored = await t.db.kysely.selectFrom('two_factor').selectAll().where('principal_id', '=', id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.secret_enc).not.toContain(setup.secret);
    expect(stored[0]?.secret_enc).toMatch(/^v1\./);
    const hashes = await t.db.kysely.selectFrom('two_factor_recovery_codes').select('code_hash').execute();
    const all = JSON.stringify(hashes);
    for (const c of codes) expect(all).not.toContain(c.replace(/-/g, ''));
    // A second set-up is refused while the factor is on.
    expect((await t.call('twoFactorSetup', {}, { token })).statusCode).toBe(409);
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({ entity: 'user', action: 'update', actor_name: 'enrol1' });
    expect(audit.at(-1)?.after_json).toContain('"two_factor":"on"');
  });
});

describe('sign-in with a code', () => {
  it('answers a challenge instead of a Token, accepts one step of drift either way and refuses two', async () => {
    const id = await createUser(t.db, { username: 'drift', password: 'drift-pass' });
    const { secret } = await enrol('drift', 'drift-pass');
    // As if enrolled long ago: the enrolment's own code took the current step.
    await t.db.kysely.updateTable('two_factor').set({ last_step: 0 }).where('principal_id', '=', id).execute();
    await midStep();
    const now = Date.now();
    // Refused first (a refusal spends no step): two steps behind and ahead.
    for (const at of [now - 2 * STEP, now + 2 * STEP]) {
      const res = await t.call('verifyTwoFactor', {
        challenge: await challengeOf('drift', 'drift-pass'),
        code: codeAt(secret, at),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toMatch(/not valid/);
    }
    // Then one step behind, the current step and one step ahead, in that order (each a later step).
    for (const at of [now - STEP, now, now + STEP]) {
      const res = await t.call('verifyTwoFactor', {
        challenge: await challengeOf('drift', 'drift-pass'),
        code: codeAt(secret, at),
      });
      expect(res.statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { token: res.json().Token } });
      expect(me.json().username).toBe('drift');
    }
    // A replayed code (and any of an earlier step) is refused.
    const replay = await t.call(
      'verifyTwoFactor',
      { challenge: await challengeOf('drift', 'drift-pass'), code: codeAt(secret, now + STEP) },
      { lang: 'fr' },
    );
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe('Ce code a déjà été utilisé. Veuillez attendre le suivant.');
  });

  it('spends a challenge once and refuses an unknown one', async () => {
    await createUser(t.db, { username: 'once', password: 'once-pass' });
    const { secret } = await enrol('once', 'once-pass');
    const challenge = await challengeOf('once', 'once-pass');
    await midStep();
    await new Promise((r) => setTimeout(r, 0));
    const ok = await t.call('verifyTwoFactor', { challenge, code: codeAt(secret, Date.now() + STEP) });
    expect(ok.statusCode).toBe(200);
    const again = await t.call('verifyTwoFactor', { challenge, code: codeAt(secret, Date.now() + STEP) });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toMatch(/expired/);
    const unknown = await t.call('verifyTwoFactor', { challenge: 'x'.repeat(43), code: '123456' });
    expect(unknown.statusCode).toBe(401);
  });

  it('lets only one of two parallel submissions of the same code win', async () => {
    await createUser(t.db, { username: 'race', password: 'race-pass' });
    const { secret } = await enrol('race', 'race-pass');
    const challenges = [await challengeOf('race', 'race-pass'), await challengeOf('race', 'race-pass')];
    await midStep();
    const code = codeAt(secret, Date.now() + STEP);
    const res = await Promise.all(challenges.map((challenge) => t.call('verifyTwoFactor', { challenge, code })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('throttles wrong codes like passwords, atomically under parallel guesses', async () => {
    await createUser(t.db, { username: 'guessed', password: 'guessed-pass' });
    const { secret } = await enrol('guessed', 'guessed-pass');
    const challenge = await challengeOf('guessed', 'guessed-pass');
    await midStep();
    const right = codeAt(secret, Date.now());
    const wrongCodes = Array.from({ length: 20 }, (_, i) =>
      String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0'),
    );
    // From an address of its own, so the address's limit (shared with passwords) does not touch the other tests.
    const guess = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/verifyTwoFactor',
        remoteAddress: '192.0.2.7',
        payload: { challenge, code },
      });
    const res = await Promise.all(wrongCodes.map(guess));
    const statuses = res.map((r) => r.statusCode);
    // LOGIN_MAX_FAILURES=5: at most five guesses were checked, every other one refused before its check.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(res.find((r) => r.statusCode === 429)?.headers['retry-after']).toBeDefined();
    // The right code is refused too while the account is locked.
    expect((await guess(right)).statusCode).toBe(429);
  }, 60_000);

  it('refuses malformed input with a 400 in the caller language', async () => {
    const challenge = 'y'.repeat(43);
    const cases = [
      { challenge },
      { challenge, code: '123456', recovery_code: 'ABCD-EFGH-JK23' },
      { challenge, code: '12345' },
      { challenge, recovery_code: 'ABC' },
      { challenge, code: '123456', extra: 1 },
    ];
    for (const body of cases) {
      const res = await t.call('verifyTwoFactor', body, { lang: 'pt' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const short = await t.call('verifyTwoFactor', { challenge, code: '12345' }, { lang: 'pt' });
    expect(short.json().error.fields[0].message).toMatch(/6 dígitos/);
  });
});

describe('recovery codes', () => {
  it('each signs in once; new ones replace the old', async () => {
    await createUser(t.db, { username: 'recover', password: 'recover-pass' });
    const { codes, token, secret } = await enrol('recover', 'recover-pass');
    const first = codes[0]!.toLowerCase().replace(/-/g, ' ');
    const ok = await t.call('verifyTwoFactor', {
      challenge: await challengeOf('recover', 'recover-pass'),
      recovery_code: first,
    });
    expect(ok.statusCode).toBe(200);
    const reused = await t.call('verifyTwoFactor', {
      challenge: await challengeOf('recover', 'recover-pass'),
      recovery_code: codes[0],
    });
    expect(reused.statusCode).toBe(401);
    expect((await t.call('twoFactorStatus', undefined, { token })).json().recovery_codes_left).toBe(9);
    // New codes need the password or a code.
    expect((await t.call('twoFactorRecoveryCodes', {}, { token })).statusCode).toBe(400);
    expect((await t.call('twoFactorRecoveryCodes', { password: 'nope' }, { token })).json().error.code).toBe(
      'wrong_password',
    );
    const fresh = await t.call('twoFactorRecoveryCodes', { password: 'recover-pass' }, { token });
    expect(fresh.statusCode).toBe(200);
    const old = await t.call('verifyTwoFactor', {
      challenge: await challengeOf('recover', 'recover-pass'),
      recovery_code: codes[1],
    });
    expect(old.statusCode).toBe(401);
    const next = await t.call('verifyTwoFactor', {
      challenge: await challengeOf('recover', 'recover-pass'),
      recovery_code: fresh.json().recovery_codes[3],
    });
    expect(next.statusCode).toBe(200);
    expect(secret).toBeTruthy();
  });
});

describe('remember this browser', () => {
  it('skips the second step with its token until the password changes', async () => {
    await createUser(t.db, { username: 'remember', password: 'remember-pass' });
    const { secret } = await enrol('remember', 'remember-pass');
    await midStep();
    const res = await t.call('verifyTwoFactor', {
      challenge: await challengeOf('remember', 'remember-pass'),
      code: codeAt(secret, Date.now() + STEP),
      remember: true,
    });
    const { remember_token, remember_expires_at, Token } = res.json();
    expect(remember_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(remember_expires_at - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(remember_expires_at - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    const stored = await t.db.kysely.selectFrom('two_factor_remembered').select('token_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(remember_token);

    const skipped = await login('remember', 'remember-pass', { two_factor_remember: remember_token });
    expect(skipped.json().Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(skipped.json().two_factor).toBeUndefined();
    // Another account's password with this token still needs its own second step (the token is per account).
    const other = await login('remember', 'remember-pass', { two_factor_remember: 'z'.repeat(43) });
    expect(other.json().two_factor.step).toBe('verify');

    const changed = await t.call(
      'changePassword',
      { old_password: 'remember-pass', new_password: 'remember-pass-2' },
      { token: Token },
    );
    expect(changed.statusCode).toBe(200);
    const after = await login('remember', 'remember-pass-2', { two_factor_remember: remember_token });
    expect(after.json().Token).toBeUndefined();
    expect(after.json().two_factor.step).toBe('verify');
  });
});

describe('turning it off', () => {
  it('needs the password or a code, and ends remembered browsers', async () => {
    await createUser(t.db, { username: 'leaver', password: 'leaver-pass' });
    const { token, secret } = await enrol('leaver', 'leaver-pass');
    await midStep();
    const wrong = await t.call('twoFactorDisable', { code: codeAt(secret, Date.now() + 4 * STEP) }, { token });
    expect(wrong.statusCode).toBe(400);
    const off = await t.call('twoFactorDisable', { code: codeAt(secret, Date.now() + STEP) }, { token });
    expect(off.statusCode).toBe(200);
    expect((await login('leaver', 'leaver-pass')).json().Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await t.call('twoFactorDisable', { password: 'leaver-pass' }, { token })).statusCode).toBe(409);
  });
});

describe('administrators', () => {
  it('require it for reseller users: they enrol after the password, without a session until then', async () => {
    const admin = await t.login();
    await createResellerUser(t.db, 'forced@example.test', 'Forced-pass-1');
    await createUser(t.db, { username: 'spared', password: 'spared-pass' });
    const set = await t.call('setTwoFactorPolicy', { required_for: 'reseller_users' }, { token: admin });
    expect(set.statusCode).toBe(200);
    expect((await t.call('getTwoFactorPolicy', undefined, { token: admin })).json()).toEqual({
      required_for: 'reseller_users',
    });
    const audit = await auditOf('two_factor_required_for');
    expect(audit.at(-1)).toMatchObject({ entity: 'system_setting', actor_name: 'admin' });
    expect(audit.at(-1)?.after_json).toContain('reseller_users');

    expect((await login('spared', 'spared-pass')).json().Token).toBeDefined();
    const res = await login('forced@example.test', 'Forced-pass-1');
    expect(res.json().Token).toBeUndefined();
    const { challenge, step } = res.json().two_factor;
    expect(step).toBe('enrol');
    // An enrol challenge is no second step.
    expect((await t.call('verifyTwoFactor', { challenge, code: '123456' })).statusCode).toBe(401);
    const setup = await t.call('twoFactorEnrolStart', { challenge });
    expect(setup.statusCode).toBe(200);
    await midStep();
    const wrong = await t.call('twoFactorEnrolFinish', {
      challenge,
      code: codeAt(setup.json().secret, Date.now() + 3 * STEP),
    });
    expect(wrong.statusCode).toBe(401);
    const done = await t.call('twoFactorEnrolFinish', { challenge, code: codeAt(setup.json().secret, Date.now()) });
    expect(done.statusCode).toBe(200);
    expect(done.json().recovery_codes).toHaveLength(10);
    expect(done.json().user_type).toBe('reseller user');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { token: done.json().Token } });
    expect(me.json().username).toBe('forced@example.test');
    expect((await t.call('twoFactorEnrolStart', { challenge })).statusCode).toBe(401);
    expect((await login('forced@example.test', 'Forced-pass-1')).json().two_factor.step).toBe('verify');
    await t.call('setTwoFactorPolicy', { required_for: 'off' }, { token: admin });
  });

  it("reset a user's second factor (audited, sessions ended); only administrators may", async () => {
    const admin = await t.login();
    const id = await createUser(t.db, { username: 'lostphone', password: 'lostphone-pass' });
    const { token } = await enrol('lostphone', 'lostphone-pass');
    const rid = await createResellerUser(t.db, 'rlost@example.test', 'Rlost-pass-1');
    const { token: rtoken } = await enrol('rlost@example.test', 'Rlost-pass-1');

    for (const who of [token, rtoken]) {
      for (const name of ['resetTwoFactor', 'setTwoFactorPolicy', 'getTwoFactorPolicy', 'twoFactorAccountStatus']) {
        const body = name === 'setTwoFactorPolicy' ? { required_for: 'off' } : { account_type: 'user', id };
        expect((await t.call(name, body, { token: who })).statusCode).toBe(403);
      }
    }
    const status = await t.call('twoFactorAccountStatus', { account_type: 'user', id }, { token: admin });
    expect(status.json().enabled).toBe(true);
    expect((await t.call('resetTwoFactor', { account_type: 'user', id: 999_999 }, { token: admin })).statusCode).toBe(
      404,
    );
    const reset = await t.call('resetTwoFactor', { account_type: 'user', id }, { token: admin });
    expect(reset.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { token } });
    expect(me.statusCode).toBe(401);
    expect((await login('lostphone', 'lostphone-pass')).json().Token).toBeDefined();
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({ entity: 'user', action: 'update', actor_name: 'admin' });
    expect(audit.at(-1)?.after_json).toContain('reset by an administrator');

    expect(
      (await t.call('resetTwoFactor', { account_type: 'reseller_user', id: rid }, { token: admin })).statusCode,
    ).toBe(200);
    expect((await login('rlost@example.test', 'Rlost-pass-1')).json().Token).toBeDefined();
    expect((await t.call('setTwoFactorPolicy', { required_for: 'nobody' }, { token: admin })).statusCode).toBe(400);
  });
});
