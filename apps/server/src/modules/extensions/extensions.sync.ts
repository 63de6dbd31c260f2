import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { toFlag } from '../../lib/flags';
import { type PlatformExtension, type TelephonyConnector, readAll } from '../../platform/connector';

/**
 * Rows per upsert/delete statement. Each statement runs synchronously on the event loop (better-sqlite3), and the
 * SQLite driver gives requests a turn between a job's statements: 100 rows keep each step short while a sync's one
 * transaction runs (issue #17 item 5); the transaction, and so the all-or-nothing sync, is unchanged.
 */
const CHUNK = 100;

export interface PortalFlags {
  mobile_app_allowed?: boolean;
  desktop_app_allowed?: boolean;
}

const platformColumns = (tenantId: string, e: PlatformExtension, now: number) => ({
  tenant_id: tenantId,
  extension: e.extension,
  domain: e.domain,
  site_name: e.siteName,
  firstname: e.firstname,
  lastname: e.lastname,
  email: e.email,
  admin: toFlag(e.admin),
  updated_at: now,
});

/**
 * Writes platform fields of extensions into the portal's table, in chunks: new rows start unlinked with the apps
 * off; existing rows keep their portal-only fields (linked, app flags, phones) unless `flags` are given.
 */
export async function upsertPortalExtensions(
  trx: Transaction<Database>,
  tenantId: string,
  items: (PlatformExtension & PortalFlags)[],
): Promise<void> {
  const now = Date.now();
  const withFlags = items.some((e) => e.mobile_app_allowed !== undefined || e.desktop_app_allowed !== undefined);
  for (let i = 0; i < items.length; i += CHUNK) {
    const rows = items.slice(i, i + CHUNK).map((e) => ({
      ...platformColumns(tenantId, e, now),
      linked: 0,
      mobile_app_allowed: toFlag(e.mobile_app_allowed ?? false),
      desktop_app_allowed: toFlag(e.desktop_app_allowed ?? false),
      mobile_phone: '',
      home_phone: '',
      sip_password: '',
      pin: '',
      created_at: now,
    }));
    await trx
      .insertInto('extensions')
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
          // A domain change (from the platform's sync or an edit) leaves a provisioned app with a stale account:
          // it is "re-provisioning pending" until it fetches the account again (issue #14).
          reprovision_pending_since: eb
            .case()
            .when(
              eb.and([
                eb('extensions.domain', '<>', eb.ref('excluded.domain')),
                eb('extensions.provisioned_at', 'is not', null),
              ]),
            )
            .then(eb.fn.coalesce('extensions.reprovision_pending_since', 'excluded.updated_at'))
            .else(eb.ref('extensions.reprovision_pending_since'))
            .end(),
          ...(withFlags
            ? {
                mobile_app_allowed: eb.ref('excluded.mobile_app_allowed'),
                desktop_app_allowed: eb.ref('excluded.desktop_app_allowed'),
              }
            : {}),
        })),
      )
      .execute();
  }
}

/** Removes extensions from the portal (and their app accounts), in chunks. */
export async function removePortalExtensions(
  trx: Transaction<Database>,
  tenantId: string,
  extensions: string[],
): Promise<void> {
  for (let i = 0; i < extensions.length; i += CHUNK) {
    const chunk = extensions.slice(i, i + CHUNK);
    await trx.deleteFrom('app_accounts').where('tenant_id', '=', tenantId).where('extension', 'in', chunk).execute();
    await trx.deleteFrom('extensions').where('tenant_id', '=', tenantId).where('extension', 'in', chunk).execute();
  }
}

const differs = (
  a: PlatformExtension,
  b: { domain: string; site_name: string; firstname: string; lastname: string; email: string; admin: number },
) =>
  a.domain !== b.domain ||
  a.siteName !== b.site_name ||
  a.firstname !== b.firstname ||
  a.lastname !== b.lastname ||
  a.email !== b.email ||
  toFlag(a.admin) !== b.admin;

export interface ExtensionSyncReport {
  domains: number;
  created: number;
  updated: number;
  removed: number;
  unchanged: number;
}

/** Pulls one tenant's domains and extensions from the platform into the portal's tables (safe to run twice). */
export async function syncTenantExtensions(
  db: Kysely<Database>,
  connector: TelephonyConnector,
  tenantId: string,
): Promise<ExtensionSyncReport> {
  const domains = await readAll((o) => connector.listDomains(tenantId, o));
  const items = await readAll((o) => connector.listExtensions(tenantId, o));
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tenant_domains').where('tenant_id', '=', tenantId).execute();
    const pairs = [
      ...new Map(
        domains.map((d) => [
          `${d.domain}\u0000${d.siteName}`,
          { tenant_id: tenantId, domain: d.domain, site_name: d.siteName },
        ]),
      ).values(),
    ];
    for (let i = 0; i < pairs.length; i += CHUNK)
      await trx
        .insertInto('tenant_domains')
        .values(pairs.slice(i, i + CHUNK))
        .execute();

    const existing = await trx
      .selectFrom('extensions')
      .select(['extension', 'domain', 'site_name', 'firstname', 'lastname', 'email', 'admin'])
      .where('tenant_id', '=', tenantId)
      .execute();
    const byExt = new Map(existing.map((r) => [r.extension, r]));
    const seen = new Set<string>();
    const changed: PlatformExtension[] = [];
    let created = 0;
    for (const e of items) {
      if (seen.has(e.extension)) continue;
      seen.add(e.extension);
      const old = byExt.get(e.extension);
      if (!old) created++;
      if (!old || differs(e, old)) changed.push(e);
    }
    await upsertPortalExtensions(trx, tenantId, changed);
    const gone = existing.filter((r) => !seen.has(r.extension)).map((r) => r.extension);
    await removePortalExtensions(trx, tenantId, gone);
    return {
      domains: pairs.length,
      created,
      updated: changed.length - created,
      removed: gone.length,
      unchanged: seen.size - changed.length,
    };
  });
}
