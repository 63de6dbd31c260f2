import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { appUse } from '../extensions/licence-limits';
import { emitEvent, subscribedEndpoints } from './emit';

/**
 * Events the portal does not cause itself but notices: a registration lost or back, a licence going above 90 %,
 * an import finishing. Each remembers what it last saw, so an event goes out on a change only.
 */
type Q = Kysely<Database>;

/**
 * The portal learns registrations only when it asks the platform (a page of getExtensions): compare what it saw
 * with what it saw last time for those extensions, and emit on each change. The first sighting of an extension is
 * its baseline (no event). Runs beside the request (not awaited by it) and only for tenants with a subscriber.
 */
export async function noteRegistrations(
  deps: Deps,
  tenantId: string,
  seen: { extension: string; registered?: boolean | undefined }[],
): Promise<void> {
  const rows = seen.filter((r) => r.registered !== undefined);
  if (rows.length === 0) return;
  const db = deps.db.kysely;
  const [lost, back] = await Promise.all([
    subscribedEndpoints(db, tenantId, 'registration.lost'),
    subscribedEndpoints(db, tenantId, 'registration.back'),
  ]);
  if (lost.length + back.length === 0) return;
  await deps.db.kysely.transaction().execute(async (trx) => {
    const known = new Map(
      (
        await trx
          .selectFrom('webhook_registrations')
          .select(['extension', 'registered'])
          .where('tenant_id', '=', tenantId)
          .where(
            'extension',
            'in',
            rows.map((r) => r.extension),
          )
          .execute()
      ).map((k) => [k.extension, k.registered === 1]),
    );
    const now = Date.now();
    for (const r of rows) {
      const on = r.registered === true;
      const before = known.get(r.extension);
      if (before === undefined) {
        await trx
          .insertInto('webhook_registrations')
          .values({ tenant_id: tenantId, extension: r.extension, registered: on ? 1 : 0, changed_at: now })
          .onConflict((oc) => oc.columns(['tenant_id', 'extension']).doNothing())
          .execute();
        continue;
      }
      if (before === on) continue;
      // Conditional: two requests that saw the same change at once emit it once.
      const moved = await trx
        .updateTable('webhook_registrations')
        .set({ registered: on ? 1 : 0, changed_at: now })
        .where('tenant_id', '=', tenantId)
        .where('extension', '=', r.extension)
        .where('registered', '=', before ? 1 : 0)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1)
        await emitEvent(trx, tenantId, on ? 'registration.back' : 'registration.lost', { extension: r.extension });
    }
  });
}

const APPS = [
  ['mobile', 'mobile_app_allowed'],
  ['desktop', 'desktop_app_allowed'],
] as const;

/**
 * After a change of app use or limits, inside its transaction: a licence now above 90 % of its limit emits
 * licence.above_90 once; it may emit again after it has gone back to 90 % or below.
 */
export async function noteLicenceUse(trx: Q, tenantId: string): Promise<void> {
  if ((await subscribedEndpoints(trx, tenantId, 'licence.above_90')).length === 0) return;
  for (const [app, column] of APPS) {
    const use = await appUse(trx, tenantId, column);
    const above = use.limit > 0 && use.used * 10 > use.limit * 9;
    if (!above) {
      await trx.deleteFrom('webhook_licence_alerts').where('tenant_id', '=', tenantId).where('app', '=', app).execute();
      continue;
    }
    const added = await trx
      .insertInto('webhook_licence_alerts')
      .values({ tenant_id: tenantId, app, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['tenant_id', 'app']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0n) === 1)
      await emitEvent(trx, tenantId, 'licence.above_90', { app, used: use.used, limit: use.limit });
  }
}

/** The end of an import job, once per job (ctx.once): one import.finished per tenant it touched. */
export async function emitImportFinished(
  trx: Q,
  jobId: number,
  groups: { tenant_id: string }[],
  report: { applied: number; skipped: number },
): Promise<void> {
  for (const tenantId of new Set(groups.map((g) => g.tenant_id)))
    await emitEvent(trx, tenantId, 'import.finished', { job_id: jobId, ...report });
}
