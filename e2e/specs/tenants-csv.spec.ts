import fs from 'node:fs';
import { expect, test, type Page } from '../support/test';
import { search, signInAdmin, stamp, toast } from '../support/admin';
import { shot } from '../support/helpers';

const HEADER =
  'Extension,Domain,Site Name,First Name,Last Name,Admin,Email,Linked,Mobile App Allowed,Desktop App Allowed';

async function exportFile(page: Page): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByTestId('ext-export').click();
  const file = await download;
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, 'utf8') };
}

async function importText(page: Page, name: string, text: string) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

test('CSV: export, import the same file back (no changes), refuse a wrong header', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/tenants?tenant=cobalt.example');
  await expect(page.getByTestId('extensions-total')).toHaveText('Total: 45');

  const { name, text } = await exportFile(page);
  expect(name).toBe('Extensions_Cobalt_Legal.csv');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(HEADER);
  expect(lines).toHaveLength(46);

  await importText(page, name, text);
  const modal = page.getByTestId('import-modal');
  await expect(modal.getByTestId('import-unchanged')).toHaveText('45');
  await expect(modal.getByTestId('import-to-create')).toHaveText('0');
  await expect(modal.getByTestId('import-to-update')).toHaveText('0');
  await expect(modal.getByTestId('import-errors')).toHaveText('0');
  await expect(modal.getByTestId('import-no-changes')).toBeVisible();
  await expect(modal.getByTestId('import-apply')).toBeDisabled();
  await shot(page, 'tenants-import-no-changes');
  await modal.getByTestId('import-cancel').click();

  await importText(page, 'wrong.csv', 'Extension,Domain\n100,cobalt.example\n');
  await toast(page, 'Invalid Format');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('CSV: an import with errors previews them, the error report downloads, Apply runs a job', async ({ page }) => {
  const s = stamp();
  await signInAdmin(page);
  await page.goto('/tenants?tenant=cobalt.example');
  const { text } = await exportFile(page);
  const [header, first, second, ...rest] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const firstCells = first!.split(',');
  const changedExt = firstCells[0]!;
  firstCells[3] = `Renamed ${s}`;
  const secondCells = second!.split(',');
  secondCells[7] = secondCells[7] === 'true' ? 'false' : 'true';
  const bad = [
    ['bad ext!', 'cobalt.example', 'Main', 'Bad', 'Row', 'false', '', 'false', 'false', 'false'],
    ['7770', 'cobalt.example', 'Main', '"Quoted, Name"', 'Row', 'false', 'not-an-email', 'false', 'false', 'false'],
  ].map((r) => r.join(','));
  const file = [header, firstCells.join(','), secondCells.join(','), ...rest, ...bad].join('\r\n');

  await importText(page, 'cobalt-edited.csv', file);
  const modal = page.getByTestId('import-modal');
  await expect(modal.getByTestId('import-to-update')).toHaveText('1');
  await expect(modal.getByTestId('import-unchanged')).toHaveText('43');
  await expect(modal.getByTestId('import-errors')).toHaveText('3');
  await expect(modal.getByTestId('import-error-row')).toHaveCount(3);
  await expect(modal.getByTestId('import-error-table')).toContainText('Linked cannot be changed by import');
  await expect(modal.getByTestId('import-error-table')).toContainText('Please enter a valid email address.');
  await shot(page, 'tenants-import-errors');

  const download = page.waitForEvent('download');
  await modal.getByTestId('import-download-errors').click();
  const report = await download;
  expect(report.suggestedFilename()).toBe('cobalt-edited_errors.csv');
  const reportText = fs.readFileSync((await report.path())!, 'utf8').replace(/^\uFEFF/, '');
  const reportLines = reportText.trim().split('\r\n');
  expect(reportLines[0]).toBe(`Line,Reason,${HEADER}`);
  expect(reportLines).toHaveLength(4);
  expect(reportText).toContain('"Quoted, Name"');
  expect(reportText).toContain('bad ext!');

  await modal.getByTestId('import-apply').click();
  await expect(page.getByTestId('job-import')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('job-report-import')).toHaveText('Applied 1 rows; 3 rows in error left out.');
  await shot(page, 'tenants-import-done');
  await search(page, 'extensions', changedExt);
  await expect(page.getByTestId('extensions-row').filter({ hasText: `Renamed ${s}` })).toHaveCount(1);
});
