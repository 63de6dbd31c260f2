import { expect, test } from '../support/test';
import { apiCall, signInAdmin, stamp, toast } from '../support/admin';
import { shot } from '../support/helpers';

const COUNT = 10_000;

test('a new tenant with 10,000 extensions: first page and search stay quick (server-side paging)', async ({ page }) => {
  test.setTimeout(120_000);
  const s = stamp();
  const tid = `big-${s}.example`;
  await signInAdmin(page);
  await page.goto('/tenants');

  // Admins add a tenant from the screen (builtin platform).
  await page.getByTestId('tenants-add').click();
  await page.getByTestId('add-tenant-save').click();
  await expect(page.getByTestId('add-tenant-error')).toBeVisible();
  await page.getByTestId('add-tenant-tid').fill(tid);
  await page.getByTestId('add-tenant-name').fill(`Big ${s}`);
  await page.getByTestId('add-tenant-save').click();
  await toast(page, 'Successfully saved data!');
  await expect(page).toHaveURL(new RegExp(`tenant=${tid.replace(/\./g, '\\.')}$`));
  await expect(page.getByTestId('extensions-empty')).toBeVisible();

  const rows = Array.from({ length: COUNT }, (_, i) => ({
    Extension: String(10000 + i),
    Domain: tid,
    'Site Name': 'Main',
    'First Name': `Name${i}`,
    'Last Name': `Family${i % 97}`,
    Admin: 'false',
    Email: `user${i}@${tid}`,
    Linked: 'false',
    'Mobile App Allowed': 'false',
    'Desktop App Allowed': 'false',
    tenantid: tid,
  }));
  const { job_id } = await apiCall<{ job_id: number }>(page, 'extensionsImport', { rows });
  await expect
    .poll(async () => (await apiCall<{ status: string }>(page, 'jobStatus', { id: job_id })).status, {
      timeout: 60_000,
    })
    .toBe('done');

  const timed = async (body: object) => {
    const t0 = Date.now();
    await apiCall(page, 'getExtensions', { tenant_id: tid, limit: 50, offset: 0, ...body });
    return Date.now() - t0;
  };
  console.log(
    `getExtensions: first page ${await timed({ sort: 'extension', order: 'asc' })} ms, again ${await timed({ sort: 'extension', order: 'asc' })} ms, search ${await timed({ search: 'Name9999' })} ms`,
  );
  const rowsShown = (n: number) =>
    page.waitForFunction((count) => document.querySelectorAll('[data-testid="extensions-row"]').length === count, n, {
      polling: 'raf',
    });
  const bare = Date.now();
  await page.goto('/tenants');
  await page.getByTestId('tenants-choose').waitFor();
  const shell = Date.now() - bare;
  // What makes it quick is checked, not the time (that depends on the machine; the figures go to
  // docs/benchmarks.md): the screen asks for one page of 50, and a search typed key by key asks after the pause, not per key.
  const asked: { limit?: number; search?: string }[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/v1/getExtensions')) asked.push(req.postDataJSON() as { limit?: number });
  });
  const started = Date.now();
  await page.goto(`/tenants?tenant=${tid}`);
  await rowsShown(50);
  expect(asked.length).toBeGreaterThan(0);
  for (const body of asked) expect(body.limit).toBe(50);
  const firstPage = Date.now() - started;
  await expect(page.getByTestId('extensions-total')).toHaveText(`Total: ${COUNT}`);

  // Typing stays responsive (each key is handled before the next), and the answer follows the pause.
  asked.length = 0;
  const typed = Date.now();
  await page.getByTestId('extensions-search').pressSequentially('Name9999', { delay: 20 });
  const typing = Date.now() - typed;
  await rowsShown(1);
  const searched = Date.now() - typed;
  const searches = asked.map((b) => b.search).filter((q) => q !== undefined && q !== '');
  expect(searches.at(-1)).toBe('Name9999');
  expect(searches.length).toBeLessThan(8); // not one request per key (300 ms pause; normally exactly one)
  console.log(
    `10,000 extensions: first page ${firstPage} ms after a full page load (the empty screen alone: ${shell} ms); 8 keys typed in ${typing} ms; filtered rows shown ${searched} ms after the first key`,
  );
  const inPage = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="extensions-search"]')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const t0 = performance.now();
    const keys: number[] = [];
    for (const v of ['N', 'Na', 'Nam', 'Name', 'Name1']) {
      const k0 = performance.now();
      setValue.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      keys.push(Math.round(performance.now() - k0));
    }
    while (document.querySelectorAll('[data-testid="extensions-row"]').length !== 50)
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    return { keys, total: Math.round(performance.now() - t0) };
  });
  console.log('in page:', JSON.stringify(inPage));
  await shot(page, 'tenants-10k');
});
