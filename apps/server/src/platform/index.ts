import type { Db } from '../db/database';
import { BuiltinConnector } from './builtin';
import type { TelephonyConnector } from './connector';

export type { TelephonyConnector } from './connector';

/** The connectors this build has; remote ones (NetSapiens, Kamailio) will add a line here. */
export const PLATFORMS = ['builtin'] as const;

/** The connector chosen by PLATFORM; config.ts has already refused names not in PLATFORMS. */
export function createConnector(platform: (typeof PLATFORMS)[number], db: Db, opts: { simulatedCalls?: number; simulatedCallMinutes?: number } = {}): TelephonyConnector {
  switch (platform) {
    case 'builtin':
      return new BuiltinConnector(db.kysely, { callsPerTenant: opts.simulatedCalls ?? 2, callMinutes: opts.simulatedCallMinutes ?? 5 });
  }
}
