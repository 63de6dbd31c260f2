// The log store's worker thread starts here when the server runs from its TypeScript sources (development, the
// tests); the built server has its own log-worker.mjs (scripts/build.mjs). This thread has no TypeScript loader of
// its own (the test runner transforms the server's modules itself), so it bundles log-worker-thread.ts and the
// sources it imports with esbuild, as the build does, packages staying imports that Node resolves, and loads that.
// Registering tsx here instead cost 2-4 s of CPU for each worker started (a loader thread resolving and transforming
// every module), and the server tests start one for each app they build (docs/build.md, "Test time").
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { ownPackages } from './esbuild-own-packages.mjs';

const source = path.join(import.meta.dirname, 'log-worker-thread.ts');
// Under the server package's node_modules, so the bundle's package imports resolve as they do from the sources.
const outdir = path.join(import.meta.dirname, '../../../node_modules/.cache/log-worker', `${process.pid}-${threadId}`);

await build({
  entryPoints: [source],
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  outdir,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
  plugins: [ownPackages],
});
try {
  // The thread's module and the one log store it imports are loaded once this resolves.
  await import(pathToFileURL(path.join(outdir, 'log-worker-thread.mjs')).href);
} finally {
  fs.rmSync(outdir, { recursive: true, force: true });
}
