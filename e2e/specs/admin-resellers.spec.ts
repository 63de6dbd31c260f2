import { expect, test } from '../support/test';
import { apiCall, pick, row, search, signInAdmin, stamp, toast } from '../support/admin';
import { shot } from '../support/helpers';

test('resellers: create, supervise tenants, rename, search, page, sort and delete with confirm', async ({ page }) => {
  const s = stamp();
  await signInAdmin(page);
  // Enough rows for three pages of ten.
  for (let i = 1; i <= 24; i++)
    await apiCall(page, 'createUpdateReseller', { name: `Bulk ${s} ${String(i).padStart(2, '0')}` });

  await page.getByTestId('nav-resellers').click();
  await expect(page).toHaveURL(/\/resellers$/);
  await expect(page.getByTestId('resellers-row').first()).toBeVisible();
  await page.getByTestId('resellers-add').click();
  await expect(page).toHaveURL(/\/resellers\/details$/);
  await expect(page.getByTestId('reseller-save')).toHaveText('SAVE');
  await expect(page.getByTestId('reseller-tenants')).toHaveCount(0);

  await page.getByTestId('reseller-save').click();
  await expect(page.getByText('Name is mandatory to save reseller!')).toBeVisible();
  await page.getByTestId('reseller-name').fill(`Zenith ${s}`);
  await page.getByTestId('reseller-save').click();
  await toast(page, 'Successfully Updated Reseller Information!');
  await expect(page.getByTestId('reseller-save')).toHaveText('UPDATE');

  // Supervised tenants appear once saved.
  await page.getByTestId('reseller-tenant-add').click();
  await expect(page.getByText('Please select the reseller and tenant to supervise first!')).toBeVisible();
  await pick(page, page.getByTestId('reseller-tenant-picker'), 'acme', /Acme Logistics/);
  await page.getByTestId('reseller-tenant-add').click();
  await toast(page, 'Successfully saved data!');
  await expect(row(page, 'reseller-tenant-table', 'acme.example')).toBeVisible();
  await pick(page, page.getByTestId('reseller-tenant-picker'), 'cob', /Cobalt Legal/);
  await page.getByTestId('reseller-tenant-add').click();
  await expect(row(page, 'reseller-tenant-table', 'cobalt.example')).toBeVisible();
  await shot(page, 'reseller-details');

  await row(page, 'reseller-tenant-table', 'cobalt.example').getByTestId('reseller-tenant-table-delete').click();
  await expect(page.getByTestId('confirm-message')).toHaveText('Stop supervising tenant Cobalt Legal?');
  await page.getByTestId('confirm-delete').click();
  await expect(row(page, 'reseller-tenant-table', 'cobalt.example')).toHaveCount(0);
  await expect(page.getByTestId('reseller-tenant-table-row')).toHaveCount(1);

  await page.getByTestId('reseller-name').fill(`Zenith ${s} Renamed`);
  await page.getByTestId('reseller-save').click();
  await toast(page, 'Successfully Updated Reseller Information!');

  // Back on the list: search, page, sort.
  await page.getByTestId('nav-resellers').click();
  await search(page, 'resellers', s);
  await expect(page.getByTestId('resellers-total')).toHaveText('Total: 25');
  await expect(page.getByTestId('resellers-row')).toHaveCount(10);
  await expect(page.getByTestId('resellers-page-3')).toBeVisible();
  await expect(page.getByTestId('resellers-page-4')).toHaveCount(0);
  await page.getByTestId('resellers-page-3').click();
  await expect(page.getByTestId('resellers-row')).toHaveCount(5);
  await page.getByTestId('resellers-page-size').click();
  await page.getByRole('option', { name: '20' }).click();
  await expect(page.getByTestId('resellers-row')).toHaveCount(20);
  await page.getByTestId('resellers-sort-name').click();
  await page.getByTestId('resellers-sort-name').click();
  await expect(page.getByTestId('resellers-row').first()).toContainText(`Zenith ${s} Renamed`);
  await shot(page, 'resellers-list');

  // The reseller edits from the list with its tenants.
  await row(page, 'resellers', `Zenith ${s} Renamed`).getByTestId('resellers-edit').click();
  await expect(page.getByTestId('reseller-name')).toHaveValue(`Zenith ${s} Renamed`);
  await expect(page.getByTestId('reseller-save')).toHaveText('UPDATE');
  await expect(row(page, 'reseller-tenant-table', 'acme.example')).toBeVisible();

  await page.getByTestId('nav-resellers').click();
  await search(page, 'resellers', `Zenith ${s}`);
  await expect(page.getByTestId('resellers-row')).toHaveCount(1);
  await row(page, 'resellers', `Zenith ${s}`).getByTestId('resellers-delete').click();
  await expect(page.getByTestId('confirm-message')).toHaveText(`Delete reseller Zenith ${s} Renamed?`);
  await shot(page, 'reseller-delete-confirm');
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('resellers-row')).toHaveCount(1);
  await row(page, 'resellers', `Zenith ${s}`).getByTestId('resellers-delete').click();
  await page.getByTestId('confirm-delete').click();
  await toast(page, 'Record Deleted');
  await expect(page.getByTestId('resellers-empty')).toBeVisible();
});

test('the resellers screen in French', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'fr'));
  await signInAdmin(page);
  await page.getByTestId('nav-resellers').click();
  await expect(page.getByRole('heading', { name: 'Revendeurs' })).toBeVisible();
  await expect(page.getByTestId('resellers-add')).toHaveText('Ajouter');
  await expect(page.getByTestId('resellers-sort-name')).toHaveText('Nom');
  await expect(page.getByTestId('resellers-search')).toHaveAttribute('placeholder', 'Rechercher');
  await page.getByTestId('resellers-add').click();
  await page.getByTestId('reseller-save').click();
  await expect(page.getByText('Le nom est obligatoire pour enregistrer le revendeur !')).toBeVisible();
  await expect(page.getByTestId('reseller-save')).toHaveText('ENREGISTRER');
  await shot(page, 'reseller-details-fr');
});
