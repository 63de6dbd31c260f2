#!/usr/bin/env node
/**
 * `npm run test:e2e`: builds the app once, then runs the Playwright specs in E2E_SHARDS (default 2) processes side by
 * side, each with its own shard of the spec files (`--shard=i/n`) and its own stack: the server, its SQLite data
 * directory, the SMTP catcher and its mail API all follow E2E_PORT (e2e/support/constants.ts), which is
 * E2E_PORT (default 8181) + 100·(i - 1) here. The specs spend much of their time waiting (mail delivery, debounced
 * searches, jobs, SIP registrations), so two shards on a 2-core machine take about three quarters of the time of one
 * (914 s → 691 s on the 2-core VM, 2026-11-29).
 *
 * Each line of output is prefixed with its shard; the exit code is the first failing shard's. Arguments after `--`
 * go to every Playwright process (`npm run test:e2e -- branding`: then one process unless E2E_SHARDS is set).
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const extra = process.argv.slice(2);
// Specs named on the command line run in one process unless E2E_SHARDS says otherwise.
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? (extra.length ? 1 : 2)) || 1);
const basePort = Number(process.env.E2E_PORT ?? 8181);

function run(cmd, args, { env = process.env, prefix = '' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', prefix ? 'pipe' : 'inherit', 'pipe'] });
    const relay = (stream, out) => {
      if (!stream) return;
      readline.createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
    };
    if (prefix) relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('error', (err) => {
      console.error(`${prefix}cannot run ${cmd}: ${err.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const npmCli = process.env.npm_execpath;
const npm = (args) => (npmCli && /\.c?js$/.test(npmCli) ? run(process.execPath, [npmCli, ...args]) : run('npm', args));

const built = await npm(['run', 'build']);
if (built !== 0) process.exit(built);

const started = Date.now();
const playwright = path.join(ROOT, 'node_modules/@playwright/test/cli.js');
const codes = await Promise.all(
  Array.from({ length: shards }, (_, i) => {
    const port = basePort + 100 * i;
    const shardArgs = shards > 1 ? [`--shard=${i + 1}/${shards}`] : [];
    return run(process.execPath, [playwright, 'test', '-c', 'e2e/playwright.config.ts', ...shardArgs, ...extra], {
      env: { ...process.env, E2E_PORT: String(port), E2E_OUTPUT: `.artifacts/results-${port}` },
      prefix: shards > 1 ? `[${i + 1}/${shards}] ` : '',
    });
  }),
);
const failed = codes.find((c) => c !== 0) ?? 0;
console.log(
  `e2e: ${shards} shard(s) ${failed ? 'failed' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
    (shards > 1 ? ` (exit codes ${codes.join(', ')})` : ''),
);
process.exit(failed);
