import { defineConfig } from '@playwright/test';
import { E2E } from './support/constants';

/** End-to-end specs drive the built app in Debian's Chromium; nothing downloads a browser. */
export default defineConfig({
  testDir: './specs',
  // scripts/e2e.mjs gives each shard its own (Playwright empties it when it starts).
  outputDir: process.env.E2E_OUTPUT ?? './.artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E.baseUrl,
    screenshot: 'only-on-failure',
    trace: 'off',
    // As a user who asks for reduced motion (the theme honours it): no transitions to wait out before each check.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's headless build of the same Chromium (package chromium-headless-shell; what Playwright itself runs
      // headless): the same Blink and V8 without the full browser's window layer (docs/benchmarks.md, "Test time").
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'npx tsx e2e/support/start-stack.ts',
    cwd: '..',
    url: `${E2E.baseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
