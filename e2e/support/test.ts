import { test as base } from '@playwright/test';

// The specs import Playwright from here: the same API, with `test` below in place of Playwright's own.
export * from '@playwright/test';

/**
 * Playwright's `test`, and pages a test opens with `browser.newPage()` (each in a context of its own, which
 * Playwright does not close for the test) are closed when the test ends. Left open, they stayed for the rest of
 * their shard: a phone's live-call screen kept polling, and a failed test's screenshots showed other tests' pages.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});
