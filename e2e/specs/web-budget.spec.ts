import { expect, test } from '../support/test';
import { signInAdmin } from '../support/admin';
import { BUDGET, FIRST_PAGES, kb, readManifest, scriptsOf, shellShare } from '../support/web-budget';

// The JavaScript budgets of issue #17, measured as e2e/support/web-budget.ts describes: a page that grows past its
// budget fails here (what it loads is in the message), so a heavy import cannot slip into a first page unnoticed.

for (const { path, ready } of FIRST_PAGES) {
  test(`${path} loads at most ${kb(BUDGET.firstPage)} of JavaScript (gzip)`, async ({ browser, baseURL }) => {
    const load = await scriptsOf(browser, `${baseURL}${path}`, ready);
    const detail = load.files.map((f) => `${f} ${kb(load.gzipOf[f] ?? 0)}`).join('\n');
    // The figure, for the notes and docs/benchmarks.md.
    console.log(`${path}: ${kb(load.gzip)} in ${load.files.length} files`);
    expect(load.gzip, `${path}: ${kb(load.gzip)} in ${load.files.length} files:\n${detail}`).toBeLessThanOrEqual(
      BUDGET.firstPage,
    );
  });
}

test(`the admin shell loads at most ${kb(BUDGET.shell)} before the first screen's own chunks`, async ({
  browser,
  baseURL,
  page,
}) => {
  await signInAdmin(page);
  const signedIn = await page.context().storageState();
  const load = await scriptsOf(browser, `${baseURL}/dashboard`, 'stat-tenants-value', signedIn);
  const shell = shellShare(load, readManifest());
  // The screen's own files were loaded too: the measure really leaves a screen out.
  expect(shell.screenFiles.length).toBeGreaterThan(0);
  const detail = load.files.map((f) => `${f} ${kb(load.gzipOf[f] ?? 0)}`).join('\n');
  console.log(`shell: ${kb(shell.gzip)} (+ dashboard ${kb(shell.screenGzip)}) in ${load.files.length} files`);
  expect(shell.gzip, `shell ${kb(shell.gzip)} (+ dashboard ${kb(shell.screenGzip)}):\n${detail}`).toBeLessThanOrEqual(
    BUDGET.shell,
  );
});
