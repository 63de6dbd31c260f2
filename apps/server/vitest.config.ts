import { defineConfig } from 'vitest/config';

const base = { testTimeout: 30_000, hookTimeout: 30_000, pool: 'forks' as const };

/**
 * Every server test runs on SQLite, and again on PostgreSQL when TEST_DATABASE_URL is set. Files named
 * *.pg.test.ts test PostgreSQL-only behaviour (two instances on one database, Kamailio's PostgreSQL schema) and
 * belong to the postgres project alone.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...base,
          name: 'sqlite',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.pg.test.ts'],
          env: { TEST_DB: 'sqlite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...base, name: 'postgres', include: ['src/**/*.test.ts'], env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
