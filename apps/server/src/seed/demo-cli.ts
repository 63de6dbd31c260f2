import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { REPO_ROOT, withEnvFile } from '../env-file';
import { pendingMigrations } from '../migrations';
import { createConnector } from '../platform';
import { removeDemo } from './demo-remove';

/**
 * `npm run demo -- remove`: deletes the demo data (seed/demo-remove.ts) from the database the portal uses (the same
 * settings as `npm start`: environment, then `.env`), and turns the demo off in `.env` (SEED_DEMO=false,
 * SIM_ACTIVE_CALLS=0: no simulated calls for the provider's own builtin tenants either). Restart the portal after.
 */
async function main(argv: string[]): Promise<number> {
  if (argv[0] !== 'remove') {
    process.stderr.write('Usage: npm run demo -- remove\n');
    return 2;
  }
  const { env, file } = withEnvFile(process.env);
  const config = loadConfig(env);
  const db = openDatabase(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL }
      : { sqliteFile: path.join(config.dataDir, 'provisio.sqlite') },
  );
  try {
    if ((await pendingMigrations(db)).length) {
      process.stderr.write(
        `The database is not up to date (${(await pendingMigrations(db)).join(', ')}): start the portal once (npm start), then run this again.\n`,
      );
      return 1;
    }
    const connector = createConnector(config.PLATFORM, db, { config, simulatedCalls: 0 });
    try {
      const removed = await removeDemo(db, connector);
      const lines = Object.entries(removed.rows).map(([table, n]) => `  ${table}: ${n}`);
      process.stdout.write(`Demo data removed:\n${lines.join('\n') || '  (none left)'}\n`);
      if (removed.platformExtensions)
        process.stdout.write(`  extensions deleted on ${config.PLATFORM}: ${removed.platformExtensions}\n`);
    } finally {
      await connector.close?.();
    }
  } finally {
    await db.close();
  }
  const target = file ?? path.join(REPO_ROOT, '.env');
  if (env.ENV_FILE !== 'none') {
    turnOffInEnvFile(target);
    process.stdout.write(`Demo turned off in ${target} (SEED_DEMO=false, SIM_ACTIVE_CALLS=0). Restart the portal.\n`);
  }
  for (const key of ['SEED_DEMO', 'SIM_ACTIVE_CALLS'])
    if (process.env[key]) process.stdout.write(`Note: ${key} is also set in the environment, which wins over .env.\n`);
  return 0;
}

/** Sets SEED_DEMO=false and SIM_ACTIVE_CALLS=0 in the env file, replacing those keys' lines or adding them. */
export function turnOffInEnvFile(file: string): void {
  const wanted: Record<string, string> = { SEED_DEMO: 'false', SIM_ACTIVE_CALLS: '0' };
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  const seen = new Set<string>();
  const out = lines.map((line) => {
    const key = /^\s*(?:export\s+)?([A-Z0-9_]+)\s*=/.exec(line)?.[1];
    if (!key || !(key in wanted)) return line;
    seen.add(key);
    return `${key}=${wanted[key]}`;
  });
  while (out.length && out[out.length - 1] === '') out.pop();
  for (const [key, value] of Object.entries(wanted)) if (!seen.has(key)) out.push(`${key}=${value}`);
  fs.writeFileSync(file, `${out.join('\n')}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
