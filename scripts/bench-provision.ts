/**
 * Provisioning speed (issue #14). Run from the repository root: `npx tsx scripts/bench-provision.ts` (needs Debian's
 * wrk). Starts a real server process (SQLite, demo data), links BENCH_ACCOUNTS (20) app accounts, takes each one's
 * activation secret from its QR (authLogin), then wrk drives GET /api/v1/provision with those activation credentials
 * (BENCH_CONNECTIONS keep-alive clients for BENCH_SECONDS). A bare Fastify route in this process, measured in the same
 * run, gives the machine's ceiling, so the result is also a ratio. A short run with the users' own passwords shows
 * that path still pays scrypt and the sign-in throttle. Not a timed test: the figures go to docs/benchmarks.md.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { parseCscPayload } from '../packages/contract/src/provisioning';
import { CLOUD_ID, freePort, freshStore, spawnServer } from '../apps/server/src/reliability/server-process';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const THREADS = Number(process.env.BENCH_THREADS ?? 1);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20);
const PASSWORD_SECONDS = Number(process.env.BENCH_PASSWORD_SECONDS ?? 5);
const PASSWORD = 'Bench!pr0vision';
const TENANT = 'acme.example';

/** Cycles through the accounts' query strings, one GET per request. */
const LUA = (queries: string[]) => `
local qs = { ${queries.map((q) => `"${q}"`).join(', ')} }
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/api/v1/provision?" .. qs[(n % #qs) + 1], { ["User-Agent"] = "CloudSoftphone/1.5.6" })
end
`;

interface WrkResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  socketErrors: number;
}

const run = promisify(execFile);

async function wrk(url: string, seconds: number, script?: string): Promise<WrkResult> {
  const args = [
    `-t${THREADS}`,
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
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
  const sock = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    requests: Number(out.match(/(\d+) requests in/)?.[1] ?? 0),
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: pct('50'),
    p99: pct('99'),
    non2xx: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    socketErrors: sock ? sock.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
  };
}

const query = (username: string, password: string) =>
  new URLSearchParams({ cloud_id: CLOUD_ID, cloud_username: username, cloud_password: password }).toString();

async function main(): Promise<void> {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const store = await freshStore('sqlite');
  // BENCH_NODE_OPTIONS (e.g. --import a profiler hook) is passed to the server process.
  const nodeOptions: Record<string, string> = process.env.BENCH_NODE_OPTIONS
    ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS }
    : {};
  const server = await spawnServer({
    ...store.env,
    ...nodeOptions,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  const lua = path.join(os.tmpdir(), `provisio-bench-prov-${process.pid}.lua`);
  const luaPw = path.join(os.tmpdir(), `provisio-bench-prov-pw-${process.pid}.lua`);
  try {
    const token = await server.login();
    const exts = await store.db.kysely
      .selectFrom('extensions')
      .select('extension')
      .where('tenant_id', '=', TENANT)
      .orderBy('extension')
      .limit(ACCOUNTS)
      .execute();
    const secrets: string[] = [];
    const passwords: string[] = [];
    for (const [i, e] of exts.entries()) {
      const email = `bench-${i}@acme.example`;
      const linked = await server.call(
        'linkExtension',
        { email, did: '+15550100', pin: '864213', password: PASSWORD, extension: e.extension, tenant_id: TENANT },
        token,
      );
      if (linked.status !== 200)
        throw new Error(`linkExtension ${e.extension}: ${linked.status} ${JSON.stringify(linked.json)}`);
      const qr = await server.call<{ qrValue: string }>('authLogin', {
        username: email,
        password: PASSWORD,
        cloud_id: CLOUD_ID,
      });
      const secret = qr.status === 200 ? parseCscPayload(qr.json.qrValue)?.password : undefined;
      if (!secret) throw new Error(`authLogin ${email}: ${qr.status}`);
      secrets.push(query(email, secret));
      passwords.push(query(email, PASSWORD));
    }
    fs.writeFileSync(lua, LUA(secrets));
    fs.writeFileSync(luaPw, LUA(passwords));
    // A short warm-up of each, then the measured runs back to back.
    await run('wrk', ['-t1', '-c8', '-d3s', '-s', lua, server.base]);
    await run('wrk', ['-t1', '-c8', '-d3s', `http://127.0.0.1:${barePort}/bare`]);
    const prov = await wrk(server.base, SECONDS, lua);
    const base = await wrk(`http://127.0.0.1:${barePort}/bare`, SECONDS);
    const pw = PASSWORD_SECONDS > 0 ? await wrk(server.base, PASSWORD_SECONDS, luaPw) : undefined;
    const rows: (string | number)[][] = [
      ['run', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'socket errors'],
      [
        `/provision, activation secret (${exts.length} accounts)`,
        prov.requests,
        prov.rps.toFixed(0),
        prov.p50.toFixed(2),
        prov.p99.toFixed(2),
        prov.non2xx,
        prov.socketErrors,
      ],
      [
        'bare Fastify route',
        base.requests,
        base.rps.toFixed(0),
        base.p50.toFixed(2),
        base.p99.toFixed(2),
        base.non2xx,
        base.socketErrors,
      ],
      [
        'ratio /provision / bare',
        '',
        `${((prov.rps / base.rps) * 100).toFixed(1)}%`,
        `${(prov.p50 / base.p50).toFixed(1)}x`,
        `${(prov.p99 / base.p99).toFixed(1)}x`,
        '',
        '',
      ],
    ];
    if (pw)
      rows.push([
        `/provision, users' passwords (scrypt, throttled; ${PASSWORD_SECONDS}s)`,
        pw.requests,
        pw.rps.toFixed(0),
        pw.p50.toFixed(2),
        pw.p99.toFixed(2),
        pw.non2xx,
        pw.socketErrors,
      ]);
    console.log(
      `wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load average at start ${load}, at end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(rows.map((r) => `| ${r.join(' | ')} |`).join('\n'));
    if (prov.non2xx > 0 || prov.socketErrors > 0 || base.socketErrors > 0) {
      console.error('errors during the provisioning run');
      process.exitCode = 1;
    }
  } finally {
    fs.rmSync(lua, { force: true });
    fs.rmSync(luaPw, { force: true });
    await bare.close();
    await server.stop();
    await store.dispose();
  }
}

await main();
