import { defineConfig } from 'vitest/config';

const base = { include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000, pool: 'forks' as const };

/** Every server test runs on SQLite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    projects: [
      { test: { ...base, name: 'sqlite', env: { TEST_DB: 'sqlite' } } },
      ...(process.env.TEST_DATABASE_URL ? [{ test: { ...base, name: 'postgres', env: { TEST_DB: 'postgres' } } }] : []),
    ],
  },
});
