import type { Kysely } from 'kysely';
import type { BlfKey, SaveBlfKeysBody } from '@provisio/contract';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../lib/caller';
import { findExtension } from '../extensions/extensions.repository';
import { assertTenantVisible } from '../tenants/tenant-scope';
import { visibleProfile } from './client-profiles.service';

interface Subscriber {
  profileId: number;
  tenantId: string;
  extension: string;
}

/** A subscriber's keys in order, with the watched extension's names (for labels and the screen). */
export async function readBlfKeys(db: Kysely<Database>, s: Subscriber): Promise<BlfKey[]> {
  const rows = await db
    .selectFrom('blf_keys as k')
    .leftJoin('extensions as e', (j) =>
      j.onRef('e.tenant_id', '=', 'k.tenant_id').onRef('e.extension', '=', 'k.target'),
    )
    .select(['k.target', 'k.label', 'e.firstname', 'e.lastname'])
    .where('k.profile_id', '=', s.profileId)
    .where('k.tenant_id', '=', s.tenantId)
    .where('k.extension', '=', s.extension)
    .orderBy('k.position')
    .execute();
  return rows.map((r) => ({
    target: r.target,
    label: r.label,
    firstname: r.firstname ?? '',
    lastname: r.lastname ?? '',
  }));
}

/** The profile must be visible, and bound to no tenant or to the subscriber's; the subscriber must exist. */
async function checkSubscriber(deps: Deps, caller: Caller, s: Subscriber): Promise<void> {
  await assertTenantVisible(deps.db, caller, s.tenantId);
  const profile = await visibleProfile(deps, caller, s.profileId);
  if (profile.tenant_id !== null && profile.tenant_id !== s.tenantId)
    throw new AppError('not_found', 'profileNotFound');
  if (!(await findExtension(deps.db.kysely, s.tenantId, s.extension)))
    throw new AppError('not_found', 'extensionNotFound');
}

export async function getBlfKeys(deps: Deps, caller: Caller, s: Subscriber): Promise<BlfKey[]> {
  await checkSubscriber(deps, caller, s);
  return readBlfKeys(deps.db.kysely, s);
}

/** Replaces the subscriber's keys: each target an extension of the same tenant, not the subscriber, at most once. */
export async function saveBlfKeys(deps: Deps, actor: Actor, body: SaveBlfKeysBody): Promise<BlfKey[]> {
  const s: Subscriber = { profileId: body.profile_id, tenantId: body.tenant_id, extension: body.extension };
  await checkSubscriber(deps, actor.caller, s);
  const seen = new Set<string>();
  for (const k of body.keys) {
    if (k.target === s.extension) throw new AppError('validation_failed', 'blfTargetSelf');
    if (seen.has(k.target)) throw new AppError('validation_failed', 'blfDuplicate', { target: k.target });
    seen.add(k.target);
  }
  const db = deps.db.kysely;
  if (seen.size > 0) {
    const found = await db
      .selectFrom('extensions')
      .select('extension')
      .where('tenant_id', '=', s.tenantId)
      .where('extension', 'in', [...seen])
      .execute();
    const known = new Set(found.map((f) => f.extension));
    const missing = [...seen].find((t) => !known.has(t));
    if (missing) throw new AppError('validation_failed', 'blfTargetNotInTenant', { target: missing });
  }
  await db.transaction().execute(async (trx) => {
    const before = await readBlfKeys(trx, s);
    await trx
      .deleteFrom('blf_keys')
      .where('profile_id', '=', s.profileId)
      .where('tenant_id', '=', s.tenantId)
      .where('extension', '=', s.extension)
      .execute();
    if (body.keys.length > 0) {
      await trx
        .insertInto('blf_keys')
        .values(
          body.keys.map((k, i) => ({
            profile_id: s.profileId,
            tenant_id: s.tenantId,
            extension: s.extension,
            position: i + 1,
            target: k.target,
            label: k.label ?? '',
          })),
        )
        .execute();
    }
    const after = body.keys.map((k) => ({ target: k.target, label: k.label ?? '' }));
    await recordAudit(trx, actor, {
      entity: 'blf_keys',
      entity_id: `${s.profileId}/${s.tenantId}/${s.extension}`,
      action: 'update',
      before: { keys: before.map((k) => ({ target: k.target, label: k.label })) },
      after: { keys: after },
    });
  });
  return readBlfKeys(db, s);
}
