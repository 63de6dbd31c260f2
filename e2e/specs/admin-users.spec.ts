import { expect, test } from '../support/test';
import { apiCall, pick, row, search, signIn, signInAdmin, stamp, toast } from '../support/admin';
import { shot } from '../support/helpers';

test('portal users: create, edit, search, page and delete with the all-resellers warning', async ({ page }) => {
  const s = stamp();
  await signInAdmin(page);
  for (let i = 1; i <= 12; i++) {
    const n = String(i).padStart(2, '0');
    await apiCall(page, 'createUpdateUser', {
      name: `Bulk ${s} ${n}`,
      email: `ubulk${n}.${s}@e2e.example`,
      username: `ubulk${n}.${s}`,
      password: 'Bulk-pass-1',
      user_type: 'simple user',
      active: true,
      company: '',
      subscriber_id: '',
    });
  }

  await page.getByTestId('nav-users').click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByTestId('users-add').click();
  await page.getByTestId('user-save').click();
  await expect(page.getByText('Fields with * are mandatory!')).toHaveCount(3);
  await expect(page.getByText('Password is mandatory to add user!')).toBeVisible();

  await page.getByTestId('user-name').fill(`Uma ${s}`);
  await page.getByTestId('user-email').fill(`uma.${s}@e2e.example`);
  await page.getByTestId('user-username').fill(`uma.${s}`);
  await page.getByTestId('user-password-generate').click();
  await expect(page.getByTestId('user-password-warning')).toBeVisible();
  const password = await page.getByTestId('user-password').inputValue();
  await pick(page, page.getByTestId('user-company'), 'blue', /Bluebird Dental/);
  await page.getByTestId('user-subscriber').fill('SUB-42');
  await shot(page, 'user-new');
  await page.getByTestId('user-save').click();
  await toast(page, 'Successfully Updated User Information!');
  await expect(page).toHaveURL(/\/users$/);

  await search(page, 'users', s);
  await expect(page.getByTestId('users-total')).toHaveText('Total: 13');
  await page.getByTestId('users-page-2').click();
  await expect(page.getByTestId('users-row')).toHaveCount(3);
  await search(page, 'users', `uma.${s}`);
  const uma = row(page, 'users', `Uma ${s}`);
  // The company column names the tenant (issue #20), its id as the hint.
  await expect(uma).toContainText('Bluebird Dental');
  await expect(uma.getByTitle('bluebird.example')).toBeVisible();
  await expect(uma).toContainText('Yes');
  await shot(page, 'users-list');

  // The new simple user sees their company's tenant only.
  const admin = await page.evaluate(() => ({ ...localStorage }));
  await page.evaluate(() => localStorage.clear());
  await signIn(page, `uma.${s}`, password);
  await expect(page.getByTestId('stat-tenants-value')).toHaveText('1');
  await page.evaluate((saved) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(saved)) localStorage.setItem(k, v);
  }, admin);

  await page.goto('/users');
  await search(page, 'users', `uma.${s}`);
  await row(page, 'users', `Uma ${s}`).getByTestId('users-edit').click();
  await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
  await expect(page.getByTestId('user-password')).toHaveCount(0);
  await expect(page.getByTestId('user-username')).toHaveValue(`uma.${s}`);
  await page.getByTestId('user-active').getByText('No').click();
  await page.getByTestId('user-name').fill(`Uma ${s} Edited`);
  await page.getByTestId('user-save').click();
  await toast(page, 'Successfully Updated User Information!');
  await search(page, 'users', `uma.${s}`);
  await expect(row(page, 'users', `Uma ${s} Edited`)).toContainText('No');

  await row(page, 'users', `Uma ${s}`).getByTestId('users-delete').click();
  await expect(page.getByTestId('confirm-message')).toHaveText(`Delete user Uma ${s} Edited?`);
  await expect(page.getByTestId('confirm-warning')).toContainText('removes the user in all resellers');
  await shot(page, 'user-delete-confirm');
  await page.getByTestId('confirm-delete').click();
  await toast(page, 'Record Deleted');
  await expect(page.getByTestId('users-empty')).toBeVisible();
});
