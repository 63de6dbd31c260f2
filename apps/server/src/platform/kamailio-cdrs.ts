import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CallRecordQuery, Page, PlatformCallRecord, PlatformRecording } from './connector';
import type { KamailioDb } from './kamailio-db';

export interface CallRecordsOptions {
  /** rtpengine's recording-dir (pcap method); absent: no recordings. */
  recordingDir?: string;
  sipDomainOf(portalDomain: string): string;
}

/** Call records from Kamailio's acc_cdrs (+ missed_calls) and recordings from rtpengine's pcaps — issue #15. */
export class KamailioCallRecords {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kam: KamailioDb,
    private readonly opts: CallRecordsOptions,
  ) {}

  async listCallRecords(_q: CallRecordQuery): Promise<Page<PlatformCallRecord>> {
    void this.db;
    void this.kam;
    void this.opts;
    throw new Error('KamailioCallRecords.listCallRecords: being built (#15)');
  }

  async getCallRecord(_tenant: string, _id: string): Promise<PlatformCallRecord | null> {
    throw new Error('KamailioCallRecords.getCallRecord: being built (#15)');
  }

  async getRecording(_tenant: string, _ref: string): Promise<PlatformRecording | null> {
    throw new Error('KamailioCallRecords.getRecording: being built (#15)');
  }
}
