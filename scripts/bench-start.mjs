// Start time of `npm start` (docs/benchmarks.md, "Start time"): seconds from running the command to the first 200
// from /api/health, once after the build stamps were removed (everything is built, as on a fresh clone) and then
// RUNS times with nothing changed. Each run stops the server with SIGTERM and checks it exits with code 0.
//
//   node scripts/bench-start.mjs [--runs=5] [--skip-first]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);

async function freePort() {
  const srv = net.createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exited = new Promise((r) => child.once('exit', (code) => r(code)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${out.slice(-3000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  child.kill('SIGTERM');
  const code = await exited;
  const startupMs = Number(/"startupMs":(\d+)/.exec(out)?.[1]);
  const cpuMs = Number(/"startupCpuMs":(\d+)/.exec(out)?.[1]);
  const built =
    [...out.matchAll(/build: (\w+) built in ([\d.]+) s/g)].map((m) => `${m[1]} ${m[2]} s`).join(', ') || 'nothing';
  return { seconds, code, startupMs, cpuMs, built };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-start-'));
try {
  const line = (label, r) =>
    console.log(
      `${label}: health after ${r.seconds.toFixed(2)} s (server process to listening ${r.startupMs} ms, ${r.cpuMs} ms of CPU; built: ${r.built}; exit code after SIGTERM ${r.code})`,
    );
  if (!args.includes('--skip-first')) {
    fs.rmSync(path.join(ROOT, 'node_modules/.cache/provisio-build'), { recursive: true, force: true });
    line('first start', await startOnce(dataDir));
  }
  const seconds = [];
  for (let i = 1; i <= runs; i++) {
    const r = await startOnce(dataDir);
    seconds.push(r.seconds);
    line(`second start #${i}`, r);
  }
  seconds.sort((a, b) => a - b);
  const median = seconds[Math.floor(seconds.length / 2)];
  console.log(
    `second start: median ${median.toFixed(2)} s, min ${seconds[0].toFixed(2)} s, max ${seconds.at(-1).toFixed(2)} s; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
