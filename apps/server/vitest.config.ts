import { defineConfig } from 'vitest/config';

/**
 * Two files at a time: by default Vitest uses one worker fewer than the cores, so one on a 2-core machine, and
 * most server tests wait on something (a child server, SMTP, PostgreSQL, a timer) rather than compute. Each file has
 * its own SQLite file or PostgreSQL schema (test/harness.ts); PostgreSQL introspection sees one schema only
 * (db/pg-introspector.ts), so files dropping their schemas do not trip the others' migrations.
 *
 * The files of a worker share one module graph (isolate: false): the server's modules are imported once per worker,
 * not once per file (import was 400 s of the two databases' run on the 2-core VM). Each file still builds its own
 * app, database and log store; a test that needs to watch a module uses a spy, not vi.mock.
 */
const base = { testTimeout: 30_000, hookTimeout: 30_000, pool: 'forks' as const, maxWorkers: 2, isolate: false };

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
