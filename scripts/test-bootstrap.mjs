#!/usr/bin/env node
/**
 * What `npm test` needs from Debian, checked before any test runs (scripts/test.mjs calls it first; it also runs on
 * its own: `node scripts/test-bootstrap.mjs`). Nothing missing: returns at once, no apt call. Missing packages as
 * root: `apt-get update && apt-get install -y <packages>`, then checks again. Missing as another user: stops with
 * one message naming the command to run. Plain Node on purpose: it runs before anything else is known to work.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Kamailio lives in /usr/sbin, which a normal user's PATH on Debian leaves out; the tests spawn it by name. */
const SBIN = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

function onPath(cmd) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir || '.', cmd), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const exists = (p) => fs.existsSync(p);

function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!exists(root)) return undefined;
  return fs
    .readdirSync(root)
    .map((v) => path.join(root, v, 'bin'))
    .find((bin) => exists(path.join(bin, 'initdb')));
}

/**
 * Each need: what a test uses, how to see it is there, and the Debian packages that bring it. `postgres` is only
 * needed when npm test starts its own cluster (no TEST_DATABASE_URL given).
 */
export const NEEDS = [
  {
    what: "Chromium's headless build at /usr/bin/chromium-headless-shell (the e2e specs)",
    ok: () => exists(process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell'),
    packages: ['chromium-headless-shell'],
  },
  {
    what: "PostgreSQL's initdb (the throwaway test cluster)",
    ok: () => postgresBin() !== undefined,
    packages: ['postgresql'],
    postgres: true,
  },
  { what: 'kamailio (Kamailio connector and SIP tests)', ok: () => onPath('kamailio'), packages: ['kamailio'] },
  {
    what: "Kamailio's SQLite module and schema",
    ok: () => exists('/usr/share/kamailio/db_sqlite'),
    packages: ['kamailio-sqlite-modules'],
  },
  {
    what: "Kamailio's PostgreSQL module and schema",
    ok: () => exists('/usr/share/kamailio/postgres'),
    packages: ['kamailio-postgres-modules'],
  },
  { what: 'sipp (REGISTER proofs)', ok: () => onPath('sipp'), packages: ['sip-tester'] },
  { what: 'baresip (account XML proofs)', ok: () => onPath('baresip'), packages: ['baresip-core'] },
  { what: 'linphonec (Linphone provisioning proof)', ok: () => onPath('linphonec'), packages: ['linphone-cli'] },
  { what: 'rtpengine (media relay tests)', ok: () => onPath('rtpengine'), packages: ['rtpengine-daemon'] },
];

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

const packagesOf = (needs) => [...new Set(needs.flatMap((n) => n.packages))];

function missing(needPostgres) {
  return NEEDS.filter((n) => (needPostgres || !n.postgres) && !n.ok());
}

/** Thrown with the one message to show; the caller prints it and exits 1. */
export class BootstrapError extends Error {}

function apt(args) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Waits for a running apt or unattended-upgrades to let go of the dpkg lock instead of failing at once.
  const argv = ['-o', 'DPkg::Lock::Timeout=600', ...args];
  const r = spawnSync('apt-get', argv, { env, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) {
    const all = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`;
    const out = all.trim().split('\n').slice(-30).join('\n');
    throw new BootstrapError(`apt-get ${args.join(' ')} failed (exit ${r.status}):\n${out}`);
  }
}

/**
 * Checks, and installs as root, what the tests need. `needPostgres`: npm test will start its own cluster (it needs
 * PostgreSQL installed and root for `runuser postgres`). Adds /usr/sbin to PATH when it is missing.
 */
export function bootstrap({ needPostgres = !process.env.TEST_DATABASE_URL, log = (line) => console.log(line) } = {}) {
  const parts = (process.env.PATH ?? '').split(path.delimiter);
  const extra = SBIN.filter((d) => !parts.includes(d) && exists(d));
  if (extra.length) process.env.PATH = [...parts, ...extra].join(path.delimiter);

  const lacking = missing(needPostgres);
  const packages = packagesOf(lacking);
  const what = lacking.map((n) => n.what).join('; ');
  if (!isRoot()) {
    const problems = [];
    if (packages.length) {
      const cmd = `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
      problems.push(`Missing: ${what}.\nInstall them with:\n\n  ${cmd}\n`);
    }
    if (needPostgres) {
      problems.push(
        'TEST_DATABASE_URL is not set, and npm test starts its throwaway PostgreSQL as the postgres user,\n' +
          'which needs root. Run npm test as root, or start the cluster with sudo and run the tests against it:\n\n' +
          '  eval "$(sudo bash scripts/pg-throwaway.sh start)" && npm test;' +
          ' sudo bash scripts/pg-throwaway.sh stop "$PG_THROWAWAY_DIR"\n',
      );
    }
    if (problems.length) {
      throw new BootstrapError(`npm test cannot start (not running as root).\n\n${problems.join('\n')}`);
    }
    log('== test bootstrap: everything the tests need is installed');
    return;
  }
  if (!packages.length) {
    log('== test bootstrap: everything the tests need is installed');
    return;
  }

  log(`== test bootstrap: installing from Debian: ${packages.join(' ')} (missing: ${what})`);
  const started = Date.now();
  apt(['update', '-q']);
  apt(['install', '-y', '-q', ...packages]);
  const still = missing(needPostgres);
  if (still.length) {
    throw new BootstrapError(
      `apt-get install -y ${packages.join(' ')} finished, but these are still missing: ` +
        `${still.map((n) => n.what).join('; ')}.\nCheck that ${packagesOf(still).join(' ')} install them on this ` +
        'system and that PATH holds their directories.',
    );
  }
  log(`== test bootstrap: installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    bootstrap();
  } catch (err) {
    console.error(err instanceof BootstrapError ? err.message : err);
    process.exit(1);
  }
}
