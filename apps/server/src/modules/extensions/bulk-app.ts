import type { UpdateExtensionsAppBody } from '@provisio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { toFlag } from '../../lib/flags';
import { assertTenantVisible } from '../tenants/tenant-scope';
import { findTenant, readTenant } from '../tenants/tenants.repository';
import { emitEvent, extensionData } from '../webhooks/emit';
import { noteLicenceUse } from '../webhooks/watchers';
import { assertAppLimit, lockTenantLicence } from './licence-limits';

/** Whether a tenant-wide app switch (mobile or desktop) is on. */
export async function tenantHasAppOn(db: Kysely<Database>, tenantId: string): Promise<boolean> {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) return false;
  const flags = readTenant(tenant);
  return flags.mobile_app_allowed || flags.desktop_app_allowed;
}

/**
 * The subscribers table's bulk app switch (issue #19): one app on or off for the chosen extensions of one tenant, in
 * one transaction. Every id must be an extension of this tenant (else 404, nothing changes); turning on counts only the
 * rows that are off and is refused as a whole beyond the licence (409), under the same tenant lock as the single
 * switch, so parallel bulk and single switches never exceed it. Each changed row is audited and announced as the
 * single switch does. Returns how many rows changed.
 */
export async function setExtensionsApp(deps: Deps, actor: Actor, body: UpdateExtensionsAppBody): Promise<number> {
  await assertTenantVisible(deps.db, actor.caller, body.tenant_id);
  const on = body.value === 'true';
  const column = body.column_name;
  const ids = [...new Set(body.ids)];
  return deps.db.kysely.transaction().execute(async (trx) => {
    // Lock first, so the rows read below are the ones the limit is counted against.
    await lockTenantLicence(trx, body.tenant_id);
    const before = await trx
      .selectFrom('extensions')
      .selectAll()
      .where('tenant_id', '=', body.tenant_id)
      .where('id', 'in', ids)
      .execute();
    if (before.length !== ids.length) throw new AppError('not_found', 'extensionNotFound');
    const changing = before.filter((r) => (r[column] === 1) !== on);
    if (changing.length === 0) return 0;
    if (on) await assertAppLimit(trx, body.tenant_id, column, { more: changing.length });
    const after = await trx
      .updateTable('extensions')
      .set({ [column]: toFlag(on), updated_at: Date.now() })
      .where(
        'id',
        'in',
        changing.map((r) => r.id),
      )
      .returningAll()
      .execute();
    const byId = new Map(changing.map((r) => [r.id, r]));
    for (const row of after) {
      await recordAudit(trx, actor, {
        entity: 'extension',
        entity_id: `${body.tenant_id}/${row.extension}`,
        action: 'update',
        before: byId.get(row.id),
        after: row,
      });
      await emitEvent(trx, body.tenant_id, 'extension.updated', extensionData(row));
    }
    await noteLicenceUse(trx, body.tenant_id);
    return after.length;
  });
}
