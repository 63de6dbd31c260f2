import { expect, test } from '../support/test';
import { E2E } from '../support/constants';
import { shot } from '../support/helpers';

test('a simple user sees only their screens, cannot open /resellers, and the API refuses admin calls', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(E2E.simpleUser.username);
  await page.getByTestId('login-password').fill(E2E.simpleUser.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar-user-type')).toContainText(/simple user/i);
  // Scoped to their company's tenant (Bluebird Dental, 20 extensions).
  await expect(page.getByTestId('stat-tenants-value')).toHaveText('1');
  await expect(page.getByTestId('stat-extensions-value')).toHaveText('20');
  await expect(page.getByTestId('nav-tenants')).toBeVisible();
  for (const key of ['resellers', 'reseller_users', 'users', 'licenses', 'email_templates', 'logs']) {
    await expect(page.getByTestId(`nav-${key}`)).toHaveCount(0);
  }
  // Failures: only the background jobs of their tenant; mail and logs are for admins.
  await expect(page.getByTestId('failures-jobs')).toBeVisible();
  await expect(page.getByTestId('failures-logs')).toHaveCount(0);
  await expect(page.getByTestId('failures-mail')).toHaveCount(0);
  await shot(page, 'dashboard-simple-user');

  await page.goto('/resellers');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Client profiles: the ones that apply to their tenant, read-only (the server refuses writes: #20, deviation #34).
  await page.getByTestId('nav-client_profiles').click();
  await expect(page).toHaveURL(/\/client_profiles$/);
  await expect(page.getByTestId('profiles-add')).toHaveCount(0);
  await page.getByTestId('profiles-edit').first().click();
  await expect(page.getByRole('heading', { name: 'Client Profile', exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-proxy')).toBeDisabled();
  await expect(page.getByTestId('profile-save')).toHaveCount(0);
  await shot(page, 'client-profile-read-only');
  await page.getByTestId('profile-back').click();
  await expect(page).toHaveURL(/\/client_profiles$/);

  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const refused = await page.request.post('/api/v1/mailLog', { data: {}, headers: { token: token! } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('forbidden');
});

test('the shell works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await shot(page, 'login-phone');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(E2E.adminPassword);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('nav-burger')).toBeVisible();
  await shot(page, 'dashboard-phone');
  await page.getByTestId('nav-burger').click();
  await expect(page.getByTestId('nav-tenants')).toBeVisible();
  await shot(page, 'menu-phone');
});
