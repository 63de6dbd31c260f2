import type { Config } from '../config';
import type { Db } from '../db/database';
import { BuiltinConnector } from './builtin';
import type { TelephonyConnector } from './connector';
import { KamailioConnector } from './kamailio';
import { NetSapiensConnector } from './netsapiens';
import type { PLATFORMS } from './platforms';

export type { TelephonyConnector } from './connector';
export { PLATFORMS } from './platforms';

type PlatformConfig = Pick<
  Config,
  | 'KAMAILIO_DB_URL'
  | 'KAMAILIO_SIP_DOMAIN'
  | 'KAMAILIO_SIP_HOST'
  | 'KAMAILIO_REALM'
  | 'KAMAILIO_RPC_URL'
  | 'RTPENGINE_NG'
  | 'RTPENGINE_RECORDING_DIR'
  | 'NS_API_URL'
  | 'NS_API_KEY'
  | 'NS_TENANT_MODE'
  | 'NS_MAX_IN_FLIGHT'
>;

/** The connector chosen by PLATFORM; config.ts has already refused unknown names and missing keys. */
export function createConnector(
  platform: (typeof PLATFORMS)[number],
  db: Db,
  opts: { simulatedCalls?: number; simulatedCallMinutes?: number; config?: Partial<PlatformConfig> } = {},
): TelephonyConnector {
  const c = opts.config ?? {};
  switch (platform) {
    case 'builtin':
      return new BuiltinConnector(db.kysely, {
        callsPerTenant: opts.simulatedCalls ?? 2,
        callMinutes: opts.simulatedCallMinutes ?? 5,
      });
    case 'kamailio':
      return new KamailioConnector(db.kysely, {
        dbUrl: c.KAMAILIO_DB_URL ?? '',
        ...(c.KAMAILIO_SIP_DOMAIN ? { sipDomain: c.KAMAILIO_SIP_DOMAIN } : {}),
        ...(c.KAMAILIO_SIP_HOST ? { sipHost: c.KAMAILIO_SIP_HOST } : {}),
        ...(c.KAMAILIO_REALM ? { realm: c.KAMAILIO_REALM } : {}),
        ...(c.KAMAILIO_RPC_URL ? { rpcUrl: c.KAMAILIO_RPC_URL } : {}),
        ...(c.RTPENGINE_NG ? { rtpengineNg: c.RTPENGINE_NG } : {}),
        ...(c.RTPENGINE_RECORDING_DIR ? { recordingDir: c.RTPENGINE_RECORDING_DIR } : {}),
      });
    case 'netsapiens':
      return new NetSapiensConnector({
        baseUrl: c.NS_API_URL ?? '',
        apiKey: c.NS_API_KEY ?? '',
        tenantMode: c.NS_TENANT_MODE ?? 'domain',
        maxInFlight: c.NS_MAX_IN_FLIGHT ?? 5,
      });
  }
}
