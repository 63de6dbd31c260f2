import type { CreateUpdateDomainBody, DomainRow } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { type ListParams, byColumn, byText, runList } from '../../lib/list-query';
import { assertTenantVisible, scopeToCaller } from '../tenants/tenant-scope';
import { findTenant } from '../tenants/tenants.repository';

const COLUMNS = ['id', 'ext', 'domain', 'tenant_id'] as const;

/** Domains of the tenants the caller may see. */
export async function listDomains(deps: Deps, actor: Actor, params: ListParams) {
  const base = scopeToCaller(
    deps.db.kysely,
    deps.db.kysely.selectFrom('domains').select(COLUMNS),
    actor.caller,
    'tenant_id',
  );
  return runList(base, params, {
    search: ['ext', 'domain', 'tenant_id'],
    sorts: { id: byColumn('id'), ext: byText('ext'), domain: byText('domain'), tenant_id: byText('tenant_id') },
    defaultSort: 'id',
    tieBreak: 'id',
  });
}

/** One domain; 404 when it does not exist, 403 when its tenant is not the caller's to see. */
export async function getDomain(deps: Deps, actor: Actor, id: number): Promise<DomainRow> {
  const row = await deps.db.kysely.selectFrom('domains').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  await assertTenantVisible(deps.db, actor.caller, row.tenant_id);
  return row;
}

export async function saveDomain(deps: Deps, actor: Actor, body: CreateUpdateDomainBody): Promise<number> {
  await assertTenantVisible(deps.db, actor.caller, body.tenant_id);
  const now = Date.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    const before =
      body.id === undefined
        ? undefined
        : await trx.selectFrom('domains').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (body.id !== undefined) {
      if (!before) throw notFound();
      // The stored tenant decides visibility: a caller cannot reach another tenant's domain by naming their own.
      await assertTenantVisible(trx, actor.caller, before.tenant_id);
      if (before.ext !== body.ext || before.tenant_id !== body.tenant_id)
        throw new AppError('locked_on_edit', 'lockedOnEdit');
    }
    if (!(await findTenant(trx, body.tenant_id))) throw new AppError('not_found', 'tenantNotFound');
    const dup = await trx
      .selectFrom('domains')
      .select('id')
      .where('tenant_id', '=', body.tenant_id)
      .where((eb) => eb(eb.fn('lower', ['domain']), '=', body.domain))
      .$if(body.id !== undefined, (q) => q.where('id', '!=', body.id!))
      .executeTakeFirst();
    if (dup) throw new AppError('domain_exists', 'domainExists');
    if (!before) {
      const row = await trx
        .insertInto('domains')
        .values({ ext: body.ext, domain: body.domain, tenant_id: body.tenant_id, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { entity: 'domain', entity_id: row.id, action: 'create', after: row });
      return row.id;
    }
    const after = await trx
      .updateTable('domains')
      .set({ domain: body.domain, updated_at: now })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { entity: 'domain', entity_id: before.id, action: 'update', before, after });
    return before.id;
  });
}

export async function deleteDomain(deps: Deps, actor: Actor, id: number): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound();
    await assertTenantVisible(trx, actor.caller, before.tenant_id);
    await trx.deleteFrom('domains').where('id', '=', id).execute();
    await recordAudit(trx, actor, { entity: 'domain', entity_id: id, action: 'delete', before });
  });
}
