import type { ApiKeyRow } from '@provisio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { inCallerScope } from '../tenants/tenant-scope';

type Q = Kysely<Database>;

/** Keys with their reseller's name and last use, as the list shows them. */
export const selectKeys = (db: Q) =>
  db
    .selectFrom('api_keys as k')
    .leftJoin('resellers as r', 'r.id', 'k.reseller_id')
    .leftJoin('api_key_usage as u', 'u.key_id', 'k.id')
    .select([
      'k.id',
      'k.name',
      'k.prefix',
      'k.scope',
      'k.reseller_id',
      'r.name as reseller_name',
      'k.tenant_id',
      'k.read_only',
      'k.expires_at',
      'k.allowed_ips',
      'k.created_at',
      'k.created_by_name',
      'u.last_used_at',
      'u.last_used_ip',
      'k.revoked_at',
    ]);

type Selected = Awaited<ReturnType<ReturnType<typeof selectKeys>['executeTakeFirstOrThrow']>>;

export const present = (r: Selected): ApiKeyRow => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scope: r.scope,
  reseller_id: r.reseller_id,
  reseller_name: r.reseller_name,
  tenant_id: r.tenant_id,
  read_only: Number(r.read_only) === 1,
  expires_at: r.expires_at === null ? null : Number(r.expires_at),
  allowed_ips: JSON.parse(r.allowed_ips) as string[],
  created_at: Number(r.created_at),
  created_by: r.created_by_name,
  last_used_at: r.last_used_at === null ? null : Number(r.last_used_at),
  last_used_ip: r.last_used_ip,
  revoked_at: r.revoked_at === null ? null : Number(r.revoked_at),
});

/**
 * The keys a caller may manage: an administrator, every key; a reseller user, the keys of their resellers and of
 * the tenants they see (never an all-tenants key); anyone else, none.
 */
export function manageableKeys(db: Q, caller: Caller) {
  const q = selectKeys(db);
  if (caller.role === 'admin') return q;
  if (caller.kind !== 'reseller_user') return q.where((eb) => eb.lit(false));
  return q.where((eb) =>
    eb.or([
      eb.and([
        eb('k.scope', '=', 'reseller'),
        eb(
          'k.reseller_id',
          'in',
          eb.selectFrom('reseller_user_links as l').select('l.reseller_id').where('l.reseller_user_id', '=', caller.id),
        ),
      ]),
      eb.and([eb('k.scope', '=', 'tenant'), inCallerScope(db, eb, caller, 'k.tenant_id')]),
    ]),
  );
}
