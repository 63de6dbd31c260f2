/**
 * The telephony platform behind the portal, as one interface (docs/platforms.md). The portal syncs tenants,
 * domains and extensions from it into its own tables, and sends writes through it first. Implementable by the
 * builtin tables, the NetSapiens API v2 (reseller or domain = tenant; start+limit paging as a cursor) and a
 * Kamailio subscriber database (writes only; names and sites stay in the portal).
 */
import type { MessageKey } from '@provisio/contract';

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

/** Call records, recordings, active calls and live audio (issue #6). */
export interface CallRecordQuery extends ListOpts {
  tenantExternalId: Id;
  extension?: string;
  from: Date;
  to: Date;
}
/** One leg of a call's flow (NetSapiens: cradle-to-grave legs; builtin: stored with the record). */
export interface PlatformCallLeg {
  callingNumber: string;
  dialedNumber: string;
  target: string;
  talkSeconds: number;
  startedAt: Date;
}
export interface PlatformCallRecord {
  id: Id;
  extension: string;
  name: string;
  destination: string;
  direction: 'Inbound' | 'Outbound' | 'Missed' | 'Missed-VM';
  startedAt: Date;
  talkSeconds: number;
  /** Opaque to the portal; passed back to getRecording. */
  recordingRef?: string;
  flow: PlatformCallLeg[];
}
export interface PlatformRecording {
  contentType: string;
  data: Buffer;
}
export interface PlatformActiveCall {
  sipCallId: string;
  caller: string;
  callee: string;
  aor?: string;
  startedAt: Date;
}
/** A call's live audio for listen-in: 20 ms PCMU frames (160 bytes), pulled at the caller's pace. */
export interface CallAudioSource {
  nextFrame(): Buffer;
  close(): void;
}
/** One current contact of an extension (Kamailio: a `location` row; NetSapiens: a registered device). */
export interface PlatformRegistration {
  extension: string;
  contact: string;
  userAgent: string;
  expiresAt: Date;
}
/**
 * What saving one settings tab does on a platform: `applied` (the SIP server enforces it at once), `stored` (kept for
 * the apps and the platform to read), `unavailable` (the platform cannot make it take effect: refused, `reason` says
 * why in the message catalogue).
 */
export type TabAvailability =
  { availability: 'applied' | 'stored' } | { availability: 'unavailable'; reason: MessageKey };

/** Per-extension app settings (the /settings_tab/* pages), one JSON document per tab. */
export interface AppSettingsStore {
  get(tenantExternalId: Id, extension: string, tab: string): Promise<Record<string, unknown> | null>;
  /** Stores (and, for `applied` tabs, enforces) one tab; an `unavailable` tab is refused with a 4xx. */
  save(tenantExternalId: Id, extension: string, tab: string, values: Record<string, unknown>): Promise<void>;
  /** Absent: every tab is `stored`. */
  availability?(tab: string): TabAvailability;
  /** Drops every tab of an extension being deleted (and what the platform enforces for it); call before the delete. */
  forget?(tenantExternalId: Id, extension: string): Promise<void>;
  /** An extension moved to another portal domain (call after the portal has the new one): what is enforced follows. */
  extensionMoved?(tenantExternalId: Id, extension: string, fromPortalDomain: string): Promise<void>;
  /** The call groups an extension may join (callGroupsSettings). */
  callGroups(tenantExternalId: Id): Promise<string[]>;
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
  /** The extension's SIP password, for softphone provisioning; null when the extension is unknown. */
  getSipPassword?(tenantExternalId: Id, extension: string): Promise<string | null>;
  listCallRecords?(q: CallRecordQuery): Promise<Page<PlatformCallRecord>>;
  getCallRecord?(tenantExternalId: Id, id: Id): Promise<PlatformCallRecord | null>;
  getRecording?(tenantExternalId: Id, recordingRef: string): Promise<PlatformRecording | null>;
  listActiveCalls?(tenantExternalId: Id): Promise<PlatformActiveCall[]>;
  /** Live audio of an active call, or null when the call is not active (or not of this tenant). */
  openCallAudio?(tenantExternalId: Id, sipCallId: string): Promise<CallAudioSource | null>;
  appSettings?: AppSettingsStore;
  /**
   * The server the apps connect to (host[:port]) when no client profile names a proxy: the account XML's `<proxy>`
   * when it differs from the SIP domain; absent: the apps connect to the SIP domain itself.
   */
  readonly sipHost?: string;
  /** The SIP domain (URI domain, the account XML's `<host>`) of an extension in this portal domain; absent: the same. */
  sipDomainOf?(portalDomain: string): string;
  /** Current registrations of a tenant's extensions (all of them, or the ones named). */
  listRegistrations?(tenantExternalId: Id, extensions?: string[]): Promise<PlatformRegistration[]>;
  /** Releases database handles or sockets when the server stops. */
  close?(): Promise<void>;
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
