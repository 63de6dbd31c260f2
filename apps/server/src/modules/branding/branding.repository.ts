import type { Kysely } from 'kysely';
import { DEFAULT_BRAND_COLORS, type PublicBranding } from '@provisio/contract';
import type { Database } from '../../db/schema';

type Q = Kysely<Database>;

const COLUMNS = [
  'b.reseller_id',
  'b.brand_name',
  'b.logo_url',
  'b.primary_color',
  'b.secondary_color',
  'b.sender_name',
  'b.sender_email',
  'b.support_email',
  'b.support_phone',
  'b.host_name',
  'b.allow_reseller_edit',
  'r.name as reseller_name',
] as const;

/** One reseller's saved branding with its name; undefined when none was saved. */
export const findBranding = (db: Q, resellerId: number) =>
  db
    .selectFrom('reseller_branding as b')
    .innerJoin('resellers as r', 'r.id', 'b.reseller_id')
    .select(COLUMNS)
    .where('b.reseller_id', '=', resellerId)
    .executeTakeFirst();
export type BrandingRow = NonNullable<Awaited<ReturnType<typeof findBranding>>>;

/**
 * The brand of a tenant's subscribers: the branding of a reseller supervising the tenant (the lowest reseller id when
 * several do and are branded, so the choice is stable).
 */
export const brandOfTenant = (db: Q, tenantId: string) =>
  db
    .selectFrom('reseller_tenants as rt')
    .innerJoin('reseller_branding as b', 'b.reseller_id', 'rt.reseller_id')
    .innerJoin('resellers as r', 'r.id', 'b.reseller_id')
    .select(COLUMNS)
    .where('rt.tenant_id', '=', tenantId)
    .orderBy('b.reseller_id')
    .limit(1)
    .executeTakeFirst();

/** The branding owning a host name: the request's host as sent (with its port), or without the port. */
export const brandOfHost = (db: Q, host: string) => {
  const bare = host.replace(/:\d+$/, '');
  return db
    .selectFrom('reseller_branding as b')
    .innerJoin('resellers as r', 'r.id', 'b.reseller_id')
    .select(COLUMNS)
    .where('b.host_name', 'in', [host.toLowerCase(), bare.toLowerCase()])
    .orderBy('b.reseller_id')
    .limit(1)
    .executeTakeFirst();
};

/** The first branded reseller of a reseller user. */
export const brandOfResellerUser = (db: Q, resellerUserId: number) =>
  db
    .selectFrom('reseller_user_links as l')
    .innerJoin('reseller_branding as b', 'b.reseller_id', 'l.reseller_id')
    .innerJoin('resellers as r', 'r.id', 'b.reseller_id')
    .select(COLUMNS)
    .where('l.reseller_user_id', '=', resellerUserId)
    .orderBy('b.reseller_id')
    .limit(1)
    .executeTakeFirst();

/** What pages show of a brand: no sender address, no host name. */
export const toPublic = (row: BrandingRow): PublicBranding => ({
  name: row.brand_name || row.reseller_name,
  logo_url: row.logo_url,
  primary_color: row.primary_color || DEFAULT_BRAND_COLORS.primary,
  secondary_color: row.secondary_color || DEFAULT_BRAND_COLORS.secondary,
  support_email: row.support_email,
  support_phone: row.support_phone,
});
