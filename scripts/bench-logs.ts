/**
 * Log store benchmark (issue #7). Run from the repository root: `npx tsx scripts/bench-logs.ts`
 *   (a) 1,000,000 lines over 30 days in a fresh SQLite log store; message-text filters over the last 24 h.
 *   (b) Throughput of GET /api/health on a listening server: logging off, vs. 10,000 lines/s into the store.
 *   (c) Busy share of the request thread and CPU of the process at 10,000 lines/s (bench-logs-cpu.ts).
 * Options: `--only=query`, `--only=cpu` or `--only=http`; BENCH_DATABASE_URL=postgres://... also runs (a) on PostgreSQL;
 * for (b) BENCH_SECONDS, BENCH_ROUNDS, and BENCH_PIN=1 (server on one core, load generator on the other; needs taskset).
 * Figures are recorded in docs/benchmarks.md.
 */
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { createLogging, openLogStore, type LogStoreTarget } from '../apps/server/src/lib/logging';
import type { LogRecord } from '../apps/server/src/lib/logging/log-record';
import type { LogStore } from '../apps/server/src/lib/logging/log-store';
import { Mailer } from '../apps/server/src/lib/mailer';
import { migrate } from '../apps/server/src/migrations';
import { findLogs } from '../apps/server/src/modules/logs/logs.repository';
import { cpuAtRate } from './bench-logs-cpu';

const LINES = 1_000_000;
const DAY = 86_400_000;
const RUNS = 7;

const WORDS = [
  'request completed',
  'incoming request',
  'mail sent',
  'sync tenant',
  'relink extension',
  'licence saved',
  'session resumed',
  'template rendered',
];

function fakeLine(i: number, ts: number): LogRecord {
  // About one line in a thousand mentions a rare gateway timeout; a tenth are warnings or errors.
  const rare = i % 1000 === 7;
  const msg = rare ? `payment gateway timeout after ${i % 90} s` : `${WORDS[i % WORDS.length]} #${i}`;
  const level = i % 10 === 0 ? (i % 20 === 0 ? 'error' : 'warn') : 'info';
  const reqId = `${(i * 2654435761) % 4294967296}`.padStart(10, '0');
  const err = {
    type: 'Error',
    message: 'connect ECONNREFUSED 10.0.0.5:443',
    stack: 'Error: connect ECONNREFUSED 10.0.0.5:443\n    at TCPConnectWrap.afterConnect',
  };
  const obj = {
    level,
    time: ts,
    pid: 4242,
    hostname: 'bench',
    reqId,
    msg,
    res: { statusCode: 200 },
    responseTime: (i % 50) / 3,
    ...(level === 'error' ? { err } : {}),
  };
  return {
    ts,
    level,
    msg,
    job: 'provisio',
    host: 'bench',
    filename: level === 'info' ? '' : 'src/modules/tenants/tenants.service.ts',
    caller: level === 'info' ? '' : 'src/modules/tenants/tenants.service.ts:88',
    function_name: level === 'info' ? '' : 'syncTenant',
    error: level === 'error' ? 'connect ECONNREFUSED 10.0.0.5:443' : '',
    stacktrace:
      level === 'error'
        ? 'Error: connect ECONNREFUSED 10.0.0.5:443\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16)'
        : '',
    req_id: reqId,
    job_id: null,
    line: JSON.stringify(obj),
  };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function fill(store: LogStore, now: number): Promise<number> {
  const started = performance.now();
  const step = (30 * DAY) / LINES;
  const batch: LogRecord[] = [];
  for (let i = 0; i < LINES; i++) {
    batch.push(fakeLine(i, Math.floor(now - 30 * DAY + i * step)));
    if (batch.length === 10_000) await store.insert(batch.splice(0));
  }
  if (batch.length) await store.insert(batch);
  return performance.now() - started;
}

async function queryBench(label: string, target: LogStoreTarget): Promise<void> {
  const store = openLogStore(target);
  const now = Date.now();
  const fillMs = await fill(store, now);
  console.log(
    `\n(a) ${label}: ${LINES.toLocaleString('en')} lines over 30 days stored in ${(fillMs / 1000).toFixed(1)} s`,
  );
  const cases: { name: string; text: string; level: string; days?: number }[] = [
    { name: 'rare text (about 33 matches in 24 h)', text: 'gateway timeout', level: '' },
    { name: 'common text (limit of 1000 reached)', text: 'mail sent', level: '' },
    { name: 'text found nowhere (whole window scanned)', text: 'no such words', level: '' },
    { name: 'text + level error', text: 'ECONNREFUSED', level: 'error' },
    { name: 'rare text over all 30 days (not a target)', text: 'gateway timeout', level: '', days: 30 },
  ];
  for (const c of cases) {
    const times: number[] = [];
    let found = 0;
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      found = (
        await findLogs(store, { from: now - (c.days ?? 1) * DAY, to: now, text: c.text, level: c.level, limit: 1000 })
      ).length;
      times.push(performance.now() - t0);
    }
    console.log(
      `    ${c.name.padEnd(44)} found ${String(found).padStart(4)}  p50 ${ms(pct(times, 0.5)).padStart(9)}  max ${ms(Math.max(...times)).padStart(9)}  (${RUNS} runs)`,
    );
  }
  await store.close();
}

/** Child process: a real server on SQLite; mode 'off' logs nothing, 'store' logs 10,000 lines/s into the store. */
async function serve(mode: string): Promise<void> {
  const { buildApp } = await import('../apps/server/src/app');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'bench-pass-1',
    LOG_LEVEL: mode === 'off' ? 'silent' : 'info',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const db = openDatabase({ sqliteFile: path.join(dataDir, 'provisio.sqlite') });
  await migrate(db);
  // 'store+stdout': every line also goes to stdout, a pipe the parent drains (as under Docker or systemd).
  const logging = createLogging(config, {
    target: mode === 'off' ? null : { kind: 'sqlite', file: path.join(dataDir, 'logs.sqlite') },
    stdout: mode === 'store+stdout',
  });
  const mailer = new Mailer(db, logging.log, { from: config.MAIL_FROM, pollMs: 60_000 });
  // Request lines are counted in the 10,000 lines/s only in 'store+requests'; otherwise the rate is exact.
  const appLog =
    mode === 'store+requests' ? logging.log : logging.log.child({}, { level: mode === 'off' ? 'silent' : 'warn' });
  const app = await buildApp({ config, db, mailer, logStore: logging.store }, appLog);
  await app.listen({ port: 0, host: '127.0.0.1' });
  let emitted = 0;
  const started = Date.now();
  if (mode !== 'off') {
    const jobLog = logging.log.child({ jobId: 'bench-job' });
    setInterval(() => {
      const due = Math.floor(((Date.now() - started) * 10_000) / 1000) - emitted;
      for (let i = 0; i < due; i++)
        jobLog.info(
          { tenant: 'bluebird.example', extension: 100 + (i % 900), step: emitted + i },
          'relink extension done',
        );
      emitted += Math.max(0, due);
    }, 5).unref();
  }
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async () => {
    await logging.flush();
    const stored = logging.store
      ? Number(
          (
            await logging.store.kysely
              .selectFrom('logs')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      : 0;
    process.send?.({
      linesPerSecond: Math.round((stored * 1000) / (Date.now() - started)),
      dropped: logging.writer?.dropped ?? 0,
    });
    await app.close();
    await logging.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/** A fixed number of keep-alive connections, each sending the next request as soon as the last one answers. */
async function load(port: number, seconds: number, connections = 32): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        await one();
        done++;
      }
    }),
  );
  agent.destroy();
  return done / seconds;
}

async function httpRun(
  mode: string,
  seconds: number,
): Promise<{ rps: number; linesPerSecond: number; dropped: number }> {
  const child = fork(import.meta.filename, ['serve', mode], {
    stdio: ['ignore', mode === 'store+stdout' ? 'pipe' : 'inherit', 'inherit', 'ipc'],
  });
  child.stdout?.resume();
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  if (process.env.BENCH_PIN === '1') {
    // Worst case: the whole server (request thread, log worker, libuv threads) on one core, the load on the other.
    execFileSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-a', '-cp', '1', String(child.pid)], { stdio: 'ignore' });
  }
  await load(port, 2); // warm-up
  const rps = await load(port, seconds);
  child.send('stop');
  const stats = await new Promise<{ linesPerSecond: number; dropped: number }>((resolve) =>
    child.once('message', resolve),
  );
  return { rps, ...stats };
}

async function httpBench(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  console.log(
    `\n(b) GET /api/health, 32 keep-alive connections, ${seconds} s per run after 2 s warm-up (${os.cpus().length} CPUs${process.env.BENCH_PIN === '1' ? ', server pinned to CPU 1, load to CPU 0' : ''})`,
  );
  const results: Record<string, number[]> = { off: [], store: [], 'store+stdout': [], 'store+requests': [] };
  for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 5); round++) {
    for (const mode of Object.keys(results)) {
      const r = await httpRun(mode, seconds);
      results[mode]!.push(r.rps);
      console.log(
        `    round ${round + 1} ${mode.padEnd(15)} ${r.rps.toFixed(0).padStart(6)} req/s  stored ${r.linesPerSecond} lines/s  dropped ${r.dropped}`,
      );
    }
  }
  const median = (xs: number[]) => pct(xs, 0.5);
  const off = median(results.off!);
  for (const mode of ['store', 'store+stdout', 'store+requests']) {
    const on = median(results[mode]!);
    console.log(
      `    median ${mode.padEnd(15)} ${on.toFixed(0)} req/s vs off ${off.toFixed(0)} req/s: ratio ${(on / off).toFixed(3)} (cost ${((1 - on / off) * 100).toFixed(1)}%)`,
    );
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === 'serve') return serve(process.argv[3] ?? 'off');
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  console.log(`node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}`);
  if (!only || only === 'query') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-logs-'));
    try {
      await queryBench('SQLite (logs.sqlite, WAL)', { kind: 'sqlite', file: path.join(dir, 'logs.sqlite') });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const url = process.env.BENCH_DATABASE_URL;
    if (url) {
      const schema = `bench_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      const db = openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 1 });
      await migrate(db);
      await db.close();
      try {
        await queryBench('PostgreSQL (logs table)', { kind: 'postgres', url, schema });
      } finally {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      }
    }
  }
  if (only !== 'query' && only !== 'http') await cpuAtRate();
  if (only !== 'query' && only !== 'cpu') await httpBench();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
