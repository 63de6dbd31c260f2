import type { Config } from './config';
import type { Db } from './db/database';
import type { Mailer } from './lib/mailer';

/** What every module's service receives: configuration, database and mailer. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
