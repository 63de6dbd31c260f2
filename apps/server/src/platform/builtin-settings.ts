import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AppSettingsStore } from './connector';

/** App settings of the builtin platform: one JSON document per (tenant, extension, tab). */
export class BuiltinAppSettings implements AppSettingsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async get(tenant: string, extension: string, tab: string): Promise<Record<string, unknown> | null> {
    const row = await this.db
      .selectFrom('builtin_app_settings')
      .select('settings')
      .where('tenant_id', '=', tenant)
      .where('extension', '=', extension)
      .where('tab', '=', tab)
      .executeTakeFirst();
    return row ? (JSON.parse(row.settings) as Record<string, unknown>) : null;
  }

  async save(tenant: string, extension: string, tab: string, values: Record<string, unknown>): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('builtin_app_settings')
      .values({ tenant_id: tenant, extension, tab, settings: JSON.stringify(values), updated_at: now })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'extension', 'tab'])
          .doUpdateSet({ settings: JSON.stringify(values), updated_at: now }),
      )
      .execute();
  }

  /** Every tab of an extension that is deleted (a new extension with the same number starts from the defaults). */
  async forget(tenant: string, extension: string): Promise<void> {
    await this.db
      .deleteFrom('builtin_app_settings')
      .where('tenant_id', '=', tenant)
      .where('extension', '=', extension)
      .execute();
  }

  /** The builtin platform has no ring groups of its own: each site of the tenant is a call group, plus Reception. */
  async callGroups(tenant: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('builtin_domains')
      .select('site_name')
      .distinct()
      .where('tenant_id', '=', tenant)
      .orderBy('site_name')
      .execute();
    return ['Reception', ...rows.map((r) => r.site_name).filter((s) => s && s !== 'Reception')];
  }
}
