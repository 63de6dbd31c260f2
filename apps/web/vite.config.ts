import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { contractCalls } from './build/contract-calls';
import { entryLink } from './build/entry-link';
import { localeSplit } from './build/locale-split';
import { preactAliases, preactTestOptions, preactTestSetup } from './preact-aliases';

/**
 * Unit tests of what happens on the first use of a language or a strings area: they run first, each in a worker
 * that has not yet loaded any screen (the files of a worker share one module graph, isolate: false below).
 */
const FIRST_USE = ['src/lib/i18n.test.ts', 'src/lib/locale-split.test.ts'];
class FirstUseFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const firstUse = (f: TestSpecification) => FIRST_USE.some((p) => f.moduleId.endsWith(p));
    return [...sorted.filter(firstUse), ...sorted.filter((f) => !firstUse(f))];
  }
}

export default defineConfig({
  plugins: [
    react(),
    // Issue #17: schemas and zod fetched on first use, strings split by area (apps/web/build).
    contractCalls(path.resolve(import.meta.dirname, '../../packages/contract/src'), {
      checkedWithoutZod: ['publicConfig', 'publicBranding'],
    }),
    localeSplit({
      localesDir: path.resolve(import.meta.dirname, 'src/locales'),
      srcDir: path.resolve(import.meta.dirname, 'src'),
      store: path.resolve(import.meta.dirname, 'src/lib/locale-areas.ts'),
    }),
    entryLink(
      path.resolve(import.meta.dirname, 'public/boot.js'),
      path.resolve(import.meta.dirname, 'public/boot-view.js'),
    ),
  ],
  // React is Preact (preact-aliases.ts, docs/architecture.md "Preact").
  resolve: { alias: preactAliases },
  build: {
    // Scripts run from apps/web (npm -w), so relative paths land in apps/web/dist.
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each module loads (the web budget spec reads it).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The contract's modules only declare schemas and calls: a page keeps the ones it uses, not the whole barrel
      // (a module none of whose exports is used is dropped, and so is an unused schema: building one has no effect
      // here; the server registers OpenAPI ids from its own imports and is not built by this config).
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
        // zod's schema builders by full name: a bare 'z' would make every call of any function named z pure, and
        // minified libraries have those (Preact's diff is `z`: its render dropped, the page left blank).
        manualPureFunctions: [
          'z.string',
          'z.number',
          'z.strictObject',
          'z.object',
          'z.array',
          'z.boolean',
          'z.enum',
          'z.literal',
          'z.union',
          'z.email',
          'z.unknown',
          'z.record',
          'z.iso',
          'z.preprocess',
          'z.ipv4',
          'z.ipv6',
          'z.coerce',
          'z.tuple',
          'z.null',
          'z.discriminatedUnion',
        ],
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./vitest.setup.ts', preactTestSetup],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Preact in the unit tests too (preact-aliases.ts).
    ...preactTestOptions,
    // jsdom renders of Mantine pages take 1-2 s each on a quiet 2-core machine and 5 s or more when it is loaded
    // (seen at load 17); a test that hangs still fails, after 20 s.
    testTimeout: 20_000,
    // Both cores (Vitest's default leaves one idle: one worker on a 2-core machine); npm test runs nothing beside it.
    maxWorkers: 2,
    // One module graph and one jsdom per worker, not per file: importing Mantine, the contract and the app's modules
    // again for each of the 41 files was two thirds of the run (280 s → about 120 s on the 2-core VM, 2026-11-29).
    // vitest.setup.ts clears what a test may leave behind (DOM, toasts, storage, mocks, timers); tests of a
    // module-level cache's first use pick what is not loaded yet (a call's declaration) or run first (FIRST_USE).
    isolate: false,
    sequence: { sequencer: FirstUseFirst },
  },
});
