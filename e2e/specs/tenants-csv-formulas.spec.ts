import fs from 'node:fs';
import { expect, test, type Page } from '../support/test';
import { parseCsv } from '../../apps/web/src/lib/csv';
import { apiCall, signInAdmin, stamp } from '../support/admin';
import { shot } from '../support/helpers';

/** Issue 13, finding 5: Export CSV must not hand a spreadsheet a formula, and the file must import back as it was. */
const CMD = "=cmd|' /C calc'!A0";
const HYPERLINK = '=HYPERLINK("http://x","y")';

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

type Ext = { extension: string; firstname: string; lastname: string; site_name: string };

test('CSV: formula-like values are exported with a leading apostrophe and import back unchanged', async ({ page }) => {
  const s = stamp();
  const tid = `formulas-${s}.example`;
  await signInAdmin(page);
  await apiCall(page, 'createTenant', { tid, tname: `Formulas ${s}`, domain: tid, site_name: 'Main' });
  await apiCall(page, 'createExtension', {
    tenant_id: tid,
    extension: '+15550100',
    domain: tid,
    site_name: 'Main',
    firstname: CMD,
    lastname: '@SUM(1+1)',
  });
  await apiCall(page, 'createExtension', {
    tenant_id: tid,
    extension: '7001',
    domain: tid,
    site_name: 'Main',
    firstname: HYPERLINK,
    lastname: '-Minus',
  });
  await page.goto(`/tenants?tenant=${tid}`);
  await expect(page.getByTestId('extensions-total')).toHaveText('Total: 2');

  // Every cell a spreadsheet would run as a formula starts with ' in the downloaded file.
  const first = await exportFile(page);
  const [header, ...lines] = parseCsv(first.text);
  const cell = (ext: string, name: string) =>
    lines.find((l) => l[0] === ext || l[0] === `'${ext}`)![header!.indexOf(name)];
  expect(cell('+15550100', 'Extension')).toBe("'+15550100");
  expect(cell('+15550100', 'First Name')).toBe(`'${CMD}`);
  expect(cell('+15550100', 'Last Name')).toBe("'@SUM(1+1)");
  expect(cell('7001', 'First Name')).toBe(`'${HYPERLINK}`);
  expect(cell('7001', 'Last Name')).toBe("'-Minus");
  expect(first.text).not.toMatch(/(^|,)[=+\-@]/m);

  // The same file through the import: the ' comes off again. Only the double quotes of the HYPERLINK name change,
  // as spec §5 strips quotes from imported values; everything else is unchanged.
  await importText(page, first.name, first.text);
  const modal = page.getByTestId('import-modal');
  await expect(modal.getByTestId('import-errors')).toHaveText('0');
  await expect(modal.getByTestId('import-to-create')).toHaveText('0');
  await expect(modal.getByTestId('import-to-update')).toHaveText('1');
  await expect(modal.getByTestId('import-unchanged')).toHaveText('1');
  await modal.getByTestId('import-apply').click();
  await expect(page.getByTestId('job-import')).toHaveAttribute('data-status', 'done');
  const stored = await apiCall<Ext[]>(page, 'getExtensions', { tenant_id: tid });
  const byExt = Object.fromEntries(stored.map((e) => [e.extension, [e.firstname, e.lastname, e.site_name]]));
  expect(byExt).toEqual({
    '+15550100': [CMD, '@SUM(1+1)', 'Main'],
    '7001': ['=HYPERLINK(http://x,y)', '-Minus', 'Main'],
  });

  // And now an exact round trip: export again, import that file, nothing to change.
  const second = await exportFile(page);
  expect(parseCsv(second.text).find((l) => l[0] === '7001')![3]).toBe("'=HYPERLINK(http://x,y)");
  await importText(page, second.name, second.text);
  await expect(modal.getByTestId('import-unchanged')).toHaveText('2');
  await expect(modal.getByTestId('import-no-changes')).toBeVisible();
  await expect(modal.getByTestId('import-apply')).toBeDisabled();
  await shot(page, 'tenants-import-formulas');
  await modal.getByTestId('import-cancel').click();
});
