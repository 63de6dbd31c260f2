import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { WebhookEventType } from '@provisio/contract';
import type { Database, ExtensionsTable } from '../../db/schema';

/**
 * The outbox (issue #18 item 3). A service calls emitEvent with the transaction that makes the change: the event
 * and one delivery per subscribed, enabled endpoint of the tenant (its own, or its resellers') are written with
 * the change, so a rolled-back change sends nothing and a committed one is delivered even if the process dies next.
 * A tenant without endpoints pays one indexed read.
 */
type Q = Kysely<Database>;

/** Enabled endpoints of the tenant and of the resellers supervising it that subscribe to this type. */
export async function subscribedEndpoints(db: Q, tenantId: string, type: string): Promise<number[]> {
  const resellers = await db
    .selectFrom('reseller_tenants')
    .select('reseller_id')
    .where('tenant_id', '=', tenantId)
    .execute();
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('scope_type', '=', 'tenant'), eb('scope_id', '=', tenantId)]),
        ...(resellers.length
          ? [
              eb.and([
                eb('scope_type', '=', 'reseller'),
                eb(
                  'scope_id',
                  'in',
                  resellers.map((r) => String(r.reseller_id)),
                ),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.filter((r) => r.events.split(',').includes(type)).map((r) => r.id);
}

/** Writes the event and its deliveries; returns the delivery ids (X-Provisio-Delivery). */
export async function queueEvent(
  trx: Q,
  tenantId: string | null,
  type: string,
  data: object,
  endpointIds: number[],
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const now = Date.now();
  const uid = `evt_${randomUUID()}`;
  const body = JSON.stringify({ id: uid, type, created_at: new Date(now).toISOString(), tenant_id: tenantId, data });
  const event = await trx
    .insertInto('webhook_events')
    .values({ uid, type, tenant_id: tenantId, payload: body, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deliveries = endpointIds.map((endpoint_id) => ({
    uid: `dlv_${randomUUID()}`,
    endpoint_id,
    event_id: event.id,
    status: 'pending' as const,
    next_attempt_at: now,
    created_at: now,
  }));
  await trx.insertInto('webhook_deliveries').values(deliveries).execute();
  return deliveries.map((d) => d.uid);
}

/** `await emitEvent(trx, tenantId, 'extension.created', data)`: inside the change's transaction. */
export async function emitEvent(trx: Q, tenantId: string, type: WebhookEventType, data: object): Promise<void> {
  await queueEvent(trx, tenantId, type, data, await subscribedEndpoints(trx, tenantId, type));
}

/** What an extension event says about the extension (never its passwords). */
export function extensionData(row: Selectable<ExtensionsTable>): object {
  return {
    extension: row.extension,
    domain: row.domain,
    site_name: row.site_name,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
  };
}
