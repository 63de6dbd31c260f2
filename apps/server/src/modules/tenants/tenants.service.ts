import type { CreateTenantBody, TenantRow, UpdateAndGetTenantsBody } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { type ListParams, byText, runList } from '../../lib/list-query';
import type { Caller } from '../../lib/caller';
import { SYNC_JOIN_FINISHED_MS } from '../extensions/extensions.jobs';
import { assertAppLimit } from '../extensions/licence-limits';
import { TENANTS_SYNC } from './tenants.jobs';
import { assertTenantVisible, scopeToCaller } from './tenant-scope';
import { findTenant, newTenantRow, readTenant, setTenantFlag } from './tenants.repository';

export const createdBy = (caller: Caller) => `${caller.kind}:${caller.id}`;

/** The tenants the caller may see, sorted by name. */
export async function listTenants(
  deps: Deps,
  caller: Caller,
  params: ListParams,
): Promise<{ rows: TenantRow[]; total: number }> {
  const base = scopeToCaller(
    deps.db.kysely,
    deps.db.kysely.selectFrom('tenants').select(['tid', 'tname', 'desktop_app_allowed', 'mobile_app_allowed']),
    caller,
    'tid',
  );
  const { rows, total } = await runList(base, params, {
    search: ['tid', 'tname'],
    sorts: { tname: byText('tname'), tid: byText('tid') },
    defaultSort: 'tname',
    tieBreak: 'tid',
  });
  return { rows: rows.map(readTenant), total };
}

/** Starts the tenant-list sync, or joins the one queued or running, or the one finished less than two minutes ago. */
export function startTenantSync(deps: Deps, caller: Caller): Promise<{ id: number; joined: boolean }> {
  return deps.jobs.enqueue(
    TENANTS_SYNC,
    {},
    { dedupeKey: TENANTS_SYNC, joinFinishedWithinMs: SYNC_JOIN_FINISHED_MS, createdBy: createdBy(caller) },
  );
}

/** The tenant-level app switch; turning it on counts every extension of the tenant against the licence limit. */
export async function setTenantApp(deps: Deps, actor: Actor, body: UpdateAndGetTenantsBody): Promise<void> {
  await assertTenantVisible(deps.db, actor.caller, body.tenant_id);
  const on = body.value === 'true';
  await deps.db.kysely.transaction().execute(async (trx) => {
    const before = await findTenant(trx, body.tenant_id);
    if (!before) throw new AppError('not_found', 'tenantNotFound');
    if (on && !readTenant(before)[body.column_name])
      await assertAppLimit(trx, body.tenant_id, body.column_name, { wholeTenant: true });
    const after = await setTenantFlag(trx, body.tenant_id, body.column_name, on);
    await recordAudit(trx, actor, { entity: 'tenant', entity_id: body.tenant_id, action: 'update', before, after });
  });
}

/** Adds a tenant on the platform (when it can), then into the portal in the same step. Admins only. */
export async function createTenant(deps: Deps, actor: Actor, body: CreateTenantBody): Promise<void> {
  const { connector } = deps;
  if (!connector.capabilities.createTenant || !connector.createTenant)
    throw new AppError('forbidden', 'platformCannotWrite');
  if (await findTenant(deps.db.kysely, body.tid)) throw new AppError('conflict', 'tenantExists');
  const domain = body.domain || body.tid;
  const siteName = body.site_name || 'Main';
  try {
    await connector.createTenant({ externalId: body.tid, name: body.tname, domain, siteName });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', 'tenantExists');
    throw err;
  }
  const now = Date.now();
  await deps.db.kysely.transaction().execute(async (trx) => {
    const row = newTenantRow(body.tid, body.tname, now);
    await trx.insertInto('tenants').values(row).execute();
    await trx.insertInto('tenant_domains').values({ tenant_id: body.tid, domain, site_name: siteName }).execute();
    await recordAudit(trx, actor, {
      entity: 'tenant',
      entity_id: body.tid,
      action: 'create',
      after: { ...row, domain, site_name: siteName },
    });
  });
}
