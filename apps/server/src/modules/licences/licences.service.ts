import type { CreateUpdateLicensesBody, LicencesReply } from '@provisio/contract';
import { LICENCE_FIELDS } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { appUse } from '../extensions/licence-limits';
import { assertTenantVisible } from '../tenants/tenant-scope';
import { findTenant } from '../tenants/tenants.repository';
import { noteLicenceUse } from '../webhooks/watchers';

/** A tenant's limits; zeros (and no update time) when none were ever stored. */
export async function getLicences(deps: Deps, actor: Actor, tenantId: string): Promise<LicencesReply> {
  await assertTenantVisible(deps.db, actor.caller, tenantId);
  const row = await deps.db.kysely
    .selectFrom('licences')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (row) return row;
  return {
    tenant_id: tenantId,
    vcx_desktop: 0,
    vcx_mobile: 0,
    call_monitor: 0,
    call_recording: 0,
    analytics: 0,
    last_updated_by: '',
    updated_at: null,
  };
}

/** Stores all five limits; last_updated_by is the signed-in caller, whatever the body says. */
export async function saveLicences(deps: Deps, actor: Actor, body: CreateUpdateLicensesBody): Promise<void> {
  const limits = Object.fromEntries(LICENCE_FIELDS.map((f) => [f, body[f]])) as Record<
    (typeof LICENCE_FIELDS)[number],
    number
  >;
  const values = { ...limits, last_updated_by: actor.caller.username, updated_at: Date.now() };
  await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await findTenant(trx, body.tenant_id))) throw new AppError('not_found', 'tenantNotFound');
    if (!body.confirm_below_use) await assertNotBelowUse(trx, body);
    const before = await trx
      .selectFrom('licences')
      .selectAll()
      .where('tenant_id', '=', body.tenant_id)
      .executeTakeFirst();
    const after = before
      ? await trx
          .updateTable('licences')
          .set(values)
          .where('tenant_id', '=', body.tenant_id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('licences')
          .values({ tenant_id: body.tenant_id, ...values })
          .returningAll()
          .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      entity: 'licence',
      entity_id: body.tenant_id,
      action: before ? 'update' : 'create',
      before: before ?? null,
      after,
    });
    await noteLicenceUse(trx, body.tenant_id);
  });
}

/**
 * A mobile or desktop limit below the apps in use needs the caller's confirmation (issue #20): 409 licence_below_use
 * says what it means (more enablements refused, the current ones kept). Counted as the licence check counts use.
 */
async function assertNotBelowUse(trx: Parameters<typeof appUse>[0], body: CreateUpdateLicensesBody): Promise<void> {
  const [mobile, desktop] = await Promise.all([
    appUse(trx, body.tenant_id, 'mobile_app_allowed'),
    appUse(trx, body.tenant_id, 'desktop_app_allowed'),
  ]);
  const m = body.vcx_mobile < mobile.used;
  const d = body.vcx_desktop < desktop.used;
  if (m && d)
    throw new AppError('licence_below_use', 'licenceBelowUseBoth', {
      mobileLimit: body.vcx_mobile,
      mobileUsed: mobile.used,
      desktopLimit: body.vcx_desktop,
      desktopUsed: desktop.used,
    });
  if (m)
    throw new AppError('licence_below_use', 'licenceBelowUseMobile', { limit: body.vcx_mobile, used: mobile.used });
  if (d)
    throw new AppError('licence_below_use', 'licenceBelowUseDesktop', { limit: body.vcx_desktop, used: desktop.used });
}
