import path from 'node:path';
import { pino, type Logger } from 'pino';
import type { Config } from '../../config';
import { loggerOptions } from '../logger';
import { pruneLogs } from './log-retention';
import type { LogStore } from './log-store';
import { LogWorkerClient } from './log-worker-client';
import { LogWriter, type LogWriterOptions } from './log-writer';
import { openLogStore, type LogStoreTarget } from './open-log-store';

export type { LogStore } from './log-store';
export { openLogStore, type LogStoreTarget } from './open-log-store';

const PRUNE_EVERY_MS = 10 * 60_000;
const FIRST_PRUNE_MS = 60_000;

/** The embedded store follows the portal's database; with LOKI_URL set, lines are shipped from stdout instead. */
export function logStoreTarget(config: Config): LogStoreTarget | null {
  if (config.LOKI_URL) return null;
  if (config.DATABASE_URL) return { kind: 'postgres', url: config.DATABASE_URL };
  return { kind: 'sqlite', file: path.join(config.dataDir, 'logs.sqlite') };
}

/** The server's logger and, when there is one, the store it writes to. */
export interface Logging {
  log: Logger;
  store: LogStore | null;
  writer: LogWriter | null;
  /** Stores every line logged so far. */
  flush(): Promise<void>;
  /** Applies LOG_RETENTION_DAYS and LOG_MAX_ROWS now; resolves with the number of lines removed. */
  prune(now?: number): Promise<number>;
  close(): Promise<void>;
}

export interface LoggingOptions {
  target: LogStoreTarget | null;
  /** Also write lines to stdout (the server does; tests do not). */
  stdout?: boolean;
  writer?: LogWriterOptions;
}

export function createLogging(config: Config, opts: LoggingOptions): Logging {
  const level = config.LOG_LEVEL;
  const store = opts.target ? openLogStore(opts.target) : null;
  // Reads (getlogs) and the cleanup use `store` on this thread; every insert happens in the log worker.
  const writer = opts.target ? new LogWriter(new LogWorkerClient(opts.target), opts.writer) : null;
  const streams: pino.StreamEntry[] = [];
  if (opts.stdout !== false) streams.push({ level: level === 'silent' ? 'fatal' : level, stream: process.stdout });
  if (writer) streams.push({ level: level === 'silent' ? 'fatal' : level, stream: writer });
  const log = pino(loggerOptions(level), pino.multistream(streams));
  const prune = (now?: number) =>
    store
      ? pruneLogs(store, { retentionDays: config.LOG_RETENTION_DAYS, maxRows: config.LOG_MAX_ROWS, now })
      : Promise.resolve(0);
  const runPrune = () => void prune().catch((err: unknown) => log.error({ err }, 'log store cleanup failed'));
  const timer = store ? setInterval(runPrune, PRUNE_EVERY_MS) : undefined;
  const first = store ? setTimeout(runPrune, FIRST_PRUNE_MS) : undefined;
  timer?.unref();
  first?.unref();
  return {
    log,
    store,
    writer,
    flush: () => writer?.flush() ?? Promise.resolve(),
    prune,
    async close() {
      clearInterval(timer);
      clearTimeout(first);
      await writer?.close();
      await store?.close();
    },
  };
}

/** A crash (also an unhandled rejection, which Node raises as one) is logged and stored before the process ends. */
export function storeCrashes(logging: Logging): void {
  process.on('uncaughtException', (err) => {
    logging.log.fatal({ err }, 'uncaught exception: the server stops');
    logging.writer?.flushSync();
    process.exit(1);
  });
}
