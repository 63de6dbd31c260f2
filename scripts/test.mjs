#!/usr/bin/env node
/**
 * `npm test`: checks and installs what the tests need (scripts/test-bootstrap.mjs), starts a throwaway PostgreSQL
 * (scripts/pg-throwaway.sh) unless TEST_DATABASE_URL is given, runs the steps in order with TEST_DATABASE_URL and
 * KAMAILIO_TEST_DB_URL set (the server tests then run on SQLite and on PostgreSQL), and stops the cluster at the end
 * whatever happened, Ctrl-C included. Exits with the first failing step's code. Steps: format:check (Prettier), lint
 * (ESLint and scripts/check-cycles.mjs), typecheck, test:server, test:web, test:e2e. The three checks run at the same
 * time (each is one process on one core; together they take the time of the longest instead of the sum), their output
 * printed whole as each ends.
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

/** The checks run together (see above), when they come first among the steps. */
const CHECKS = ['format:check', 'lint', 'typecheck'];

/** The running children; `group`: it leads its own process group (a test step), which is signalled as a whole. */
const running = new Set();
let stopping;

function signalCurrent(sig) {
  for (const { child, group } of running) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      if (group) process.kill(-child.pid, sig);
      else child.kill(sig);
    } catch {
      // already gone
    }
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
 * Runs a command; resolves with its exit code (128 + signal number when a signal ended it) and its stdout (with its
 * stderr too when `capture` is 'all').
 * `group`: in a process group of its own (a test step: npm, vitest and its workers, Playwright, Chromium, the e2e
 * stack), so a stop signal reaches all of it at once and Ctrl-C reaches it only through this runner.
 * `shielded`: the same, but no signal is passed on (stopping the cluster must not be cut short by a second Ctrl-C).
 */
function run(cmd, args, { env = process.env, capture = false, group = false, shielded = false } = {}) {
  return new Promise((resolve) => {
    const stdio = ['inherit', capture ? 'pipe' : 'inherit', capture === 'all' ? 'pipe' : 'inherit'];
    const child = spawn(cmd, args, { cwd: ROOT, env, detached: group || shielded, stdio });
    const entry = { child, group };
    if (!shielded) running.add(entry);
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('error', (err) => {
      console.error(`== cannot run ${cmd}: ${err.message}`);
      resolve({ code: 127, out });
    });
    child.on('close', (code, signal) => {
      running.delete(entry);
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

function npm(script, env, capture = false) {
  const cli = process.env.npm_execpath;
  const opts = { env, group: true, capture };
  if (cli && /\.c?js$/.test(cli)) return run(process.execPath, [cli, 'run', script], opts);
  return run('npm', ['run', script], opts);
}

/** The checks at the head of `steps`, run together: each one's output is printed whole when it ends. */
async function checksTogether(steps, env) {
  const together = [];
  while (together.length < steps.length && CHECKS.includes(steps[together.length]))
    together.push(steps[together.length]);
  if (together.length < 2) return { ran: 0, code: 0 };
  const t = Date.now();
  console.log(`\n== ${together.join(', ')}: at the same time`);
  const codes = await Promise.all(
    together.map(async (step) => {
      const { code, out } = await npm(step, env, 'all');
      console.log(`\n== ${step}\n${out.trimEnd()}`);
      console.log(`== ${step}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${secs(t)}`);
      return code;
    }),
  );
  return { ran: together.length, code: codes.find((c) => c !== 0) ?? 0 };
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

  const checks = await checksTogether(steps, env);
  let failed = checks.code;
  try {
    for (const step of failed ? [] : steps.slice(checks.ran)) {
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
