import type { CreateUpdateLicensesBody, LicencesReply } from '@provisio/contract';
import { LICENCE_FIELDS } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { assertTenantVisible } from '../tenants/tenant-scope';
import { findTenant } from '../tenants/tenants.repository';

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
  });
}
