import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CallAudioSource, PlatformActiveCall } from './connector';

export interface LiveCallsOptions {
  rpcUrl: string;
  rtpengineNg: string;
  /** The SIP domain of a portal domain (KAMAILIO_SIP_DOMAIN or the domain itself). */
  sipDomainOf(portalDomain: string): string;
}

/** Active calls (Kamailio dialog, `dlg.list` over JSON-RPC) and their live audio (rtpengine subscribe) — issue #15. */
export class KamailioLiveCalls {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: LiveCallsOptions,
  ) {}

  async listActiveCalls(_tenant: string): Promise<PlatformActiveCall[]> {
    void this.db;
    void this.opts;
    throw new Error('KamailioLiveCalls.listActiveCalls: being built (#15)');
  }

  async openCallAudio(_tenant: string, _sipCallId: string): Promise<CallAudioSource | null> {
    throw new Error('KamailioLiveCalls.openCallAudio: being built (#15)');
  }
}
