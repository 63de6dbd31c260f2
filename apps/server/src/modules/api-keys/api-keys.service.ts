import type { ApiKeyRow, CreateApiKeyBody, CreateApiKeyReply } from '@provisio/contract';
import { API_KEY } from '@provisio/contract';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { CreateApiKeyBody as Body } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import type { Caller } from '../../lib/caller';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { assertTenantVisible } from '../tenants/tenant-scope';
import { normaliseAddresses } from './addresses';
import { manageableKeys, present } from './api-keys.repository';

type CreateBody = z.output<typeof Body>;
export type { CreateApiKeyBody };

/** Only administrators and reseller users manage keys (a key itself never reaches these calls: API_KEY_CLASSES). */
function assertManager(caller: Caller): void {
  if (caller.role !== 'admin' && caller.kind !== 'reseller_user') throw forbidden();
}

export async function listApiKeys(deps: Deps, caller: Caller, includeRevoked: boolean): Promise<ApiKeyRow[]> {
  assertManager(caller);
  let q = manageableKeys(deps.db.kysely, caller);
  if (!includeRevoked) q = q.where('k.revoked_at', 'is', null);
  const rows = await q.orderBy('k.id', 'desc').execute();
  return rows.map(present);
}

/** The resellers the caller may give a key to: an administrator, all; a reseller user, their own. */
export async function apiKeyResellers(deps: Deps, caller: Caller): Promise<{ id: number; name: string }[]> {
  assertManager(caller);
  let q = deps.db.kysely.selectFrom('resellers as r').select(['r.id', 'r.name']);
  if (caller.role !== 'admin')
    q = q.where('r.id', 'in', (eb) =>
      eb.selectFrom('reseller_user_links as l').select('l.reseller_id').where('l.reseller_user_id', '=', caller.id),
    );
  return q.orderBy('r.name').execute();
}

/** Whether the caller may give a key this scope; the reseller or tenant must exist. */
async function assertScopeAllowed(deps: Deps, caller: Caller, body: CreateBody): Promise<void> {
  const db = deps.db.kysely;
  if (body.scope === 'all') {
    if (caller.role !== 'admin') throw new AppError('forbidden', 'apiKeyAllTenantsAdminOnly');
    return;
  }
  if (body.scope === 'reseller') {
    const reseller = await db
      .selectFrom('resellers')
      .select('id')
      .where('id', '=', body.reseller_id ?? 0)
      .executeTakeFirst();
    if (!reseller) throw notFound();
    if (caller.role === 'admin') return;
    const link = await db
      .selectFrom('reseller_user_links')
      .select('id')
      .where('reseller_user_id', '=', caller.id)
      .where('reseller_id', '=', reseller.id)
      .executeTakeFirst();
    if (!link) throw forbidden();
    return;
  }
  const tenant = await db
    .selectFrom('tenants')
    .select('tid')
    .where('tid', '=', body.tenant_id ?? '')
    .executeTakeFirst();
  if (!tenant) throw new AppError('not_found', 'tenantNotFound');
  await assertTenantVisible(deps.db, caller, tenant.tid);
}

/** Creates a key (audited): the reply holds the key itself, shown this once; only its hash is kept. */
export async function createApiKey(deps: Deps, actor: Actor, body: CreateBody): Promise<CreateApiKeyReply> {
  const caller = actor.caller;
  assertManager(caller);
  const now = Date.now();
  if (body.expires_at != null && body.expires_at <= now) throw new AppError('validation_failed', 'apiKeyExpiryPast');
  const allowed = normaliseAddresses(body.allowed_ips);
  await assertScopeAllowed(deps, caller, body);
  const key = `${API_KEY.prefix}${randomBytes(32).toString('base64url')}`;
  const row = await deps.db.kysely.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('api_keys')
      .values({
        name: body.name,
        prefix: key.slice(0, API_KEY.shownLength),
        key_hash: hashToken(key),
        scope: body.scope,
        reseller_id: body.scope === 'reseller' ? (body.reseller_id ?? null) : null,
        tenant_id: body.scope === 'tenant' ? (body.tenant_id ?? null) : null,
        read_only: body.read_only ? 1 : 0,
        expires_at: body.expires_at ?? null,
        allowed_ips: JSON.stringify(allowed),
        created_by_type: caller.kind,
        created_by_id: caller.id,
        created_by_name: caller.username,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = present(await manageableKeys(trx, caller).where('k.id', '=', id).executeTakeFirstOrThrow());
    await recordAudit(trx, actor, { entity: 'api_key', entity_id: id, action: 'create', after: created });
    return created;
  });
  return { key, row };
}

/** Revokes a key the caller may manage (404 for any other): refused from its next call on. Revoking twice is a no-op. */
export async function revokeApiKey(deps: Deps, actor: Actor, id: number): Promise<ApiKeyRow> {
  assertManager(actor.caller);
  return deps.db.kysely.transaction().execute(async (trx) => {
    const before = await manageableKeys(trx, actor.caller).where('k.id', '=', id).executeTakeFirst();
    if (!before) throw notFound();
    if (before.revoked_at !== null) return present(before);
    await trx.updateTable('api_keys').set({ revoked_at: Date.now() }).where('id', '=', id).execute();
    const after = present(await manageableKeys(trx, actor.caller).where('k.id', '=', id).executeTakeFirstOrThrow());
    await recordAudit(trx, actor, {
      entity: 'api_key',
      entity_id: id,
      action: 'update',
      before: present(before),
      after,
    });
    return after;
  });
}
