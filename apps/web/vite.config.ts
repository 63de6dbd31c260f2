import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractCalls } from './build/contract-calls';
import { localeSplit } from './build/locale-split';

export default defineConfig({
  plugins: [
    react(),
    // Issue #17: schemas and zod fetched on first use, strings split by area (apps/web/build).
    contractCalls(path.resolve(import.meta.dirname, '../../packages/contract/src'), {
      checkedWithoutZod: ['publicConfig'],
    }),
    localeSplit({
      localesDir: path.resolve(import.meta.dirname, 'src/locales'),
      srcDir: path.resolve(import.meta.dirname, 'src'),
      store: path.resolve(import.meta.dirname, 'src/lib/locale-areas.ts'),
    }),
  ],
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
        manualPureFunctions: ['z'],
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
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // jsdom renders of Mantine pages take 1-2 s each on a quiet 2-core machine and 5 s or more when it is loaded
    // (seen at load 17); a test that hangs still fails, after 20 s.
    testTimeout: 20_000,
  },
});
