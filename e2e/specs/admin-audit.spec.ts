import { expect, test } from '@playwright/test';
import { apiCall, signInAdmin, stamp } from '../support/admin';
import { shot } from '../support/helpers';

test('the audit trail shows who changed what, pages, filters, and expands before/after', async ({ page }) => {
  const s = stamp();
  await signInAdmin(page);
  const { id } = await apiCall<{ id: number }>(page, 'createUpdateReseller', { name: `Audited ${s}` });
  await apiCall(page, 'createUpdateReseller', { id, name: `Audited ${s} v2` });
  for (let i = 0; i < 11; i++) await apiCall(page, 'createUpdateReseller', { name: `Audit bulk ${s} ${i}` });
  await apiCall(page, 'deleteReseller', { id });

  await page.getByTestId('nav-audit').click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
  await expect(page.getByTestId('audit-row')).toHaveCount(10);
  await expect(page.getByTestId('audit-page-2')).toBeVisible();
  // Newest first: the delete.
  await expect(page.getByTestId('audit-row').first()).toContainText('Delete');
  await page.getByTestId('audit-page-2').click();
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await page.getByTestId('audit-page-1').click();

  await page.getByTestId('audit-search').fill(String(id));
  await page.getByTestId('audit-action').click();
  await page.getByRole('option', { name: 'Update' }).click();
  await expect(page.getByTestId('audit-row')).toHaveCount(1);
  const update = page.getByTestId('audit-row').first();
  await expect(update).toContainText('Reseller');
  await expect(update).toContainText(/admin/i);
  await update.click();
  const diff = page.getByTestId('audit-diff');
  await expect(diff).toBeVisible();
  const nameRow = diff.getByTestId('audit-diff-row').filter({ hasText: 'name' }).first();
  await expect(nameRow).toHaveAttribute('data-changed', 'true');
  await expect(nameRow).toContainText(`Audited ${s}`);
  await expect(nameRow).toContainText(`Audited ${s} v2`);
  // Times read as dates in the user's language, not epoch milliseconds (issue #20).
  const updated = diff.getByTestId('audit-diff-row').filter({ hasText: 'updated_at' }).first();
  await expect(updated).toContainText(String(new Date().getFullYear()));
  await expect(updated).not.toContainText(/\d{13}/);
  await shot(page, 'audit-expanded');

  await page.getByTestId('audit-action').click();
  await page.getByRole('option', { name: 'Delete' }).click();
  await expect(page.getByTestId('audit-row')).toHaveCount(1);
  await page.getByTestId('audit-entity').click();
  await page.getByRole('option', { name: 'Domain' }).click();
  await expect(page.getByTestId('audit-empty')).toBeVisible();
});
