import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Booleans are stored as 0/1 integers and times as epoch milliseconds, the same on SQLite and PostgreSQL. */
type Flag = number;
type Millis = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  email: string;
  phone_number: string;
  password_hash: string;
  user_type: 'admin' | 'simple user';
  active: Flag;
  company: string;
  subscriber_id: string;
  picture_url: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface ResellerUsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone_number: string;
  password_hash: string;
  picture_url: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  principal_type: 'user' | 'reseller_user';
  principal_id: number;
  ip: string;
  user_agent: string;
  created_at: Millis;
  last_used_at: Millis;
  revoked_at: Millis | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  principal_type: string;
  principal_id: number;
  token_hash: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  first_at: Millis;
  last_at: Millis;
  /** When housekeeping may remove the row (the end of its window). */
  expires_at: Millis;
}

export interface FilesTable {
  id: string;
  content_type: string;
  size: number;
  sha256: string;
  data: Buffer;
  created_at: Millis;
}

export interface MailMessagesTable {
  id: Generated<number>;
  kind: string;
  to_addr: string;
  cc: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: string | null;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'logged';
  attempts: number;
  last_error: string | null;
  next_attempt_at: Millis;
  claimed_at: Millis | null;
  created_at: Millis;
  sent_at: Millis | null;
}

export interface ResellersTable {
  id: Generated<number>;
  name: string;
  created_at: Millis;
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

export interface EmailTemplatesTable {
  id: Generated<number>;
  name: string;
  subject: string;
  body: string;
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

export interface AuditLogTable {
  id: Generated<number>;
  at: Millis;
  actor_type: string;
  actor_id: number | null;
  actor_name: string;
  ip: string;
  entity: string;
  entity_id: string;
  action: 'create' | 'update' | 'delete';
  before_json: string | null;
  after_json: string | null;
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

export interface AppAccountsTable {
  id: Generated<number>;
  cloud_id: string;
  username: string;
  password_hash: string;
  tenant_id: string;
  extension: string;
  did: string;
  must_change_password: Flag;
  created_at: Millis;
  updated_at: Millis;
}

export interface JobsTable {
  id: Generated<number>;
  type: string;
  dedupe_key: string | null;
  tenant_id: string | null;
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  done: Generated<number>;
  total: Generated<number>;
  failed: Generated<number>;
  checkpoint: string | null;
  result: string | null;
  error: string | null;
  attempts: Generated<number>;
  run_after: Millis;
  lease_owner: string | null;
  lease_expires_at: Millis | null;
  created_by: string;
  created_at: Millis;
  updated_at: Millis;
  finished_at: Millis | null;
}

export interface JobEffectsTable {
  job_id: number;
  effect_key: string;
  created_at: Millis;
}

/** An app account's session (end-user settings pages); only the token's hash is kept. */
export interface AppSessionsTable {
  id: Generated<number>;
  token_hash: string;
  app_account_id: number;
  created_at: Millis;
  last_used_at: Millis;
  revoked_at: Millis | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Millis;
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

/** Issue #14: an app account's activation secret (SHA-256 only), the previous one's grace, and its revocation. */
export interface AppActivationsTable {
  app_account_id: number;
  secret_hash: string;
  previous_hash: string;
  previous_until: Millis;
  issued_at: Millis;
  first_used_at: Millis | null;
  revoked_at: Millis | null;
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

/** A one-time Linphone provisioning link (migration 012): only the token's SHA-256 is kept. */
export interface LinphoneLinksTable {
  id: Generated<number>;
  token_hash: string;
  app_account_id: number;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export interface Database {
  users: UsersTable;
  reseller_users: ResellerUsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
  files: FilesTable;
  mail_messages: MailMessagesTable;
  resellers: ResellersTable;
  reseller_tenants: ResellerTenantsTable;
  reseller_user_links: ResellerUserLinksTable;
  tenants: TenantsTable;
  tenant_domains: TenantDomainsTable;
  domains: DomainsTable;
  extensions: ExtensionsTable;
  client_profiles: ClientProfilesTable;
  email_templates: EmailTemplatesTable;
  licences: LicencesTable;
  call_records: CallRecordsTable;
  audit_log: AuditLogTable;
  builtin_tenants: BuiltinTenantsTable;
  builtin_domains: BuiltinDomainsTable;
  builtin_extensions: BuiltinExtensionsTable;
  app_accounts: AppAccountsTable;
  jobs: JobsTable;
  job_effects: JobEffectsTable;
  app_sessions: AppSessionsTable;
  server_secrets: ServerSecretsTable;
  monitor_sessions: MonitorSessionsTable;
  builtin_app_settings: BuiltinAppSettingsTable;
  blf_keys: BlfKeysTable;
  provisioning_log: ProvisioningLogTable;
  app_activations: AppActivationsTable;
  directory_changes: DirectoryChangesTable;
  linphone_links: LinphoneLinksTable;
}

export type UserRow = Selectable<UsersTable>;
export type ResellerUserRow = Selectable<ResellerUsersTable>;
export type NewExtension = Insertable<ExtensionsTable>;
