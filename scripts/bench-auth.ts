/**
 * Cost of a signed-in call and of a burst of password checks (issue #17). Run from the repository root:
 *   npx tsx scripts/bench-auth.ts                   # both parts on SQLite
 *   npx tsx scripts/bench-auth.ts --only=throughput # (a)
 *   npx tsx scripts/bench-auth.ts --only=burst      # (b)
 * BENCH_DATABASE_URL=postgres://... runs the same on PostgreSQL (a throwaway schema). Needs Debian's wrk.
 *
 * (a) A real server process (demo data, plus BENCH_EXTENSIONS (1,200) extensions in one tenant, LOG_LEVEL info as in
 *     production unless BENCH_LOG_LEVEL says otherwise); wrk drives, in turn, GET /api/health, GET /api/v1/me (the
 *     cheapest signed-in call: authentication alone) and POST /api/v1/getExtensions (a page of 50) with
 *     BENCH_CONNECTIONS (32) keep-alive clients for BENCH_SECONDS (8) s, BENCH_ROUNDS (3) rounds; prints the median
 *     req/s of each and their ratio to /api/health in the same run.
 * (b) The same server serving a copy of apps/web/dist: BENCH_BURST (200) parallel sign-ins with wrong passwords
 *     (unknown and known users) while one client fetches a web file and /api/health in turn; prints the latencies
 *     of those during the burst and how the sign-ins were answered.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freshStore, spawnServer, type ServerProcess, type Store } from '../apps/server/src/reliability/server-process';

const run = promisify(execFile);
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const only = arg('only');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CONNECTIONS = env('BENCH_CONNECTIONS', 32);
const SECONDS = env('BENCH_SECONDS', 8);
const ROUNDS = env('BENCH_ROUNDS', 3);
const EXTENSIONS = env('BENCH_EXTENSIONS', 1200);
const BURST = env('BENCH_BURST', 200);
const TENANT = 'acme.example';
const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function openStore(): Promise<Store> {
  if (process.env.BENCH_DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
    return freshStore('postgres');
  }
  return freshStore('sqlite');
}

/** Adds extensions to one demo tenant straight in the database (the list call reads the portal's copy). */
async function fill(store: Store): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: EXTENSIONS }, (_, i) => ({
    tenant_id: TENANT,
    extension: String(50_000 + i),
    domain: TENANT,
    site_name: i % 2 ? 'Main' : 'Annex',
    firstname: `First${i}`,
    lastname: `Last${i}`,
    admin: 0 as const,
    email: `bench${i}@${TENANT}`,
    linked: 0 as const,
    mobile_app_allowed: 0 as const,
    desktop_app_allowed: 0 as const,
    mobile_phone: '',
    home_phone: '',
    sip_password: 'x',
    pin: '',
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await store.db.kysely
      .insertInto('extensions')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** wrk's request rate and errors for one URL (a Lua script when the call needs a body or a token). */
async function wrk(
  url: string,
  script?: string,
): Promise<{ rps: number; p50: string; errors: number; detail: string }> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', ...(script ? ['-s', script] : []), url];
  const { stdout } = await run('wrk', args, { encoding: 'utf8' });
  const non2xx = Number(stdout.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const sock = stdout.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    rps: Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: stdout.match(/^\s+50%\s+(\S+)/m)?.[1] ?? '?',
    errors: non2xx + (sock ? sock.slice(1).reduce((n, x) => n + Number(x), 0) : 0),
    detail: `non-2xx ${non2xx}, socket ${sock ? sock.slice(1).join('/') : '0'} (connect/read/write/timeout)`,
  };
}

const lua = (method: string, body: string | null, token: string) => `
wrk.method = "${method}"
wrk.headers["Token"] = "${token}"
${body ? `wrk.headers["Content-Type"] = "application/json"\nwrk.body = '${body}'` : ''}
`;

async function throughput(server: ServerProcess, dir: string): Promise<void> {
  const token = await server.login();
  const list = await server.call('getExtensions', { tenant_id: TENANT, limit: 50, offset: 0 }, token);
  if (list.status !== 200) throw new Error(`getExtensions: ${list.status} ${JSON.stringify(list.json)}`);
  const meLua = path.join(dir, 'me.lua');
  const extLua = path.join(dir, 'ext.lua');
  fs.writeFileSync(meLua, lua('GET', null, token));
  fs.writeFileSync(extLua, lua('POST', JSON.stringify({ tenant_id: TENANT, limit: 50, offset: 0 }), token));
  const runs = {
    health: () => wrk(`${server.base}/api/health`),
    me: () => wrk(`${server.base}/api/v1/me`, meLua),
    getExtensions: () => wrk(`${server.base}/api/v1/getExtensions`, extLua),
  };
  // Warm-up (JIT, statement caches), then the three in turn each round.
  for (const r of Object.values(runs)) await r();
  const rps: Record<keyof typeof runs, number[]> = { health: [], me: [], getExtensions: [] };
  let errors = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, r] of Object.entries(runs) as [keyof typeof runs, () => ReturnType<typeof wrk>][]) {
      const res = await r();
      rps[name].push(res.rps);
      errors += res.errors;
      console.log(
        `  round ${round + 1} ${name}: ${res.rps.toFixed(0)} req/s, p50 ${res.p50}, errors ${res.errors ? res.detail : 0}`,
      );
    }
  }
  const health = median(rps.health);
  console.log(
    `\n(a) wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, ${ROUNDS} rounds, median req/s (${TENANT}: its demo extensions + ${EXTENSIONS}, LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'info'})`,
  );
  console.log('| call | req/s | share of /api/health |\n| --- | --- | --- |');
  for (const [name, xs] of Object.entries(rps))
    console.log(`| ${name} | ${median(xs).toFixed(0)} | ${((median(xs) / health) * 100).toFixed(1)} % |`);
  if (errors) {
    console.error(`${errors} errors during the runs`);
    process.exitCode = 1;
  }
}

async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t0;
}

async function burst(server: ServerProcess): Promise<void> {
  const asset = fs.readdirSync(path.join(WEB_DIST, 'assets')).find((f) => f.endsWith('.js'));
  const fileUrl = `${server.base}/assets/${asset}`;
  const statuses = new Map<number, number>();
  const file: number[] = [];
  const health: number[] = [];
  let done = false;
  const t0 = performance.now();
  const signIns = Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const res = await server.call('adminLogin', {
        cloud_id: 'CRASH',
        user: i % 2 ? `nobody${i}` : 'admin',
        password: 'wrong-password',
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }),
  ).then(() => (done = true));
  const probe = (async () => {
    while (!done) {
      file.push(await timed(fileUrl));
      health.push(await timed(`${server.base}/api/health`));
    }
  })();
  await Promise.all([signIns, probe]);
  const burstMs = performance.now() - t0;
  console.log(`\n(b) ${BURST} parallel sign-ins with wrong passwords, ${burstMs.toFixed(0)} ms in all`);
  console.log(`sign-in answers: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}`);
  console.log('| during the burst | n | p50 ms | p95 ms | max ms |\n| --- | --- | --- | --- | --- |');
  for (const [name, xs] of [
    [`GET /assets/${asset}`, file],
    ['GET /api/health', health],
  ] as const)
    console.log(
      `| ${name} | ${xs.length} | ${pct(xs, 0.5).toFixed(1)} | ${pct(xs, 0.95).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`,
    );
  if ([...statuses.keys()].some((s) => s >= 500)) process.exitCode = 1;
}

async function main(): Promise<void> {
  const store = await openStore();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-auth-'));
  fs.cpSync(WEB_DIST, path.join(dir, 'web'), { recursive: true });
  let server: ServerProcess | undefined;
  try {
    server = await spawnServer({
      ...store.env,
      SEED_DEMO: 'true',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      WEB_DIST: path.join(dir, 'web'),
      // The burst comes from one address: the sign-in throttle would otherwise refuse it before any password check.
      LOGIN_MAX_FAILURES: '1000',
      LOGIN_SLOW_AFTER: '1000',
    });
    await fill(store);
    console.log(
      `${store.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${os.cpus().length} CPUs, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    if (only !== 'burst') await throughput(server, dir);
    if (only !== 'throughput') await burst(server);
  } finally {
    await server?.stop();
    await store.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
