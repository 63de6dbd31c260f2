import { type JobReply, type Language, formatMessage, isMessageKey } from '@provisio/contract';
import type { Selectable } from 'kysely';
import type { JobsTable } from '../../db/schema';
import type { Deps } from '../../deps';
import { forbidden, notFound } from '../../lib/errors';
import type { Caller } from '../../lib/caller';
import { assertTenantVisible, inCallerScope, isTenantVisible } from '../tenants/tenant-scope';

const RECENT = 50;
const mine = (caller: Caller) => `${caller.kind}:${caller.id}`;

function present(row: Selectable<JobsTable>, lang: Language): JobReply {
  const error =
    row.error === null
      ? null
      : isMessageKey(row.error)
        ? formatMessage(lang, row.error)
        : formatMessage(lang, 'internalError');
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    tenant_id: row.tenant_id,
    done: row.done,
    total: row.total,
    failed: row.failed,
    result: row.result === null ? null : (JSON.parse(row.result) as unknown),
    // A failure that will be retried shows as queued without its error.
    error: row.status === 'failed' ? error : null,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/** A job the caller started, or one of a tenant they may see (admins: any). */
export async function jobStatus(deps: Deps, caller: Caller, id: number, lang: Language): Promise<JobReply> {
  const row = await deps.db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  if (caller.role !== 'admin' && row.created_by !== mine(caller)) {
    if (!row.tenant_id || !(await isTenantVisible(deps.db, caller, row.tenant_id))) throw forbidden();
  }
  return present(row, lang);
}

/** The most recent jobs the caller may see, newest first; optionally of one tenant. */
export async function listJobs(
  deps: Deps,
  caller: Caller,
  tenantId: string | undefined,
  lang: Language,
): Promise<JobReply[]> {
  if (tenantId) await assertTenantVisible(deps.db, caller, tenantId);
  let q = deps.db.kysely.selectFrom('jobs').selectAll();
  if (tenantId) q = q.where('tenant_id', '=', tenantId);
  if (caller.role !== 'admin' && !tenantId)
    q = q.where((eb) =>
      eb.or([eb('created_by', '=', mine(caller)), inCallerScope(deps.db.kysely, eb, caller, 'tenant_id')]),
    );
  const rows = await q.orderBy('id', 'desc').limit(RECENT).execute();
  return rows.map((r) => present(r, lang));
}
