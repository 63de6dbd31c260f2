import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from '../db/database';
import { core001 } from './001-core';
import { admin002 } from './002-admin';
import { logs003 } from './003-logs';
import { extensions004 } from './004-extensions';
import { endUser005 } from './005-end-user';
import { provisioning006 } from './006-provisioning';
import { throttle007 } from './007-throttle';
import { provisioningLog008 } from './008-provisioning-log';
import { appActivation010 } from './010-app-activation';
import { invitations011 } from './011-invitations';
import { directoryLinphone012 } from './012-directory-linphone';
import { tenantStats013 } from './013-tenant-stats';
import { extensionsSort014 } from './014-extensions-sort';
import { directoryDeleteStatement015 } from './015-directory-delete-statement';
import { twoFactor016 } from './016-two-factor';
import { apiKeys017 } from './017-api-keys';
import { webhooks018 } from './018-webhooks';
import { viewAs019 } from './019-view-as';
import { mailJob020 } from './020-mail-job';
import { defaultTemplate023 } from './023-default-template';
import { resellerBranding024 } from './024-reseller-branding';

/** Numbered, forward-only migrations. Add a new file and a line here; never edit a released one. */
function all(db: Db): Record<string, Migration> {
  return {
    '001_core': core001(db.dialect),
    '002_admin': admin002(db.dialect),
    '003_logs': logs003(db.dialect),
    '004_extensions': extensions004(db.dialect),
    '005_end_user': endUser005(db.dialect),
    '006_provisioning': provisioning006(db.dialect),
    '007_throttle': throttle007(),
    '008_provisioning_log': provisioningLog008(),
    '010_app_activation': appActivation010(),
    '011_invitations': invitations011(),
    '012_directory_linphone': directoryLinphone012(db.dialect),
    '013_tenant_stats': tenantStats013(db.dialect),
    '014_extensions_sort': extensionsSort014(db.dialect),
    '015_directory_delete_statement': directoryDeleteStatement015(db.dialect),
    '016_two_factor': twoFactor016(db.dialect),
    '017_api_keys': apiKeys017(db.dialect),
    '018_webhooks': webhooks018(db.dialect),
    '019_view_as': viewAs019(),
    '020_mail_job': mailJob020(),
    '023_default_template': defaultTemplate023(),
    '024_reseller_branding': resellerBranding024(),
  };
}

async function migrator(db: Db): Promise<Migrator> {
  const provider: MigrationProvider = { getMigrations: async () => all(db) };
  // Kysely looks for its own tables by schema; name ours so other schemas in the same database do not confuse it.
  const schema =
    db.dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely)).rows[0]?.s
      : undefined;
  return new Migrator({ db: db.kysely, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

export async function migrate(db: Db): Promise<string[]> {
  const { error, results } = await (await migrator(db)).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations of this version that the database has not run (the readiness probe: /api/health/ready). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const infos = await (await migrator(db)).getMigrations();
  return infos.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
