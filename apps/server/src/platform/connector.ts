/**
 * The telephony platform behind the portal, as one interface (docs/platforms.md). The portal syncs tenants,
 * domains and extensions from it into its own tables, and sends writes through it first. Implementable by the
 * builtin tables, the NetSapiens API v2 (reseller or domain = tenant; start+limit paging as a cursor) and a
 * Kamailio subscriber database (writes only; names and sites stay in the portal).
 */
export type Id = string;

export interface Page<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
  total?: number;
}

export interface ListOpts {
  cursor?: string;
  limit?: number;
}

export interface PlatformTenant {
  externalId: Id;
  name: string;
  kind: 'reseller' | 'domain' | 'portal';
}

/** One (domain, site) pair of a tenant, as the portal's domain list shows it. */
export interface PlatformDomain {
  domain: string;
  siteName: string;
}

export interface PlatformExtension {
  extension: string;
  domain: string;
  siteName: string;
  firstname: string;
  lastname: string;
  email: string;
  admin: boolean;
}

/** A write: the platform generates the SIP password on create when none is given, and never returns it. */
export type ExtensionWrite = PlatformExtension & { sipPassword?: string };

/** Slots that later issues fill (#8 call records, #9 active calls). */
export interface CallRecordQuery extends ListOpts {
  tenantExternalId: Id;
  extension?: string;
  from: Date;
  to: Date;
}
export interface PlatformCallRecord {
  id: Id;
  extension: string;
  name: string;
  destination: string;
  direction: 'Inbound' | 'Outbound' | 'Missed' | 'Missed-VM';
  startedAt: Date;
  talkSeconds: number;
  recordingRef?: string;
}
export interface PlatformActiveCall {
  sipCallId: string;
  caller: string;
  callee: string;
  aor?: string;
  startedAt: Date;
}

export interface Capabilities {
  createTenant: boolean;
  upsertExtension: boolean;
  deleteExtension: boolean;
  setSipPassword: boolean;
  callRecords: boolean;
  activeCalls: boolean;
}

export interface TelephonyConnector {
  readonly id: string;
  readonly capabilities: Capabilities;
  listTenants(o?: ListOpts): Promise<Page<PlatformTenant>>;
  listDomains(tenantExternalId: Id, o?: ListOpts): Promise<Page<PlatformDomain>>;
  /** Every extension of a tenant, across its domains (a NetSapiens adapter walks the tenant's domains). */
  listExtensions(tenantExternalId: Id, o?: ListOpts): Promise<Page<PlatformExtension>>;
  createTenant?(t: { externalId: Id; name: string; domain: string; siteName: string }): Promise<PlatformTenant>;
  /** Creates or updates several extensions of one tenant (batched for database platforms, looped for APIs). */
  upsertExtensions?(tenantExternalId: Id, items: ExtensionWrite[]): Promise<void>;
  deleteExtension?(tenantExternalId: Id, extension: string): Promise<void>;
  setSipPassword?(tenantExternalId: Id, extension: string, password: string): Promise<void>;
  listCallRecords?(q: CallRecordQuery): Promise<Page<PlatformCallRecord>>;
  listActiveCalls?(tenantExternalId: Id): Promise<PlatformActiveCall[]>;
}

/** Reads every page of a paged list. */
export async function readAll<T>(list: (o: ListOpts) => Promise<Page<T>>, limit = 1000): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await list({ limit, ...(cursor ? { cursor } : {}) });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
