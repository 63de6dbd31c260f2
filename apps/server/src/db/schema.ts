/**
 * The database's tables as Kysely sees them, the same on SQLite and PostgreSQL (migrations/ create them). The tables
 * are declared by area in schema-accounts.ts, schema-telephony.ts and schema-system.ts; import them from here.
 */
import type { Insertable, Selectable } from 'kysely';
import type {
  UsersTable,
  ResellerUsersTable,
  SessionsTable,
  PasswordResetsTable,
  LoginFailuresTable,
  AppAccountsTable,
  AppSessionsTable,
  AppActivationsTable,
} from './schema-accounts';
import type {
  ResellersTable,
  ResellerBrandingTable,
  ResellerTenantsTable,
  ResellerUserLinksTable,
  TenantsTable,
  TenantDomainsTable,
  DomainsTable,
  ExtensionsTable,
  ClientProfilesTable,
  LicencesTable,
  CallRecordsTable,
  BuiltinTenantsTable,
  BuiltinDomainsTable,
  BuiltinExtensionsTable,
  MonitorSessionsTable,
  BuiltinAppSettingsTable,
  BlfKeysTable,
  ProvisioningLogTable,
  DirectoryChangesTable,
  LinphoneLinksTable,
  TenantStatsTable,
} from './schema-telephony';
import type {
  FilesTable,
  MailMessagesTable,
  EmailTemplatesTable,
  AuditLogTable,
  JobsTable,
  JobEffectsTable,
  ServerSecretsTable,
} from './schema-system';
import type {
  TwoFactorTable,
  TwoFactorRecoveryCodesTable,
  TwoFactorChallengesTable,
  TwoFactorRememberedTable,
  SystemSettingsTable,
} from './schema-two-factor';
import type { ApiKeysTable, ApiKeyUsageTable } from './schema-api-keys';
import type {
  WebhookEndpointsTable,
  WebhookEventsTable,
  WebhookDeliveriesTable,
  WebhookAttemptsTable,
  WebhookRegistrationsTable,
  WebhookLicenceAlertsTable,
} from './schema-webhooks';

export type * from './schema-accounts';
export type * from './schema-telephony';
export type * from './schema-system';
export type * from './schema-two-factor';
export type * from './schema-api-keys';
export type * from './schema-webhooks';

export interface Database {
  users: UsersTable;
  reseller_users: ResellerUsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
  files: FilesTable;
  mail_messages: MailMessagesTable;
  resellers: ResellersTable;
  reseller_branding: ResellerBrandingTable;
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
  tenant_stats: TenantStatsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  two_factor_remembered: TwoFactorRememberedTable;
  system_settings: SystemSettingsTable;
  api_keys: ApiKeysTable;
  api_key_usage: ApiKeyUsageTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_registrations: WebhookRegistrationsTable;
  webhook_licence_alerts: WebhookLicenceAlertsTable;
}

export type UserRow = Selectable<UsersTable>;
export type ResellerUserRow = Selectable<ResellerUsersTable>;
export type NewExtension = Insertable<ExtensionsTable>;
