import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type {
  Capabilities,
  ExtensionWrite,
  ListOpts,
  Page,
  PlatformDomain,
  PlatformExtension,
  PlatformTenant,
  TelephonyConnector,
} from './connector';
import type {
  CallAudioSource,
  CallRecordQuery,
  PlatformActiveCall,
  PlatformCallRecord,
  PlatformRecording,
} from './connector';
import { getBuiltinCallRecord, getBuiltinRecording, listBuiltinCallRecords } from './builtin-calls';
import { BuiltinAppSettings } from './builtin-settings';
import { CallSimulator, type SimulatorOptions } from './call-simulator';

const CHUNK = 500;
const MAX_PAGE = 5000;

const pageArgs = (o: ListOpts = {}) => {
  const offset = Math.max(0, Number(o.cursor ?? 0) || 0);
  const limit = Math.min(Math.max(1, o.limit ?? 1000), MAX_PAGE);
  return { offset, limit };
};

/** Fetches one more row than asked, so the cursor is only given when a next page exists. */
function toPage<T>(rows: T[], offset: number, limit: number): Page<T> {
  const more = rows.length > limit;
  return { items: more ? rows.slice(0, limit) : rows, ...(more ? { nextCursor: String(offset + limit) } : {}) };
}

export const newSipPassword = () => randomBytes(18).toString('base64url');

/**
 * The portal as system of record: tenants, domains, sites and extensions (with their SIP passwords) in the
 * builtin_* tables of the portal's own database. The portal still syncs from here like from any platform.
 */
export class BuiltinConnector implements TelephonyConnector {
  readonly id = 'builtin';
  readonly capabilities: Capabilities = {
    createTenant: true,
    upsertExtension: true,
    deleteExtension: true,
    setSipPassword: true,
    callRecords: true,
    activeCalls: true,
  };
  readonly appSettings: BuiltinAppSettings;
  private readonly simulator: CallSimulator;

  constructor(
    private readonly db: Kysely<Database>,
    simulator: SimulatorOptions = { callsPerTenant: 2, callMinutes: 5 },
  ) {
    this.appSettings = new BuiltinAppSettings(db);
    this.simulator = new CallSimulator(db, simulator);
  }

  // Call records, recordings and simulated active calls (issue #6): see builtin-calls.ts and call-simulator.ts.
  listCallRecords(q: CallRecordQuery): Promise<Page<PlatformCallRecord>> {
    return listBuiltinCallRecords(this.db, q);
  }

  getCallRecord(tenant: string, id: string): Promise<PlatformCallRecord | null> {
    return getBuiltinCallRecord(this.db, tenant, id);
  }

  getRecording(tenant: string, ref: string): Promise<PlatformRecording | null> {
    return getBuiltinRecording(this.db, tenant, ref);
  }

  listActiveCalls(tenant: string): Promise<PlatformActiveCall[]> {
    return this.simulator.list(tenant);
  }

  openCallAudio(tenant: string, sipCallId: string): Promise<CallAudioSource | null> {
    return this.simulator.open(tenant, sipCallId);
  }

  async listTenants(o?: ListOpts): Promise<Page<PlatformTenant>> {
    const { offset, limit } = pageArgs(o);
    const rows = await this.db
      .selectFrom('builtin_tenants')
      .select(['tid', 'tname'])
      .orderBy('id')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    return toPage(
      rows.map((r) => ({ externalId: r.tid, name: r.tname, kind: 'portal' as const })),
      offset,
      limit,
    );
  }

  async listDomains(tenant: string, o?: ListOpts): Promise<Page<PlatformDomain>> {
    const { offset, limit } = pageArgs(o);
    const rows = await this.db
      .selectFrom('builtin_domains')
      .select(['domain', 'site_name'])
      .where('tenant_id', '=', tenant)
      .orderBy('id')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    return toPage(
      rows.map((r) => ({ domain: r.domain, siteName: r.site_name })),
      offset,
      limit,
    );
  }

  async listExtensions(tenant: string, o?: ListOpts): Promise<Page<PlatformExtension>> {
    const { offset, limit } = pageArgs(o);
    const rows = await this.db
      .selectFrom('builtin_extensions')
      .select(['extension', 'domain', 'site_name', 'firstname', 'lastname', 'email', 'admin'])
      .where('tenant_id', '=', tenant)
      .orderBy('id')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    const items = rows.map((r) => ({
      extension: r.extension,
      domain: r.domain,
      siteName: r.site_name,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      admin: r.admin === 1,
    }));
    return toPage(items, offset, limit);
  }

  async createTenant(t: {
    externalId: string;
    name: string;
    domain: string;
    siteName: string;
  }): Promise<PlatformTenant> {
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('builtin_tenants').values({ tid: t.externalId, tname: t.name, created_at: now }).execute();
      await trx
        .insertInto('builtin_domains')
        .values({ tenant_id: t.externalId, domain: t.domain, site_name: t.siteName })
        .execute();
    });
    return { externalId: t.externalId, name: t.name, kind: 'portal' };
  }

  /** Also adds a (domain, site) pair the tenant did not have yet, as a platform would when a user names a new site. */
  async upsertExtensions(tenant: string, items: ExtensionWrite[]): Promise<void> {
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < items.length; i += CHUNK) {
        const chunk = items.slice(i, i + CHUNK);
        const rows = chunk.map((e) => ({
          tenant_id: tenant,
          extension: e.extension,
          domain: e.domain,
          site_name: e.siteName,
          firstname: e.firstname,
          lastname: e.lastname,
          email: e.email,
          admin: e.admin ? 1 : 0,
          sip_password: e.sipPassword ?? newSipPassword(),
          created_at: now,
          updated_at: now,
        }));
        await trx
          .insertInto('builtin_extensions')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['tenant_id', 'extension']).doUpdateSet((eb) => ({
              domain: eb.ref('excluded.domain'),
              site_name: eb.ref('excluded.site_name'),
              firstname: eb.ref('excluded.firstname'),
              lastname: eb.ref('excluded.lastname'),
              email: eb.ref('excluded.email'),
              admin: eb.ref('excluded.admin'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
        const pairs = [
          ...new Map(
            chunk.map((e) => [
              `${e.domain}\u0000${e.siteName}`,
              { tenant_id: tenant, domain: e.domain, site_name: e.siteName },
            ]),
          ).values(),
        ];
        await trx
          .insertInto('builtin_domains')
          .values(pairs)
          .onConflict((oc) => oc.columns(['tenant_id', 'domain', 'site_name']).doNothing())
          .execute();
      }
    });
  }

  async deleteExtension(tenant: string, extension: string): Promise<void> {
    await this.db
      .deleteFrom('builtin_extensions')
      .where('tenant_id', '=', tenant)
      .where('extension', '=', extension)
      .execute();
  }

  async getSipPassword(tenant: string, extension: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('builtin_extensions')
      .select('sip_password')
      .where('tenant_id', '=', tenant)
      .where('extension', '=', extension)
      .executeTakeFirst();
    return row?.sip_password ?? null;
  }

  async setSipPassword(tenant: string, extension: string, password: string): Promise<void> {
    await this.db
      .updateTable('builtin_extensions')
      .set({ sip_password: password, updated_at: Date.now() })
      .where('tenant_id', '=', tenant)
      .where('extension', '=', extension)
      .execute();
  }
}
