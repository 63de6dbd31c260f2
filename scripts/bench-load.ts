/**
 * Load test (issue #9). Run from the repository root: `npx tsx scripts/bench-load.ts` (needs Debian's wrk:
 * `apt-get install -y wrk`). Starts a real server process (SQLite, demo data) and, in this process, a bare Fastify
 * instance with one trivial route; then wrk drives each with BENCH_CONNECTIONS (64) keep-alive clients for
 * BENCH_SECONDS (30) s. The server gets a mix of list and write calls (wrk Lua script below); the bare route gives
 * the machine's ceiling, so the result is a ratio rather than an absolute figure. Fails on any error.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { freePort, freshStore, spawnServer } from '../apps/server/src/reliability/server-process';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);

/** 80% list calls, 20% writes (a reseller rename, a licence update, an extension's app switch), each with the admin's token. */
const MIX_LUA = (token: string, resellerId: number, extensionId: number) => `
local token = "${token}"
local calls = {
  { "/api/v1/tenantList", '{}' },
  { "/api/v1/getExtensions", '{"tenant_id":"acme.example","limit":50,"offset":0}' },
  { "/api/v1/getExtensions", '{"tenant_id":"northwind.example","limit":50,"offset":100,"search":"a"}' },
  { "/api/v1/resellerSummary", '{}' },
  { "/api/v1/domainSummary", '{}' },
  { "/api/v1/userSummary", '{}' },
  { "/api/v1/getLicenses", '{"tenant_id":"acme.example"}' },
  { "/api/v1/profileSummary", '{}' },
  { "/api/v1/createUpdateReseller", '{"id":${resellerId},"name":"Bench Reseller"}' },
  { "/api/v1/updateAndGetExtension", '{"id":${extensionId},"tenant_id":"acme.example","column_name":"desktop_app_allowed","value":"false","limit":10}' },
}
local n = 0
request = function()
  n = n + 1
  local c = calls[(n % #calls) + 1]
  return wrk.format("POST", c[1], { ["Content-Type"] = "application/json", ["Token"] = token }, c[2])
end
`;

interface WrkResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const run = promisify(execFile);

/** Runs wrk with --latency (asynchronously: the bare route is served by this process) and reads its summary in ms. */
async function wrk(url: string, script?: string): Promise<WrkResult> {
  const args = [
    `-t${THREADS}`,
    `-c${CONNECTIONS}`,
    `-d${SECONDS}s`,
    '--latency',
    ...(script ? ['-s', script] : []),
    url,
  ];
  const { stdout: out } = await run('wrk', args, { encoding: 'utf8' });
  const toMs = (v: string, unit: string) => Number(v) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? 1);
  const pct = (p: string) => {
    const m = out.match(new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)`, 'm'));
    return m ? toMs(m[1]!, m[2]!) : NaN;
  };
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const sock = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const socketErrors = sock ? sock.slice(1).reduce((n, x) => n + Number(x), 0) : 0;
  return {
    requests,
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: pct('50'),
    p99: pct('99'),
    errors: non2xx + socketErrors,
  };
}

async function main(): Promise<void> {
  const store = await freshStore('sqlite');
  const server = await spawnServer({
    ...store.env,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  try {
    const token = await server.login();
    const reseller = await store.db.kysely.selectFrom('resellers').select('id').orderBy('id').executeTakeFirstOrThrow();
    const ext = await store.db.kysely
      .selectFrom('extensions')
      .select('id')
      .where('tenant_id', '=', 'acme.example')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const lua = path.join(os.tmpdir(), `provisio-bench-${process.pid}.lua`);
    fs.writeFileSync(lua, MIX_LUA(token, reseller.id, ext.id));
    // A short warm-up of each, then the measured runs back to back.
    await run('wrk', ['-t1', '-c8', '-d3s', '-s', lua, server.base]);
    await run('wrk', ['-t1', '-c8', '-d3s', `http://127.0.0.1:${barePort}/bare`]);
    const api = await wrk(server.base, lua);
    const base = await wrk(`http://127.0.0.1:${barePort}/bare`);
    fs.rmSync(lua, { force: true });
    const rows = [
      ['run', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
      [
        'API mix (80% lists, 20% writes)',
        api.requests,
        api.rps.toFixed(0),
        api.p50.toFixed(2),
        api.p99.toFixed(2),
        api.errors,
      ],
      ['bare Fastify route', base.requests, base.rps.toFixed(0), base.p50.toFixed(2), base.p99.toFixed(2), base.errors],
      [
        'ratio API / bare',
        '',
        `${((api.rps / base.rps) * 100).toFixed(1)}%`,
        `${(api.p50 / base.p50).toFixed(1)}x`,
        `${(api.p99 / base.p99).toFixed(1)}x`,
        '',
      ],
    ];
    console.log(
      `wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}`,
    );
    console.log(rows.map((r) => `| ${r.join(' | ')} |`).join('\n'));
    if (api.errors > 0 || base.errors > 0) {
      console.error('errors during the load test');
      process.exitCode = 1;
    }
  } finally {
    await bare.close();
    await server.stop();
    await store.dispose();
  }
}

await main();
