import { type Kysely, sql } from 'kysely';
import type { MessageKey } from '@provisio/contract';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findTenant, readTenant } from '../tenants/tenants.repository';

export type AppColumnName = 'mobile_app_allowed' | 'desktop_app_allowed';

const LIMIT_OF = { mobile_app_allowed: 'vcx_mobile', desktop_app_allowed: 'vcx_desktop' } as const;
const REACHED: Record<AppColumnName, MessageKey> = {
  mobile_app_allowed: 'mobileLimitReached',
  desktop_app_allowed: 'desktopLimitReached',
};
const BULK: Record<AppColumnName, MessageKey> = {
  mobile_app_allowed: 'mobileLimitBulk',
  desktop_app_allowed: 'desktopLimitBulk',
};
const TENANT_WIDE: Record<AppColumnName, MessageKey> = {
  mobile_app_allowed: 'mobileLimitTenant',
  desktop_app_allowed: 'desktopLimitTenant',
};

export interface AppUse {
  used: number;
  limit: number;
  tenant_level: boolean;
  extensions: number;
}

/** Use of one app against the tenant's licence: every extension counts when the tenant-level switch is on. */
export async function appUse(db: Kysely<Database>, tenantId: string, column: AppColumnName): Promise<AppUse> {
  const [tenant, licence, counts] = await Promise.all([
    findTenant(db, tenantId),
    db.selectFrom('licences').select([LIMIT_OF[column]]).where('tenant_id', '=', tenantId).executeTakeFirst(),
    db
      .selectFrom('extensions')
      .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.sum<number>(column).as('on')])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
  ]);
  const tenantLevel = tenant ? readTenant(tenant)[column] : false;
  const extensions = Number(counts?.all ?? 0);
  const on = Number(counts?.on ?? 0);
  const limit = Number((licence as Record<string, number> | undefined)?.[LIMIT_OF[column]] ?? 0);
  return { used: tenantLevel ? extensions : on, limit, tenant_level: tenantLevel, extensions };
}

/**
 * Two switches turned on at the same instant must not both take the last licence. A no-op update locks the
 * tenant's row until the transaction ends (PostgreSQL), so the second one counts after the first committed;
 * SQLite already runs one write transaction at a time.
 */
export async function lockTenantLicence(db: Kysely<Database>, tenantId: string): Promise<void> {
  await sql`UPDATE tenants SET tid = tid WHERE tid = ${tenantId}`.execute(db);
}

/**
 * Refuses (409, naming the limit) to turn an app on for one more extension (or `more`), or for the whole tenant,
 * beyond the tenant's licence limit. Call it inside the transaction that makes the change.
 */
export async function assertAppLimit(
  db: Kysely<Database>,
  tenantId: string,
  column: AppColumnName,
  o: { wholeTenant?: boolean; more?: number } = {},
): Promise<void> {
  await lockTenantLicence(db, tenantId);
  const use = await appUse(db, tenantId, column);
  if (o.wholeTenant) {
    if (use.extensions > use.limit)
      throw new AppError('conflict', TENANT_WIDE[column], { limit: use.limit, needed: use.extensions });
    return;
  }
  if (use.tenant_level) return;
  const more = o.more ?? 1;
  if (use.used + more <= use.limit) return;
  if (more === 1) throw new AppError('conflict', REACHED[column], { limit: use.limit, used: use.used });
  throw new AppError('conflict', BULK[column], { limit: use.limit, used: use.used, count: more });
}

export const limitMessageKey = (column: AppColumnName): MessageKey => REACHED[column];
