import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { REPO_ROOT, withEnvFile } from './env-file';
import { openDatabase } from './db/database';
import { createLogging, logStoreTarget, storeCrashes } from './lib/logging';
import { Mailer } from './lib/mailer';
import { migrate } from './migrations';
import { scheduleHousekeeping } from './modules/housekeeping/housekeeping';
import { seedOnFirstStart } from './seed/seed';

/** The environment completed by `.env` (env-file.ts); a missing or unreadable ENV_FILE stops the start as bad config. */
function readEnv(): ReturnType<typeof withEnvFile> {
  try {
    return withEnvFile(process.env);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`, { cause: err });
  }
}

/**
 * Before issue #20 the default DATA_DIR was taken from the directory `npm start` runs the server in (apps/server);
 * it is now the repository's root. A database left at the old place is named in the log instead of silently ignored.
 */
function warnOfOldDataDir(config: Config, env: Record<string, string | undefined>, log: FastifyBaseLogger): void {
  if (env.DATA_DIR || config.DATABASE_URL) return;
  const old = path.join(REPO_ROOT, 'apps/server/data/provisio.sqlite');
  if (fs.existsSync(old) && !fs.existsSync(path.join(config.dataDir, 'provisio.sqlite')))
    log.warn(
      { old, dataDir: config.dataDir },
      'a database from an earlier version is in apps/server/data: move that directory to the DATA_DIR named here, or set DATA_DIR=apps/server/data, to keep its data',
    );
}

async function main(): Promise<void> {
  const envFile = readEnv();
  const config = loadConfig(envFile.env);
  const db = openDatabase(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL }
      : { sqliteFile: path.join(config.dataDir, 'provisio.sqlite') },
  );
  const applied = await migrate(db);
  const logging = createLogging(config, { target: logStoreTarget(config) });
  const log = logging.log;
  storeCrashes(logging);
  const mailer = new Mailer(db, log, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    pollMs: config.MAIL_POLL_MS,
    claimMs: config.MAIL_CLAIM_MS,
  });
  const deps = { config, db, mailer, logStore: logging.store };
  const app = await buildApp(deps, log);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  if (envFile.file) app.log.info({ file: envFile.file }, 'settings read from the env file');
  warnOfOldDataDir(config, envFile.env, app.log);
  await seedOnFirstStart(db, config, app.log);
  deps.mailer.start();
  app.deps.jobs.start();
  const stopHousekeeping = scheduleHousekeeping(app.deps.jobs, (err) =>
    app.log.error({ err }, 'housekeeping could not be queued'),
  );
  await app.listen({ port: config.PORT, host: config.HOST });
  // Since the process started: wall-clock and CPU milliseconds (docs/benchmarks.md, "Start time").
  const cpu = process.cpuUsage();
  app.log.info(
    { startupMs: Math.round(performance.now()), startupCpuMs: Math.round((cpu.user + cpu.system) / 1000) },
    'started',
  );

  let closing = false;
  // SIGTERM (systemd, a container runtime) or SIGINT: the running job stops at its next progress report, keeping
  // its checkpoint, and is queued again; requests already received are answered; then everything closes, exit 0.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      stopHousekeeping();
      await app.deps.jobs.stop();
      await app.close();
      await deps.mailer.stop();
      await db.close();
      app.log.info('shut down');
      await logging.close();
    } catch (err) {
      process.stderr.write(`Provisio did not shut down cleanly: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Provisio failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  }
  process.exit(1);
});
