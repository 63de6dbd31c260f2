import {
  DEFAULT_BRAND_COLORS,
  LIMITS,
  MIN_BRAND_CONTRAST,
  type PublicBranding,
  type ResellerBranding,
  type SaveBrandingBody,
  contrastWithWhite,
} from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import type { Caller } from '../../lib/caller';
import { AppError, forbidden, notFound, uniqueOr } from '../../lib/errors';
import { checkImage } from '../../lib/images';
import { deleteFileByUrl, saveFile } from '../files/files.repository';
import {
  type BrandingRow,
  brandOfHost,
  brandOfResellerUser,
  brandOfTenant,
  findBranding,
  toPublic,
} from './branding.repository';

/**
 * Who may read a reseller's branding: an administrator, or a user of that reseller (an API key limited to one reseller
 * only that one). 404 when the reseller does not exist, 403 outside the caller's resellers.
 */
async function assertReseller(deps: Deps, caller: Caller, resellerId: number): Promise<string> {
  const db = deps.db.kysely;
  if (caller.role !== 'admin') {
    if (caller.kind !== 'reseller_user') throw forbidden();
    if (caller.apiKey?.resellerId && caller.apiKey.resellerId !== resellerId) throw forbidden();
    const link = await db
      .selectFrom('reseller_user_links')
      .select('id')
      .where('reseller_user_id', '=', caller.id)
      .where('reseller_id', '=', resellerId)
      .executeTakeFirst();
    if (!link) throw forbidden();
  }
  const reseller = await db.selectFrom('resellers').select('name').where('id', '=', resellerId).executeTakeFirst();
  if (!reseller) throw notFound();
  return reseller.name;
}

function present(caller: Caller, resellerId: number, name: string, row?: BrandingRow): ResellerBranding {
  const allow = !!row?.allow_reseller_edit;
  return {
    reseller_id: resellerId,
    reseller_name: name,
    brand_name: row?.brand_name ?? '',
    primary_color: row?.primary_color ?? DEFAULT_BRAND_COLORS.primary,
    secondary_color: row?.secondary_color ?? DEFAULT_BRAND_COLORS.secondary,
    sender_name: row?.sender_name ?? '',
    sender_email: row?.sender_email ?? '',
    support_email: row?.support_email ?? '',
    support_phone: row?.support_phone ?? '',
    host_name: row?.host_name ?? '',
    logo_url: row?.logo_url ?? null,
    allow_reseller_edit: allow,
    may_edit: caller.role === 'admin' || (allow && !caller.apiKey?.readOnly),
    saved: !!row,
  };
}

export async function getResellerBranding(deps: Deps, caller: Caller, resellerId: number): Promise<ResellerBranding> {
  const name = await assertReseller(deps, caller, resellerId);
  return present(caller, resellerId, name, await findBranding(deps.db.kysely, resellerId));
}

/** Both colours carry white text (buttons, the email header) or sit on white (links): 4.5:1 at least. */
function assertContrast(body: SaveBrandingBody): void {
  for (const [field, value] of [
    ['primary', body.primary_color],
    ['secondary', body.secondary_color],
  ] as const) {
    const ratio = contrastWithWhite(value);
    if (ratio < MIN_BRAND_CONTRAST)
      throw new AppError('validation_failed', 'brandColorContrast', { field, ratio: ratio.toFixed(2) });
  }
}

/** The uploaded logo checked like a profile picture (content, extension, cleaned SVG) and stored; its path. */
async function storeLogo(deps: Deps, logo: NonNullable<SaveBrandingBody['logo']>): Promise<string> {
  const data = Buffer.from(logo.data_base64, 'base64');
  if (data.length > LIMITS.logoMaxBytes) throw new AppError('validation_failed', 'logoTooLarge');
  const image = checkImage(logo.filename, data);
  return saveFile(deps.db, image.contentType, image.data);
}

/**
 * Saves a reseller's branding (created on first save). Administrators always; a reseller's own users when an
 * administrator allowed it, and never the permission itself. A new logo replaces (and deletes) the old one.
 */
export async function saveResellerBranding(
  deps: Deps,
  caller: Caller,
  actor: Actor,
  body: SaveBrandingBody,
): Promise<ResellerBranding> {
  const name = await assertReseller(deps, caller, body.reseller_id);
  const current = await findBranding(deps.db.kysely, body.reseller_id);
  if (caller.role !== 'admin') {
    if (!current?.allow_reseller_edit || caller.apiKey?.readOnly) throw new AppError('forbidden', 'brandingNotAllowed');
    if (body.allow_reseller_edit !== undefined && body.allow_reseller_edit !== true) throw forbidden();
  }
  assertContrast(body);
  const logoUrl = body.logo ? await storeLogo(deps, body.logo) : undefined;
  const values = {
    brand_name: body.brand_name,
    primary_color: body.primary_color,
    secondary_color: body.secondary_color,
    sender_name: body.sender_name,
    sender_email: body.sender_email,
    support_email: body.support_email,
    support_phone: body.support_phone,
    host_name: body.host_name || null,
    ...(logoUrl !== undefined ? { logo_url: logoUrl } : body.logo === null ? { logo_url: null } : {}),
    ...(caller.role === 'admin' && body.allow_reseller_edit !== undefined
      ? { allow_reseller_edit: body.allow_reseller_edit ? 1 : 0 }
      : {}),
    updated_at: Date.now(),
  };
  let before: BrandingRow | undefined;
  try {
    await uniqueOr(
      () =>
        deps.db.kysely.transaction().execute(async (trx) => {
          before = await findBranding(trx, body.reseller_id);
          await trx
            .insertInto('reseller_branding')
            .values({ reseller_id: body.reseller_id, allow_reseller_edit: 0, ...values })
            .onConflict((oc) => oc.column('reseller_id').doUpdateSet(values))
            .execute();
          const after = await findBranding(trx, body.reseller_id);
          await recordAudit(trx, actor, {
            entity: 'reseller_branding',
            entity_id: body.reseller_id,
            action: before ? 'update' : 'create',
            before,
            after,
          });
        }),
      () => new AppError('conflict', 'brandHostTaken'),
    );
  } catch (err) {
    if (logoUrl) await deleteFileByUrl(deps.db, logoUrl);
    throw err;
  }
  // The logo it had, once nothing points at it any more.
  if (before?.logo_url && 'logo_url' in values && values.logo_url !== before.logo_url)
    await deleteFileByUrl(deps.db, before.logo_url);
  return present(caller, body.reseller_id, name, await findBranding(deps.db.kysely, body.reseller_id));
}

/** The brand a signed-in user's portal shows: a reseller user's reseller, a simple user's tenant's; none for admins. */
export async function myBranding(deps: Deps, caller: Caller): Promise<PublicBranding | null> {
  const db = deps.db.kysely;
  let row: BrandingRow | undefined;
  if (caller.kind === 'reseller_user') row = await brandOfResellerUser(db, caller.id);
  else if (caller.role !== 'admin' && caller.company) row = await brandOfTenant(db, caller.company);
  return row ? toPublic(row) : null;
}

/** The brand of an end-user page: the reseller owning the host name it was asked on, else the email link's brand. */
export async function publicBranding(deps: Deps, host: string, brand?: number): Promise<PublicBranding | null> {
  const db = deps.db.kysely;
  const row = (host ? await brandOfHost(db, host) : undefined) ?? (brand ? await findBranding(db, brand) : undefined);
  return row ? toPublic(row) : null;
}
