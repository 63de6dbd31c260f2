import { expect, test } from '../support/test';
import { apiCall, pick, row, search, signInAdmin, stamp, toast } from '../support/admin';
import { shot } from '../support/helpers';

test('domains: create, duplicate shows Domain exists, edit with locked fields, search, page, delete', async ({
  page,
}) => {
  const s = stamp();
  await signInAdmin(page);
  for (let i = 1; i <= 12; i++) {
    await apiCall(page, 'createUpdateDomain', {
      ext: `7${String(i).padStart(2, '0')}`,
      domain: `d${i}-${s}.example`,
      tenant_id: 'summit.example',
    });
  }

  await page.goto('/domains');
  await expect(page.getByTestId('domains-row').first()).toBeVisible();
  await page.getByTestId('domains-add').click();
  await expect(page.getByRole('heading', { name: 'Add Domain' })).toBeVisible();
  await page.getByTestId('domain-save').click();
  await expect(page.getByText('Fields with * are mandatory!')).toHaveCount(3);
  await page.getByTestId('domain-ext').fill('800');
  await pick(page, page.getByTestId('domain-tenant'), 'acme', /Acme Logistics/);
  await page.getByTestId('domain-name').fill(`new-${s}.example`);
  await shot(page, 'domain-new');
  await page.getByTestId('domain-save').click();
  await toast(page, 'Successfully saved data!');
  await expect(page).toHaveURL(/\/domains$/);

  // The same domain again for the same tenant.
  await page.getByTestId('domains-add').click();
  await page.getByTestId('domain-ext').fill('801');
  await pick(page, page.getByTestId('domain-tenant'), 'acme', /Acme Logistics/);
  await page.getByTestId('domain-name').fill(`new-${s}.example`);
  await page.getByTestId('domain-save').click();
  await toast(page, 'Domain exists');
  await shot(page, 'domain-exists');
  await expect(page).toHaveURL(/\/domains\/details$/);
  await page.getByTestId('domain-cancel').click();
  await expect(page).toHaveURL(/\/domains$/);

  await search(page, 'domains', s);
  await expect(page.getByTestId('domains-total')).toHaveText('Total: 13');
  await page.getByTestId('domains-page-2').click();
  await expect(page.getByTestId('domains-row')).toHaveCount(3);
  await search(page, 'domains', `new-${s}`);
  await row(page, 'domains', `new-${s}.example`).getByTestId('domains-edit').click();
  await expect(page.getByRole('heading', { name: 'Edit Domain' })).toBeVisible();
  await expect(page.getByTestId('domain-ext')).toBeDisabled();
  await expect(page.getByTestId('domain-tenant')).toBeDisabled();
  await page.getByTestId('domain-name').fill(`renamed-${s}.example`);
  await shot(page, 'domain-edit');
  await page.getByTestId('domain-save').click();
  await toast(page, 'Successfully saved data!');
  await search(page, 'domains', `renamed-${s}`);
  await expect(row(page, 'domains', `renamed-${s}.example`)).toContainText('acme.example');
  await shot(page, 'domains-list');
  await row(page, 'domains', `renamed-${s}.example`).getByTestId('domains-delete').click();
  await expect(page.getByTestId('confirm-message')).toHaveText(`Delete domain renamed-${s}.example?`);
  await page.getByTestId('confirm-delete').click();
  await toast(page, 'Record Deleted');
  await expect(page.getByTestId('domains-empty')).toBeVisible();
});
