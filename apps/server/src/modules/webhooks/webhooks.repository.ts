import type { Kysely, Selectable } from 'kysely';
import type { WebhookAttempt, WebhookEndpoint } from '@provisio/contract';
import type { Database, WebhookEndpointsTable } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { inCallerScope } from '../tenants/tenant-scope';

/** SQL of the webhook endpoints, always limited to what the caller may manage. */
type Q = Kysely<Database>;
export type EndpointRow = Selectable<WebhookEndpointsTable>;

/** Endpoints the caller may manage: an admin's all; a reseller user's, those of their resellers and tenants. */
export function visibleEndpoints(db: Q, caller: Caller) {
  const q = db.selectFrom('webhook_endpoints as w').selectAll('w');
  if (caller.role === 'admin') return q;
  return q.where((eb) =>
    eb.or([
      eb.and([
        eb('w.scope_type', '=', 'reseller'),
        eb(
          'w.scope_id',
          'in',
          db
            .selectFrom('reseller_user_links')
            .select((e) => e.cast<string>('reseller_id', 'varchar(100)').as('rid'))
            .where('reseller_user_id', '=', caller.id),
        ),
      ]),
      eb.and([eb('w.scope_type', '=', 'tenant'), inCallerScope(db, eb, caller, 'w.scope_id')]),
    ]),
  );
}

export const findVisibleEndpoint = (db: Q, caller: Caller, id: number) =>
  visibleEndpoints(db, caller).where('w.id', '=', id).executeTakeFirst();

/** The endpoint as the contract shows it (never its secret). */
export async function presentEndpoints(db: Q, rows: EndpointRow[]): Promise<WebhookEndpoint[]> {
  const resellerIds = [...new Set(rows.filter((r) => r.scope_type === 'reseller').map((r) => Number(r.scope_id)))];
  const tenantIds = [...new Set(rows.filter((r) => r.scope_type === 'tenant').map((r) => r.scope_id))];
  const [resellers, tenants] = await Promise.all([
    resellerIds.length
      ? db.selectFrom('resellers').select(['id', 'name']).where('id', 'in', resellerIds).execute()
      : [],
    tenantIds.length ? db.selectFrom('tenants').select(['tid', 'tname']).where('tid', 'in', tenantIds).execute() : [],
  ]);
  const names = new Map<string, string>([
    ...resellers.map((r) => [`reseller:${r.id}`, r.name] as [string, string]),
    ...tenants.map((t) => [`tenant:${t.tid}`, t.tname] as [string, string]),
  ]);
  return rows.map((r) => ({
    id: r.id,
    scope_type: r.scope_type,
    scope_id: r.scope_id,
    scope_name: names.get(`${r.scope_type}:${r.scope_id}`) ?? r.scope_id,
    url: r.url,
    events: r.events.split(',').filter(Boolean),
    enabled: r.enabled === 1,
    disabled_reason: r.disabled_reason,
    consecutive_failures: r.consecutive_failures,
    created_at: r.created_at,
  }));
}

/** The delivery log of one endpoint, newest first. */
export async function attemptsOf(db: Q, endpointId: number, limit: number): Promise<WebhookAttempt[]> {
  const rows = await db
    .selectFrom('webhook_attempts as a')
    .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'a.id',
      'd.uid as delivery_id',
      'e.type as event_type',
      'a.attempt',
      'a.at',
      'a.status_code',
      'a.duration_ms',
      'a.error',
      'd.status as delivery_status',
    ])
    .where('a.endpoint_id', '=', endpointId)
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, status_code: r.status_code === null ? null : Number(r.status_code) }));
}

/** Deletes an endpoint with its deliveries and log (events no other endpoint waits for stay: they are small). */
export async function deleteEndpoint(trx: Q, id: number): Promise<void> {
  await trx.deleteFrom('webhook_attempts').where('endpoint_id', '=', id).execute();
  await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}
