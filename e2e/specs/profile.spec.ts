import path from 'node:path';
import { expect, test } from '../support/test';
import { E2E } from '../support/constants';
import { shot } from '../support/helpers';

const AVATAR = path.resolve(import.meta.dirname, '../support/avatar.png');

test('profile edit with an image upload shows the new picture, and the password change works', async ({ page }) => {
  const user = E2E.profileUser;
  await page.goto('/login');
  await page.getByTestId('login-username').fill(user.username);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByTestId('sidebar-user').click();
  await expect(page).toHaveURL(/\/userEdit$/);
  await expect(page.getByTestId('profile-name')).toHaveValue('Paula Profile');
  await page.getByTestId('profile-name').fill('Paula P. Profile');
  await page.getByTestId('profile-phone').fill('+351 210 000 000');
  await page.getByTestId('profile-picture-input').setInputFiles(AVATAR);
  await expect(page.getByTestId('profile-picture-pending')).toBeVisible();
  await shot(page, 'user-edit-preview');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Successfully Updated User Information!')).toBeVisible();

  const sidebarImg = page.getByTestId('sidebar-avatar').locator('img');
  await expect(sidebarImg).toHaveAttribute('src', /\/api\/v1\/files\/[0-9a-f]{32}$/);
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('Paula P. Profile');
  const src = await sidebarImg.getAttribute('src');
  const image = await page.request.get(src!);
  expect(image.headers()['content-type']).toBe('image/png');
  await page.reload();
  await expect(page.getByTestId('sidebar-avatar').locator('img')).toHaveAttribute('src', src!);
  await shot(page, 'user-edit-saved');

  await page.getByTestId('password-old').fill('wrong-old');
  await page.getByTestId('password-new').fill('Profile-e2e-2');
  await page.getByTestId('password-confirm').fill('Profile-e2e-2');
  await page.getByTestId('password-submit').click();
  await expect(page.getByText('Wrong Password')).toBeVisible();
  await page.getByTestId('password-old').fill(user.password);
  await page.getByTestId('password-submit').click();
  await expect(page.getByText('Successfully Updated Password')).toBeVisible();

  await page.getByTestId('profile-menu').click();
  await page.getByTestId('menu-logout').click();
  await page.getByTestId('login-username').fill(user.username);
  await page.getByTestId('login-password').fill('Profile-e2e-2');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
