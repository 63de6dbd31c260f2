import { sql } from 'kysely';
import type { WebhookAttempt, WebhookCreateBody, WebhookEndpoint, WebhookUpdateBody } from '@provisio/contract';
import { WEBHOOK_LIMITS, WEBHOOK_TEST_EVENT } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import type { Caller } from '../../lib/caller';
import { AppError, forbidden } from '../../lib/errors';
import { isTenantVisible } from '../tenants/tenant-scope';
import { queueEvent } from './emit';
import { checkWebhookUrl } from './webhook-url';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret';
import {
  type EndpointRow,
  attemptsOf,
  deleteEndpoint,
  findVisibleEndpoint,
  presentEndpoints,
  visibleEndpoints,
} from './webhooks.repository';

/** Admins and reseller users manage webhooks; a simple user may not (403 on every call). */
function assertManager(caller: Caller): void {
  if (caller.role !== 'admin' && caller.kind !== 'reseller_user') throw forbidden();
}

/** May the caller register endpoints for this reseller or tenant? 403 outside their scope, 404 if it does not exist. */
async function assertScope(deps: Deps, caller: Caller, type: 'reseller' | 'tenant', id: string): Promise<void> {
  const db = deps.db.kysely;
  if (type === 'reseller') {
    const rid = Number(id);
    if (!Number.isInteger(rid) || rid <= 0) throw new AppError('not_found', 'webhookScopeNotFound');
    if (caller.role !== 'admin') {
      const link = await db
        .selectFrom('reseller_user_links')
        .select('id')
        .where('reseller_user_id', '=', caller.id)
        .where('reseller_id', '=', rid)
        .executeTakeFirst();
      if (!link) throw forbidden();
    }
    const found = await db.selectFrom('resellers').select('id').where('id', '=', rid).executeTakeFirst();
    if (!found) throw new AppError('not_found', 'webhookScopeNotFound');
    return;
  }
  if (!(await isTenantVisible(deps.db, caller, id))) throw forbidden();
  const found = await db.selectFrom('tenants').select('tid').where('tid', '=', id).executeTakeFirst();
  if (!found) throw new AppError('not_found', 'webhookScopeNotFound');
}

async function visibleOr404(deps: Deps, caller: Caller, id: number): Promise<EndpointRow> {
  assertManager(caller);
  const row = await findVisibleEndpoint(deps.db.kysely, caller, id);
  if (!row) throw new AppError('not_found', 'webhookNotFound');
  return row;
}

const present = async (deps: Deps, row: EndpointRow) => (await presentEndpoints(deps.db.kysely, [row]))[0]!;
/** The audit trail's view of an endpoint: never its secret. */
const audited = ({ secret_enc: _secret, ...rest }: EndpointRow) => rest;

export async function listEndpoints(deps: Deps, caller: Caller): Promise<WebhookEndpoint[]> {
  assertManager(caller);
  const rows = await visibleEndpoints(deps.db.kysely, caller).orderBy('w.id').execute();
  return presentEndpoints(deps.db.kysely, rows);
}

export async function createEndpoint(
  deps: Deps,
  actor: Actor,
  body: WebhookCreateBody,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  assertManager(actor.caller);
  await assertScope(deps, actor.caller, body.scope_type, body.scope_id);
  const url = await checkWebhookUrl(deps.config, body.url);
  const secret = newWebhookSecret();
  const sealed = await sealWebhookSecret(deps.db.kysely, secret);
  const row = await deps.db.kysely.transaction().execute(async (trx) => {
    // Parallel creations for one scope count after each other: the scope's row is locked until commit (PostgreSQL;
    // SQLite runs one write transaction at a time).
    if (body.scope_type === 'tenant') await sql`UPDATE tenants SET tid = tid WHERE tid = ${body.scope_id}`.execute(trx);
    else await sql`UPDATE resellers SET id = id WHERE id = ${Number(body.scope_id)}`.execute(trx);
    const n = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scope_type', '=', body.scope_type)
      .where('scope_id', '=', body.scope_id)
      .executeTakeFirstOrThrow();
    if (Number(n.n) >= WEBHOOK_LIMITS.perScope)
      throw new AppError('conflict', 'webhookLimitReached', { limit: WEBHOOK_LIMITS.perScope });
    const now = Date.now();
    const created = await trx
      .insertInto('webhook_endpoints')
      .values({
        scope_type: body.scope_type,
        scope_id: body.scope_id,
        url,
        secret_enc: sealed,
        events: body.events.join(','),
        enabled: body.enabled ? 1 : 0,
        created_by: actor.caller.username,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      entity: 'webhook_endpoint',
      entity_id: created.id,
      action: 'create',
      after: audited(created),
    });
    return created;
  });
  return { endpoint: await present(deps, row), secret };
}

export async function updateEndpoint(deps: Deps, actor: Actor, body: WebhookUpdateBody): Promise<WebhookEndpoint> {
  const before = await visibleOr404(deps, actor.caller, body.id);
  const url = body.url === undefined ? before.url : await checkWebhookUrl(deps.config, body.url);
  const reenabled = body.enabled === true && before.enabled !== 1;
  const after = await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhook_endpoints')
      .set({
        url,
        ...(body.events ? { events: body.events.join(',') } : {}),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled ? 1 : 0 }),
        // Turned on again by hand: its failure count starts over and the dashboard notice goes.
        ...(reenabled ? { consecutive_failures: 0, disabled_reason: null, disabled_at: null } : {}),
        updated_at: Date.now(),
      })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      entity: 'webhook_endpoint',
      entity_id: row.id,
      action: 'update',
      before: audited(before),
      after: audited(row),
    });
    return row;
  });
  return present(deps, after);
}

export async function rotateSecret(
  deps: Deps,
  actor: Actor,
  id: number,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const before = await visibleOr404(deps, actor.caller, id);
  const secret = newWebhookSecret();
  const sealed = await sealWebhookSecret(deps.db.kysely, secret);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_endpoints')
      .set({ secret_enc: sealed, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      entity: 'webhook_endpoint',
      entity_id: id,
      action: 'update',
      after: { secret: 'rotated' },
    });
  });
  return { endpoint: await present(deps, before), secret };
}

export async function removeEndpoint(deps: Deps, actor: Actor, id: number): Promise<void> {
  const before = await visibleOr404(deps, actor.caller, id);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await deleteEndpoint(trx, id);
    await recordAudit(trx, actor, {
      entity: 'webhook_endpoint',
      entity_id: id,
      action: 'delete',
      before: audited(before),
    });
  });
}

/** Queues a webhook.test event for this endpoint only; it is delivered, signed and logged like any other. */
export async function sendTestEvent(deps: Deps, actor: Actor, id: number): Promise<string> {
  const ep = await visibleOr404(deps, actor.caller, id);
  const tenantId = ep.scope_type === 'tenant' ? ep.scope_id : null;
  const data = { endpoint_id: ep.id, requested_by: actor.caller.username };
  const [uid] = await deps.db.kysely
    .transaction()
    .execute((trx) => queueEvent(trx, tenantId, WEBHOOK_TEST_EVENT, data, [ep.id]));
  return uid!;
}

export async function deliveryLog(deps: Deps, caller: Caller, id: number, limit: number): Promise<WebhookAttempt[]> {
  const ep = await visibleOr404(deps, caller, id);
  return attemptsOf(deps.db.kysely, ep.id, limit);
}

/** Endpoints in the caller's scope that the worker turned off after repeated failures (the dashboard's notice). */
export async function autoDisabledCount(deps: Deps, caller: Caller): Promise<number> {
  if (caller.role !== 'admin' && caller.kind !== 'reseller_user') return 0;
  const rows = await visibleEndpoints(deps.db.kysely, caller)
    .where('w.enabled', '=', 0)
    .where('w.disabled_reason', '=', 'failures')
    .execute();
  return rows.length;
}
