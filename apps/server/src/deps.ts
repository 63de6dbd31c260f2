import type { Config } from './config';
import type { Db } from './db/database';
import type { LogStore } from './lib/logging';
import type { JobQueue } from './lib/jobs';
import type { Mailer } from './lib/mailer';
import type { TelephonyConnector } from './platform';

/** What every module's service receives: configuration, database, mailer and the log store (if any). */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Where the server's own log lines are kept; none when LOKI_URL is set. */
  logStore?: LogStore | null;
  /** The telephony platform (PLATFORM); sync reads from it, writes go through it first. */
  connector: TelephonyConnector;
  /** The background job queue (sync, import, relink, bulk email). */
  jobs: JobQueue<Deps>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
