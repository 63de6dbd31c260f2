/**
 * The telephony data: resellers and their tenants, domains, extensions, client profiles, licences, call records,
 * monitoring, provisioning, and the builtin platform's own tables.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Flag, Millis } from './columns';

export interface ResellersTable {
  id: Generated<number>;
  name: string;
  created_at: Millis;
  updated_at: Millis;
}

/** Issue #19: a reseller's white-label branding (migration 024). */
export interface ResellerBrandingTable {
  reseller_id: number;
  brand_name: string;
  logo_url: string | null;
  primary_color: string;
  secondary_color: string;
  sender_name: string;
  sender_email: string;
  support_email: string;
  support_phone: string;
  host_name: string | null;
  allow_reseller_edit: Flag;
  updated_at: Millis;
}

export interface ResellerTenantsTable {
  id: Generated<number>;
  reseller_id: number;
  tenant_id: string;
  created_at: Millis;
}

export interface ResellerUserLinksTable {
  id: Generated<number>;
  reseller_user_id: number;
  reseller_id: number;
  created_at: Millis;
}

export interface TenantsTable {
  id: Generated<number>;
  tid: string;
  tname: string;
  mobile_app_allowed: Flag;
  desktop_app_allowed: Flag;
  created_at: Millis;
  updated_at: Millis;
}

export interface TenantDomainsTable {
  id: Generated<number>;
  tenant_id: string;
  domain: string;
  site_name: string;
}

export interface DomainsTable {
  id: Generated<number>;
  ext: string;
  domain: string;
  tenant_id: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface ExtensionsTable {
  id: Generated<number>;
  tenant_id: string;
  extension: string;
  domain: string;
  site_name: string;
  firstname: string;
  lastname: string;
  admin: Flag;
  email: string;
  linked: Flag;
  mobile_app_allowed: Flag;
  desktop_app_allowed: Flag;
  mobile_phone: string;
  home_phone: string;
  sip_password: string;
  pin: string;
  created_at: Millis;
  updated_at: Millis;
  /** Invitation lifecycle and re-provisioning mark (migration 011, issue #14). */
  invite_state: ColumnType<InviteState, InviteState | undefined, InviteState>;
  invited_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  invite_mail_id: ColumnType<number | null, number | null | undefined, number | null>;
  qr_opened_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  provisioned_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  provisioned_ua: ColumnType<string, string | undefined, string>;
  reprovision_pending_since: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
}

/** The furthest invitation step an extension reached (migration 011). */
export type InviteState = 'none' | 'invited' | 'qr_opened' | 'provisioned';

export interface ClientProfilesTable {
  id: Generated<number>;
  profile_name: string;
  company: string;
  cloud_id: string;
  tenant_id: string | null;
  domain: string | null;
  proxy: string;
  transport: string;
  outboundproxyhost: Generated<string>;
  expires: Generated<string>;
  /** The other settings of spec §3, as a JSON object of strings. */
  settings: string;
  created_by: number | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface LicencesTable {
  tenant_id: string;
  vcx_desktop: number;
  vcx_mobile: number;
  call_monitor: number;
  call_recording: number;
  analytics: number;
  last_updated_by: string;
  updated_at: Millis;
}

export interface CallRecordsTable {
  id: Generated<number>;
  tenant_id: string;
  extension: string;
  name: string;
  destination: string;
  direction: 'Inbound' | 'Outbound' | 'Missed' | 'Missed-VM';
  started_at: Millis;
  talk_seconds: number;
  recording_url: string | null;
  call_flow: string;
}

export interface BuiltinTenantsTable {
  id: Generated<number>;
  tid: string;
  tname: string;
  created_at: Millis;
}

export interface BuiltinDomainsTable {
  id: Generated<number>;
  tenant_id: string;
  domain: string;
  site_name: string;
}

/** The builtin platform's extensions; the SIP password lives only here. */
export interface BuiltinExtensionsTable {
  id: Generated<number>;
  tenant_id: string;
  extension: string;
  domain: string;
  site_name: string;
  firstname: string;
  lastname: string;
  email: string;
  admin: Flag;
  sip_password: string;
  created_at: Millis;
  updated_at: Millis;
}

/** One listen-in (call monitoring) session; open ones count against the tenant's Call Monitor licence. */
export interface MonitorSessionsTable {
  id: Generated<number>;
  session_key: string;
  tenant_id: string;
  sip_call_id: string;
  actor_type: string;
  actor_id: number;
  started_at: Millis;
  expires_at: Millis;
  ended_at: Millis | null;
}

/** The builtin platform's app settings, one JSON document per extension and settings tab. */
export interface BuiltinAppSettingsTable {
  id: Generated<number>;
  tenant_id: string;
  extension: string;
  tab: string;
  settings: string;
  updated_at: Millis;
}

/** A subscriber's busy-lamp keys under a client profile, in order. */
export interface BlfKeysTable {
  id: Generated<number>;
  profile_id: number;
  tenant_id: string;
  extension: string;
  position: number;
  target: string;
  label: string;
}

/** One external-provisioning request of a softphone app, allowed or refused. */
export interface ProvisioningLogTable {
  id: Generated<number>;
  at: Millis;
  cloud_id: string;
  account: string;
  tenant_id: string | null;
  extension: string | null;
  ip: string;
  user_agent: string;
  result: 'ok' | 'denied' | 'throttled' | 'missing';
  /** Set only on the once-per-window refusals (migration 008): unique, so a second claim in the window writes nothing. */
  once_account: ColumnType<string | null, string | null | undefined, string | null>;
  once_address: ColumnType<string | null, string | null | undefined, string | null>;
}

/** When an extension last left a tenant (deleted or moved), stamped by a trigger (migration 012): the directory's Last-Modified. */
export interface DirectoryChangesTable {
  tenant_id: string;
  changed_at: Millis;
}

/**
 * Per-tenant counts of extensions for the dashboard (migration 013), kept by triggers on extensions in the same
 * transaction as every write; one row per tenant id that has (or had) extensions.
 */
export interface TenantStatsTable {
  tenant_id: string;
  extensions: number;
  linked: number;
  mobile: number;
  desktop: number;
  not_invited: number;
  invited: number;
  qr_opened: number;
  provisioned: number;
  reprovision_pending: number;
}

/** A one-time Linphone provisioning link (migration 012): only the token's SHA-256 is kept. */
export interface LinphoneLinksTable {
  id: Generated<number>;
  token_hash: string;
  app_account_id: number;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}
