import { expect, test } from '../support/test';
import { E2E } from '../support/constants';
import { readMails, shot, waitForMail } from '../support/helpers';

test('a full admin password reset through the emailed link', async ({ page }) => {
  const user = E2E.resetUser;
  await page.goto('/login');
  await page.getByTestId('login-forgot').click();
  await page.getByTestId('reset-submit').click();
  await expect(
    page.getByTestId('reset-request-form').getByText('Username is mandatory to reset Password'),
  ).toBeVisible();
  await shot(page, 'login-reset-mode');

  const before = (await readMails()).length;
  await page.getByTestId('reset-username').fill(user.username.toUpperCase());
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText(/^If this username has an account that can reset its password, an email/)).toBeVisible();
  await expect(page.getByTestId('login-form')).toBeVisible();

  const mail = await waitForMail(user.email, before);
  const link = mail.text.match(
    new RegExp(`${E2E.baseUrl.replace(/[.]/g, '\\.')}/resetPassword\\?ref=[A-Za-z0-9_-]+`),
  )?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByTestId('reset-password-submit').click();
  await expect(page.getByTestId('reset-password-error')).toHaveText('Please fill both fields');
  await page.getByTestId('reset-new-password').fill('abc');
  await page.getByTestId('reset-confirm-password').fill('abc');
  await page.getByTestId('reset-password-submit').click();
  await expect(page.getByTestId('reset-password-error')).toHaveText(
    'New Password should be at least 6 characters long!',
  );
  await page.getByTestId('reset-new-password').fill('Brand-new-1');
  await page.getByTestId('reset-confirm-password').fill('Brand-new-2');
  await page.getByTestId('reset-password-submit').click();
  await expect(page.getByTestId('reset-password-error')).toHaveText('Passwords do not match!');
  await page.getByTestId('reset-confirm-password').fill('Brand-new-1');
  await page.getByTestId('reset-password-submit').click();
  await expect(page.getByTestId('reset-done')).toContainText('Your Password Has Been Reset');
  await shot(page, 'reset-done');

  // The link is single-use.
  await page.goto(link!);
  await page.getByTestId('reset-new-password').fill('Another-one-1');
  await page.getByTestId('reset-confirm-password').fill('Another-one-1');
  await page.getByTestId('reset-password-submit').click();
  await expect(page.getByText('This reset link has already been used. Please ask for a new one.')).toBeVisible();

  await page.goto('/login');
  await page.getByTestId('login-username').fill(user.username);
  await page.getByTestId('login-password').fill('Brand-new-1');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
