// Builds what production runs: the web app (apps/web/dist) and the server (apps/server/dist, plain JavaScript that
// `node` runs). A part is built only when its output is missing or older than its sources, so `npm start` after an
// unchanged checkout goes straight to the server (docs/build.md).
//
//   node scripts/build.mjs [web] [server] [--force]     both parts when none is named
//   node scripts/build.mjs server --outdir=DIR          the server into DIR (a test's own copy; always built)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const at = (...p) => path.join(ROOT, ...p);
const STAMPS = at('node_modules', '.cache', 'provisio-build');

/** Sources each part is built from (folders are walked; their own mtimes catch deleted files) and its output. */
const PARTS = {
  web: {
    tool: 'vite',
    inputs: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/build'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
      at('apps/web/scripts'),
      at('packages/contract/src'),
      at('package-lock.json'),
    ],
    output: at('apps/web/dist/index.html'),
    build: buildWeb,
  },
  server: {
    tool: 'esbuild',
    inputs: [
      at('apps/server/src'),
      at('packages/contract/src'),
      at('apps/server/package.json'),
      at('package-lock.json'),
      at('tsconfig.base.json'),
      at('scripts/build.mjs'),
    ],
    output: at('apps/server/dist/server.js'),
    build: () => buildServer(),
  },
};

/** The newest mtime under the inputs; test files do not go into the server, so they do not count. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return; // an optional input (apps/web/public) that does not exist
    }
    newest = Math.max(newest, st.mtimeMs);
    if (!st.isDirectory()) return;
    for (const name of fs.readdirSync(p)) {
      if (name === 'node_modules' || /\.test\.tsx?$/.test(name)) continue;
      visit(path.join(p, name));
    }
  };
  paths.forEach(visit);
  return newest;
}

/** Up to date: the output exists and the stamp of its last successful build is newer than every input. */
function upToDate(name) {
  const part = PARTS[name];
  const stamp = path.join(STAMPS, `${name}.stamp`);
  if (!fs.existsSync(part.output) || !fs.existsSync(stamp)) return false;
  return fs.statSync(stamp).mtimeMs >= newestMtime(part.inputs);
}

/** Records a successful build with the time it started, so a file saved during the build is seen next time. */
function stampBuilt(name, startedAt) {
  fs.mkdirSync(STAMPS, { recursive: true });
  const stamp = path.join(STAMPS, `${name}.stamp`);
  fs.writeFileSync(stamp, `${new Date(startedAt).toISOString()}\n`);
  fs.utimesSync(stamp, startedAt / 1000, startedAt / 1000);
}

function toolInstalled(pkg) {
  try {
    import.meta.resolve(pkg);
    return true;
  } catch {
    return false;
  }
}

function buildWeb() {
  const r = spawnSync('npm', ['run', 'build', '-w', '@provisio/web'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`the web build failed (exit code ${r.status})`);
}

/**
 * Bundles the server and its log worker with esbuild: our sources and the contract (TypeScript, imported without
 * extensions) become one ES module each; every other package stays an import that Node resolves from node_modules,
 * so native modules (better-sqlite3) and package files load as they do in development. The output sits at the
 * same depth as src/, so paths the server takes from import.meta.dirname (../../web/dist,
 * ../provisioning-keys.json, ./log-worker.mjs) point at the same files.
 */
export async function buildServer({ outdir = at('apps/server/dist') } = {}) {
  const esbuild = await import('esbuild');
  const { ownPackages } = await import('../apps/server/src/lib/logging/esbuild-own-packages.mjs');
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    sourcesContent: false,
    keepNames: true,
    logLevel: 'warning',
    plugins: [ownPackages],
  };
  fs.rmSync(outdir, { recursive: true, force: true });
  await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: [at('apps/server/src/server.ts')],
      outfile: path.join(outdir, 'server.js'),
    }),
    // The log worker is split: it imports the one log store it writes to (SQLite or PostgreSQL) when it starts, so
    // its thread loads only that store's driver (log-worker-thread.ts).
    esbuild.build({
      ...common,
      entryPoints: [at('apps/server/src/lib/logging/log-worker-thread.ts')],
      splitting: true,
      outdir,
      entryNames: 'log-worker',
      chunkNames: 'log-worker-[name]-[hash]',
      outExtension: { '.js': '.mjs' },
    }),
  ]);
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const named = args.filter((a) => !a.startsWith('--'));
  for (const n of named) if (!PARTS[n]) throw new Error(`unknown part "${n}" (web, server)`);
  const outdir = args.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length);
  if (outdir) return buildServer({ outdir: path.resolve(outdir) });
  for (const name of named.length ? named : Object.keys(PARTS)) {
    if (!force && upToDate(name)) {
      process.stderr.write(`build: ${name} is up to date\n`);
      continue;
    }
    if (!toolInstalled(PARTS[name].tool) && fs.existsSync(PARTS[name].output)) {
      // An install without devDependencies (npm ci --omit=dev) runs what was built before it.
      process.stderr.write(
        `build: ${PARTS[name].tool} is not installed (devDependencies left out?): using the ${name} built before\n`,
      );
      continue;
    }
    const startedAt = Date.now();
    process.stderr.write(`build: building the ${name}\n`);
    await PARTS[name].build();
    stampBuilt(name, startedAt);
    process.stderr.write(`build: ${name} built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    process.stderr.write(`build: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
