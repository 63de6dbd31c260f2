import { expect, test } from '../support/test';
import { apiCall, signInAdmin, stamp } from '../support/admin';
import { E2E } from '../support/constants';
import { readMails, shot, waitForMail } from '../support/helpers';

test('a reseller user resets their password through the emailed link, with the strength rules', async ({
  page,
  browser,
}) => {
  const email = `rhea.${stamp()}@e2e.example`;
  await signInAdmin(page);
  await apiCall(page, 'createUpdateResellerUser', { name: 'Rhea Reset', email, password: 'Initial-pass-1' });

  const visitor = await browser.newPage();
  await visitor.goto('/login');
  await visitor.getByTestId('login-forgot').click();
  const before = (await readMails()).length;
  await visitor.getByTestId('reset-username').fill(email);
  await visitor.getByTestId('reset-submit').click();
  await expect(
    visitor.getByText(/^If this username has an account that can reset its password, an email/),
  ).toBeVisible();

  const mail = await waitForMail(email, before);
  const escaped = E2E.baseUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const link = mail.text.match(new RegExp(`${escaped}/resetResellerPassword\\?ref=[A-Za-z0-9_-]+`))?.[0];
  expect(link, mail.text).toBeTruthy();

  await visitor.goto(link!);
  const meter = visitor.getByTestId('reset-strength');
  await visitor.getByTestId('reset-new-password').fill('abc');
  await expect(meter).toHaveAttribute('data-score', '0');
  await visitor.getByTestId('reset-confirm-password').fill('abc');
  await visitor.getByTestId('reset-password-submit').click();
  await expect(visitor.getByTestId('reset-password-error')).toHaveText(
    'New Password should be at least 8 characters long!',
  );

  await visitor.getByTestId('reset-new-password').fill('lowercase123');
  await visitor.getByTestId('reset-confirm-password').fill('lowercase123');
  await expect(meter).toHaveAttribute('data-score', '2');
  await expect(meter).toHaveAttribute('data-color', 'orange');
  await visitor.getByTestId('reset-password-submit').click();
  await expect(visitor.getByTestId('reset-password-error')).toHaveText('Password is weak');
  await shot(visitor, 'reseller-reset-weak');

  const strong = 'Rhea-Strong1!';
  await visitor.getByTestId('reset-new-password').fill(strong);
  await expect(meter).toHaveAttribute('data-score', '4');
  await expect(meter).toHaveAttribute('data-color', 'green');
  await visitor.getByTestId('reset-confirm-password').fill('Rhea-Strong2!');
  await visitor.getByTestId('reset-password-submit').click();
  await expect(visitor.getByTestId('reset-password-error')).toHaveText('Passwords do not match!');
  await visitor.getByTestId('reset-confirm-password').fill(strong);
  await shot(visitor, 'reseller-reset-strong');
  await visitor.getByTestId('reset-password-submit').click();
  await expect(visitor.getByTestId('reset-done')).toContainText('Your Password Has Been Reset');
  await shot(visitor, 'reseller-reset-done');

  // The link is single-use: the server's refusal is shown on the page.
  await visitor.goto(link!);
  await visitor.getByTestId('reset-new-password').fill('Another-one1!');
  await visitor.getByTestId('reset-confirm-password').fill('Another-one1!');
  await visitor.getByTestId('reset-password-submit').click();
  await expect(visitor.getByTestId('reset-password-error')).toHaveText(
    'This reset link has already been used. Please ask for a new one.',
  );

  await visitor.getByTestId('reset-password-back').click();
  await expect(visitor).toHaveURL(/\/login$/);
  await visitor.getByTestId('login-username').fill(email);
  await visitor.getByTestId('login-password').fill(strong);
  await visitor.getByTestId('login-submit').click();
  await expect(visitor).toHaveURL(/\/dashboard$/);
  await expect(visitor.getByTestId('sidebar-user-type')).toContainText(/reseller/i);
});
