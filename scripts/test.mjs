#!/usr/bin/env node
/**
 * `npm test`: checks and installs what the tests need (scripts/test-bootstrap.mjs), starts a throwaway PostgreSQL
 * (scripts/pg-throwaway.sh) unless TEST_DATABASE_URL is given, runs the steps in order with TEST_DATABASE_URL and
 * KAMAILIO_TEST_DB_URL set (the server tests then run on SQLite and on PostgreSQL), and stops the cluster at the end
 * whatever happened, Ctrl-C included. Exits with the first failing step's code. Steps: format:check (Prettier), lint
 * (ESLint and scripts/check-cycles.mjs), typecheck, test:server, test:web, test:e2e.
 *
 * `npm test -- typecheck test:server` runs only the named steps (same bootstrap and database).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BootstrapError, bootstrap } from './test-bootstrap.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PG_SCRIPT = path.join(ROOT, 'scripts/pg-throwaway.sh');
// The two fast checks first: formatting (Prettier) and the linter (ESLint + import cycles), then the tests.
const STEPS = ['format:check', 'lint', 'typecheck', 'test:server', 'test:web', 'test:e2e'];
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/** The running child; `group`: it leads its own process group (a test step), which is signalled as a whole. */
let current;
let stopping;

function signalCurrent(sig) {
  const { child, group } = current ?? {};
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (group) process.kill(-child.pid, sig);
    else child.kill(sig);
  } catch {
    // already gone
  }
}

for (const sig of Object.keys(SIGNALS)) {
  process.on(sig, () => {
    if (!stopping) console.error(`\n== ${sig}: stopping the tests`);
    stopping ??= sig;
    signalCurrent(sig);
    setTimeout(() => signalCurrent('SIGKILL'), 15_000).unref();
  });
}

/**
 * Runs a command; resolves with its exit code (128 + signal number when a signal ended it) and its stdout.
 * `group`: in a process group of its own (a test step: npm, vitest and its workers, Playwright, Chromium, the e2e
 * stack), so a stop signal reaches all of it at once and Ctrl-C reaches it only through this runner.
 * `shielded`: the same, but no signal is passed on (stopping the cluster must not be cut short by a second Ctrl-C).
 */
function run(cmd, args, { env = process.env, capture = false, group = false, shielded = false } = {}) {
  return new Promise((resolve) => {
    const stdio = ['inherit', capture ? 'pipe' : 'inherit', 'inherit'];
    const child = spawn(cmd, args, { cwd: ROOT, env, detached: group || shielded, stdio });
    if (!shielded) current = { child, group };
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.on('error', (err) => {
      console.error(`== cannot run ${cmd}: ${err.message}`);
      resolve({ code: 127, out });
    });
    child.on('close', (code, signal) => {
      if (current?.child === child) current = undefined;
      resolve({ code: code ?? 128 + (SIGNALS[signal] ?? 9), out });
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function npm(script, env) {
  const cli = process.env.npm_execpath;
  if (cli && /\.c?js$/.test(cli)) return run(process.execPath, [cli, 'run', script], { env, group: true });
  return run('npm', ['run', script], { env, group: true });
}

const secs = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
  const steps = process.argv.slice(2).length ? process.argv.slice(2) : STEPS;
  const unknown = steps.filter((s) => !scripts[s]);
  if (unknown.length) {
    console.error(`== unknown step: ${unknown.join(', ')} (the steps are ${STEPS.join(', ')})`);
    return 2;
  }

  const started = Date.now();
  try {
    bootstrap();
  } catch (err) {
    console.error(err instanceof BootstrapError ? err.message : err);
    return 1;
  }

  const env = { ...process.env };
  let pgDir;
  if (env.TEST_DATABASE_URL) {
    console.log('== PostgreSQL: TEST_DATABASE_URL is set; using it');
  } else {
    const port = env.PG_PORT || String(await freePort());
    const t = Date.now();
    const { code, out } = await run('bash', [PG_SCRIPT, 'start', port], { capture: true });
    if (code !== 0) return stopping ? 128 + SIGNALS[stopping] : code;
    for (const m of out.matchAll(/^export (\w+)=(.*)$/gm)) env[m[1]] = m[2];
    pgDir = env.PG_THROWAWAY_DIR;
    console.log(`== PostgreSQL: throwaway cluster on 127.0.0.1:${port} in ${pgDir} (${secs(t)})`);
  }

  let failed = 0;
  try {
    for (const step of steps) {
      if (stopping) break;
      const t = Date.now();
      console.log(`\n== ${step}`);
      const { code } = await npm(step, env);
      console.log(`== ${step}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${secs(t)}`);
      if (code !== 0) {
        failed = code;
        break;
      }
    }
  } finally {
    if (pgDir) {
      await run('bash', [PG_SCRIPT, 'stop', pgDir], { shielded: true });
      console.log('== PostgreSQL: throwaway cluster stopped and removed');
    }
  }
  if (stopping) return 128 + SIGNALS[stopping];
  console.log(`\n== npm test: ${failed ? 'FAILED' : 'passed'} in ${secs(started)}`);
  return failed;
}

process.exitCode = await main();
