import type { z } from 'zod';
import type { CreateResellerTenantBody, CreateUpdateResellerBody } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError, notFound, uniqueOr } from '../../lib/errors';
import { type ListParams, byColumn, byText, runList } from '../../lib/list-query';
import { findTenant } from '../tenants/tenants.repository';

const nameTaken = () => new AppError('conflict', 'resellerNameTaken');

export function listResellers(deps: Deps, params: ListParams) {
  const base = deps.db.kysely.selectFrom('resellers').select(['id', 'name']);
  return runList(base, params, {
    search: ['name'],
    sorts: { id: byColumn('id'), name: byText('name') },
    defaultSort: 'id',
    tieBreak: 'id',
  });
}

/** Creates a reseller, or renames it when an id is given; names are unique whatever their case. */
export async function saveReseller(deps: Deps, actor: Actor, body: CreateUpdateResellerBody): Promise<number> {
  const now = Date.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom('resellers')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', body.name.toLowerCase()))
      .$if(body.id !== undefined, (q) => q.where('id', '!=', body.id!))
      .executeTakeFirst();
    if (clash) throw nameTaken();
    if (body.id === undefined) {
      const row = await uniqueOr(
        () =>
          trx
            .insertInto('resellers')
            .values({ name: body.name, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow(),
        nameTaken,
      );
      await recordAudit(trx, actor, { entity: 'reseller', entity_id: row.id, action: 'create', after: row });
      return row.id;
    }
    const before = await trx.selectFrom('resellers').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!before) throw notFound();
    const after = await uniqueOr(
      () =>
        trx
          .updateTable('resellers')
          .set({ name: body.name, updated_at: now })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      nameTaken,
    );
    await recordAudit(trx, actor, { entity: 'reseller', entity_id: before.id, action: 'update', before, after });
    return before.id;
  });
}

/** Removes a reseller together with its supervised-tenant links and its user links, in one transaction. */
export async function deleteReseller(deps: Deps, actor: Actor, id: number): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('resellers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound();
    const tenants = await trx.deleteFrom('reseller_tenants').where('reseller_id', '=', id).returningAll().execute();
    const links = await trx.deleteFrom('reseller_user_links').where('reseller_id', '=', id).returningAll().execute();
    const brand = await trx
      .deleteFrom('reseller_branding')
      .where('reseller_id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (brand?.logo_url) await trx.deleteFrom('files').where('id', '=', brand.logo_url.split('/').pop()!).execute();
    await trx.deleteFrom('resellers').where('id', '=', id).execute();
    for (const t of tenants)
      await recordAudit(trx, actor, { entity: 'reseller_tenant', entity_id: t.id, action: 'delete', before: t });
    for (const l of links)
      await recordAudit(trx, actor, { entity: 'reseller_user_link', entity_id: l.id, action: 'delete', before: l });
    if (brand)
      await recordAudit(trx, actor, { entity: 'reseller_branding', entity_id: id, action: 'delete', before: brand });
    await recordAudit(trx, actor, { entity: 'reseller', entity_id: id, action: 'delete', before });
  });
}

export function listResellerTenants(deps: Deps, resellerId: number, params: ListParams) {
  const base = deps.db.kysely
    .selectFrom('reseller_tenants as rt')
    .leftJoin('tenants as t', 't.tid', 'rt.tenant_id')
    .select((eb) => ['rt.id', 'rt.tenant_id', eb.fn.coalesce('t.tname', eb.val('')).as('tname')])
    .where('rt.reseller_id', '=', resellerId);
  return runList(base, params, {
    search: ['rt.tenant_id', 't.tname'],
    sorts: { id: byColumn('rt.id'), tenant_id: byText('rt.tenant_id'), tname: byText('t.tname') },
    defaultSort: 'id',
    tieBreak: 'rt.id',
  });
}

export async function addResellerTenant(
  deps: Deps,
  actor: Actor,
  body: z.infer<typeof CreateResellerTenantBody>,
): Promise<number> {
  const already = () => new AppError('conflict', 'tenantAlreadySupervised');
  return deps.db.kysely.transaction().execute(async (trx) => {
    const reseller = await trx
      .selectFrom('resellers')
      .select('id')
      .where('id', '=', body.reseller_id)
      .executeTakeFirst();
    if (!reseller) throw notFound();
    if (!(await findTenant(trx, body.tenant_id))) throw new AppError('not_found', 'tenantNotFound');
    const dup = await trx
      .selectFrom('reseller_tenants')
      .select('id')
      .where('reseller_id', '=', body.reseller_id)
      .where('tenant_id', '=', body.tenant_id)
      .executeTakeFirst();
    if (dup) throw already();
    const row = await uniqueOr(
      () =>
        trx
          .insertInto('reseller_tenants')
          .values({ reseller_id: body.reseller_id, tenant_id: body.tenant_id, created_at: Date.now() })
          .returningAll()
          .executeTakeFirstOrThrow(),
      already,
    );
    await recordAudit(trx, actor, { entity: 'reseller_tenant', entity_id: row.id, action: 'create', after: row });
    return row.id;
  });
}

export async function deleteResellerTenant(deps: Deps, actor: Actor, id: number): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const before = await trx.deleteFrom('reseller_tenants').where('id', '=', id).returningAll().executeTakeFirst();
    if (!before) throw notFound();
    await recordAudit(trx, actor, { entity: 'reseller_tenant', entity_id: id, action: 'delete', before });
  });
}
