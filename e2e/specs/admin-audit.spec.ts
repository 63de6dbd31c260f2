import fs from 'node:fs';
import { expect, test } from '../support/test';
import { apiCall, pick, search, signInAdmin, stamp, switchLanguage, toast } from '../support/admin';
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

  await search(page, 'audit', String(id));
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

test('the audit trail by tenant, exported as CSV and JSON (English, then French)', async ({ page }) => {
  const s = stamp();
  await signInAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  // Two changes about Cobalt Legal, one about another tenant.
  await apiCall(page, 'createUpdateDomain', { ext: '81', domain: `cobalt-${s}.example`, tenant_id: 'cobalt.example' });
  await apiCall(page, 'createUpdateDomain', { ext: '82', domain: `cobalt2-${s}.example`, tenant_id: 'cobalt.example' });
  await apiCall(page, 'createUpdateDomain', { ext: '83', domain: `summit-${s}.example`, tenant_id: 'summit.example' });

  await page.getByTestId('nav-audit').click();
  await pick(page, page.getByTestId('audit-tenant'), 'cobalt', /Cobalt Legal/);
  await page.getByTestId('audit-entity').click();
  await page.getByRole('option', { name: 'Domain' }).click();
  await expect(page.getByTestId('audit-row').nth(1)).toBeVisible();
  await shot(page, 'audit-tenant-1440');

  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('audit-export-csv').click();
  const csv = fs.readFileSync((await (await csvDownload).path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toBe('at,actor_type,actor_name,viewer_name,ip,entity,entity_id,action,before,after');
  // The changes the screen's filter shows (tenant and entity), none about Summit.
  expect(csv).toContain(`cobalt-${s}.example`);
  expect(csv).toContain(`cobalt2-${s}.example`);
  expect(csv).not.toContain(`summit-${s}.example`);
  await toast(page, /^Exported \d+ changes?\.$/);

  await switchLanguage(page, 'fr');
  await expect(page.getByTestId('audit-export-json')).toHaveText('Exporter en JSON');
  const jsonDownload = page.waitForEvent('download');
  await page.getByTestId('audit-export-json').click();
  const rows = JSON.parse(fs.readFileSync((await (await jsonDownload).path())!, 'utf8')) as {
    entity: string;
    after: { tenant_id?: string } | null;
  }[];
  expect(rows.length).toBeGreaterThanOrEqual(2);
  expect(rows.filter((r) => r.entity === 'domain').every((r) => r.after?.tenant_id === 'cobalt.example')).toBe(true);
  await toast(page, /^\d+ modifications? exportées?\.$/);
  await shot(page, 'audit-exported-fr-1440');
  await page.setViewportSize({ width: 1280, height: 860 });
  await shot(page, 'audit-exported-fr-1280');
});
