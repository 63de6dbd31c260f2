import { type Page, expect } from '@playwright/test';

/**
 * Watches a page for what must never happen: a CSP violation (reported in the page and on the console), a dialog
 * (alert/confirm/prompt from an injected payload), or a payload's window flag. Call `check()` after each screen.
 */
export function guardPage(page: Page): { problems: string[]; check(where: string): Promise<void> } {
  const problems: string[] = [];
  page.on('dialog', (d) => {
    problems.push(`dialog (${d.type()}): ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    if (/content security policy/i.test(e.message)) problems.push(`page error: ${e.message}`);
  });
  void page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return {
    problems,
    async check(where: string) {
      const inPage = await page.evaluate(() => {
        const w = window as unknown as { __cspViolations?: string[]; __xss?: unknown };
        return {
          violations: w.__cspViolations ?? [],
          xss: w.__xss,
          // Elements a payload would have created had it been inserted as HTML.
          injected: document.querySelectorAll(
            '[onerror], [onload], [onclick], script:not([src]), a[href^="javascript:" i], iframe[src^="javascript:" i]',
          ).length,
        };
      });
      expect(inPage.violations, `${where}: CSP violations`).toEqual([]);
      expect(inPage.xss, `${where}: a payload ran`).toBeUndefined();
      expect(inPage.injected, `${where}: payload markup in the DOM`).toBe(0);
      expect(problems, `${where}: dialogs or CSP errors`).toEqual([]);
    },
  };
}
