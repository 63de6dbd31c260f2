import { type Page, expect, test } from '../support/test';
import { Secret, TOTP } from 'otpauth';
import { apiCall, search, signInAdmin, stamp, toast } from '../support/admin';
import { shot } from '../support/helpers';

/**
 * Issue #18 item 1: two-factor sign-in in the browser. Codes are computed here from the secret the screen shows
 * (its text form), as an authenticator app would.
 */
const STEP = 30_000;
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function password(page: Page, user: string, pass: string) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(pass);
  await page.getByTestId('login-submit').click();
}

async function signOut(page: Page) {
  await apiCall(page, 'logout');
  await page.evaluate(() => localStorage.removeItem('token'));
}

/** Waits out the last seconds of a 30-second step, so a code typed now is still of the server's step. */
async function midStep() {
  const into = Date.now() % STEP;
  if (into > STEP - 5000) await new Promise((r) => setTimeout(r, STEP - into + 100));
}

test('enrolment from the profile, sign-in with a code, a wrong code, a recovery code, a remembered browser', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  const s = stamp();
  const username = `tf.user.${s}`;
  await signInAdmin(page);
  await apiCall(page, 'createUpdateUser', {
    name: `Tessa Token ${s}`,
    email: `tessa.${s}@bluebird.example`,
    username,
    password: 'Tessa-pass-1',
    user_type: 'simple user',
    company: 'bluebird.example',
    active: true,
  });
  await signOut(page);

  // Enrolment from the profile screen: QR code and key, a wrong code refused, then ten recovery codes.
  await password(page, username, 'Tessa-pass-1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/userEdit');
  const card = page.getByTestId('two-factor-card');
  await expect(card).toContainText('Two-factor sign-in');
  await expect(page.getByTestId('two-factor-badge')).toHaveText('Off');
  await page.getByTestId('two-factor-turn-on').click();
  await expect(page.getByTestId('two-factor-qr').locator('svg')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByTestId('two-factor-code-input').fill('12345');
  await page.getByTestId('two-factor-submit').click();
  await expect(card).toContainText('Enter the 6-digit code from your authenticator app.');
  await midStep();
  await page.getByTestId('two-factor-code-input').fill(codeAt(secret, Date.now() + 5 * STEP));
  await page.getByTestId('two-factor-submit').click();
  await expect(page.getByTestId('two-factor-error')).toHaveText(
    'This code is not valid. Check your authenticator app and try again.',
  );
  await shot(page, 'two-factor-enrol-profile-1280');
  await page.getByTestId('two-factor-code-input').fill(codeAt(secret, Date.now()));
  await page.getByTestId('two-factor-submit').click();
  const codes = page.getByTestId('two-factor-code');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await shot(page, 'two-factor-recovery-codes-1280');
  await page.getByTestId('two-factor-codes-done').click();
  await expect(page.getByTestId('two-factor-badge')).toContainText('On since');
  await expect(page.getByTestId('two-factor-codes-left')).toHaveText('10 recovery codes left');
  await signOut(page);

  // The second step: no session after the password; a wrong code, then the next step's code.
  await password(page, username, 'Tessa-pass-1');
  const step = page.getByTestId('two-factor-step');
  await expect(step).toContainText('Enter the 6-digit code from your authenticator app.');
  await expect(page.getByTestId('two-factor-code-input')).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(step).toContainText('Remember this browser for 30 days');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await midStep();
  await page.getByTestId('two-factor-code-input').fill(codeAt(secret, Date.now() - 3 * STEP));
  await page.getByTestId('two-factor-submit').click();
  await expect(page.getByTestId('two-factor-error')).toHaveText(
    'This code is not valid. Check your authenticator app and try again.',
  );
  await shot(page, 'two-factor-step-wrong-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'two-factor-step-390');
  await page.getByTestId('two-factor-code-input').fill(codeAt(secret, Date.now() + STEP));
  await page.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.setViewportSize({ width: 1280, height: 860 });
  await signOut(page);

  // A recovery code, with "remember this browser": the next sign-in needs the password only.
  await password(page, username, 'Tessa-pass-1');
  await page.getByTestId('two-factor-switch').click();
  await expect(page.getByTestId('two-factor-step')).toContainText('Enter one of the recovery codes');
  await page.getByTestId('two-factor-recovery').fill((recovery[0] ?? '').toLowerCase());
  await page.getByTestId('two-factor-remember').click();
  await shot(page, 'two-factor-step-recovery-1280');
  await page.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/userEdit');
  await expect(page.getByTestId('two-factor-codes-left')).toHaveText('9 recovery codes left');
  await signOut(page);
  await password(page, username, 'Tessa-pass-1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);

  // The used recovery code is refused on another browser (no remember token there).
  await page.evaluate(() => localStorage.removeItem('twoFactorRemember'));
  await password(page, username, 'Tessa-pass-1');
  await page.getByTestId('two-factor-switch').click();
  await page.getByTestId('two-factor-recovery').fill(recovery[0] ?? '');
  await page.getByTestId('two-factor-submit').click();
  await expect(page.getByTestId('two-factor-error')).toHaveText(
    'This code is not valid. Check your authenticator app and try again.',
  );
});

test('forced enrolment of a reseller user in French, then an administrator resets it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  const s = stamp();
  const email = `tf.seller.${s}@e2e.example`;
  await signInAdmin(page);
  const { id } = await apiCall<{ id: number }>(page, 'createUpdateResellerUser', {
    name: `Rose Revendeuse ${s}`,
    email,
    password: 'Rose-pass-12',
  });
  // The policy from its screen: required for reseller users.
  await page.getByTestId('nav-sign_in_security').click();
  await expect(page).toHaveURL(/\/sign_in_security$/);
  await page.getByTestId('two-factor-policy-select').click();
  await page.getByRole('option', { name: 'Required for reseller users' }).click();
  await page.getByTestId('two-factor-policy-save').click();
  await toast(page, 'The two-factor sign-in policy was saved.');
  await shot(page, 'two-factor-policy-1280');
  await signOut(page);

  try {
    await page.evaluate(() => localStorage.setItem('lang', 'fr'));
    await password(page, email, 'Rose-pass-12');
    const enrol = page.getByTestId('two-factor-enrol');
    await expect(enrol).toContainText('Configurez la connexion en deux étapes');
    await expect(page.getByTestId('two-factor-qr').locator('svg')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const secret = (await page.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? '';
    await shot(page, 'two-factor-forced-enrol-fr-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'two-factor-forced-enrol-fr-390');
    await page.getByTestId('two-factor-code-input').fill('abc');
    await page.getByTestId('two-factor-submit').click();
    await expect(enrol).toContainText("Saisissez le code à 6 chiffres de votre application d'authentification.");
    await midStep();
    await page.getByTestId('two-factor-code-input').fill(codeAt(secret, Date.now()));
    await page.getByTestId('two-factor-submit').click();
    await expect(page.getByTestId('two-factor-code')).toHaveCount(10);
    await expect(enrol).toContainText('Enregistrez vos codes de secours');
    await shot(page, 'two-factor-forced-codes-fr-390');
    await page.getByTestId('two-factor-codes-done').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.setViewportSize({ width: 1280, height: 860 });
    await signOut(page);

    // The administrator resets it from the reseller user's details (French screen).
    await signInAdmin(page);
    await page.getByTestId('nav-reseller_users').click();
    await search(page, 'reseller-users', email);
    await expect(page.getByTestId('reseller-users-row')).toHaveCount(1);
    await page.getByTestId('reseller-users-edit').click();
    const account = page.getByTestId('two-factor-account');
    await expect(page.getByTestId('two-factor-account-status')).toContainText('Activée depuis le');
    await page.getByTestId('two-factor-reset').click();
    await page.getByTestId('confirm-delete').click();
    await toast(page, 'Le second facteur du compte a été supprimé et ses sessions ont été fermées.');
    await expect(page.getByTestId('two-factor-account-status')).toHaveText('Non configurée');
    await shot(page, 'two-factor-admin-reset-fr-1280');
    expect(await account.count()).toBe(1);
    const audit = await apiCall<{ entity: string; entity_id: string; after: { two_factor?: string } | null }[]>(
      page,
      'auditLog',
      { entity: 'reseller_user', entity_id: String(id) },
    );
    expect(audit.some((a) => a.after?.two_factor === 'reset by an administrator')).toBe(true);
  } finally {
    await page.evaluate(() => {
      localStorage.setItem('lang', 'en');
      localStorage.removeItem('token');
    });
    await signInAdmin(page);
    await apiCall(page, 'setTwoFactorPolicy', { required_for: 'off' });
  }
});
