import type { DashboardReply, RecentFailures, TenantLicenceUse } from '@provisio/contract';
import type { Deps } from '../../deps';
import type { Caller } from '../auth/caller';
import { visibleTenantIds } from '../tenants/tenant-scope';

const DAY = 86_400_000;
const LICENCE_ROWS = 5;

type Scope = string[] | undefined;

/** Counts for the dashboard, limited to what the caller may see. */
export async function dashboardSummary(deps: Deps, caller: Caller): Promise<DashboardReply> {
  const { kysely } = deps.db;
  const scope = await visibleTenantIds(deps.db, caller);
  const tenantIds = scope === 'all' ? undefined : scope;
  const failures = await recentFailures(deps, caller, tenantIds);
  if (tenantIds && tenantIds.length === 0) {
    const invitations = { not_invited: 0, invited: 0, invite_failed: 0, qr_opened: 0, provisioned: 0, reprovision_pending: 0, revoked: 0 };
    return { resellers: 0, tenants: 0, extensions: 0, linked_extensions: 0, mobile_enabled: 0, desktop_enabled: 0, licence_use: [], recent_failures: failures, invitations };
  }
  let ext = kysely
    .selectFrom('extensions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>('linked').as('linked'),
      eb.fn.sum<number>('mobile_app_allowed').as('mobile'),
      eb.fn.sum<number>('desktop_app_allowed').as('desktop'),
    ]);
  let tenants = kysely.selectFrom('tenants').select((eb) => eb.fn.countAll<number>().as('n'));
  let resellers = kysely.selectFrom('resellers').select((eb) => eb.fn.countAll<number>().as('n'));
  if (tenantIds) {
    ext = ext.where('tenant_id', 'in', tenantIds);
    tenants = tenants.where('tid', 'in', tenantIds);
    resellers = resellers.where('id', 'in', (eb) =>
      eb.selectFrom('reseller_tenants').select('reseller_id').where('tenant_id', 'in', tenantIds),
    );
  }
  const [e, t, r, licenceUse, invitations] = await Promise.all([
    ext.executeTakeFirstOrThrow(),
    tenants.executeTakeFirstOrThrow(),
    resellers.executeTakeFirstOrThrow(),
    fullestTenants(deps, tenantIds),
    invitationCounts(deps, tenantIds),
  ]);
  return {
    resellers: Number(r.n),
    tenants: Number(t.n),
    extensions: Number(e.total),
    linked_extensions: Number(e.linked ?? 0),
    mobile_enabled: Number(e.mobile ?? 0),
    desktop_enabled: Number(e.desktop ?? 0),
    licence_use: licenceUse,
    recent_failures: failures,
    invitations,
  };
}

/**
 * Extensions per invitation step (issue #14): one grouped count over the (tenant_id, invite_state) index, plus the
 * pending re-provisioning and the invitations whose last mail failed (both small sets).
 */
async function invitationCounts(deps: Deps, tenantIds: Scope): Promise<NonNullable<DashboardReply['invitations']>> {
  const { kysely } = deps.db;
  let states = kysely.selectFrom('extensions').select((eb) => ['invite_state', eb.fn.countAll<number>().as('n')]).groupBy('invite_state');
  let pending = kysely.selectFrom('extensions').select((eb) => eb.fn.countAll<number>().as('n')).where('reprovision_pending_since', 'is not', null);
  let failed = kysely
    .selectFrom('extensions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('invite_state', '=', 'invited')
    .where('invite_mail_id', 'in', (eb) => eb.selectFrom('mail_messages').select('id').where('status', '=', 'failed'));
  // Revoked apps (migration 010), counted apart; they keep the step they had reached in the counts above.
  let revoked = kysely
    .selectFrom('app_accounts as a')
    .innerJoin('app_activations as v', 'v.app_account_id', 'a.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('v.revoked_at', 'is not', null);
  if (tenantIds) {
    states = states.where('tenant_id', 'in', tenantIds);
    pending = pending.where('tenant_id', 'in', tenantIds);
    failed = failed.where('tenant_id', 'in', tenantIds);
    revoked = revoked.where('a.tenant_id', 'in', tenantIds);
  }
  const [rows, p, f, r] = await Promise.all([states.execute(), pending.executeTakeFirstOrThrow(), failed.executeTakeFirstOrThrow(), revoked.executeTakeFirstOrThrow()]);
  const n = (state: string) => Number(rows.find((x) => x.invite_state === state)?.n ?? 0);
  return { not_invited: n('none'), invited: n('invited'), invite_failed: Number(f.n), qr_opened: n('qr_opened'), provisioned: n('provisioned'), reprovision_pending: Number(p.n), revoked: Number(r.n) };
}

/** Share of a limit in use; anything in use against a limit of 0 is past it. */
const fullness = (u: { used: number; limit: number }) => (u.limit > 0 ? u.used / u.limit : u.used > 0 ? Infinity : 0);

/**
 * App licence use per tenant, counted as the licence check counts it (licence-limits.ts: every extension when
 * the tenant-level switch is on), in one grouped query; the fullest tenants first.
 */
async function fullestTenants(deps: Deps, tenantIds: Scope): Promise<TenantLicenceUse[]> {
  let q = deps.db.kysely
    .selectFrom('tenants as t')
    .leftJoin('licences as l', 'l.tenant_id', 't.tid')
    .leftJoin('extensions as e', 'e.tenant_id', 't.tid')
    .select((eb) => [
      't.tid',
      't.tname',
      't.mobile_app_allowed as tenant_mobile',
      't.desktop_app_allowed as tenant_desktop',
      'l.vcx_mobile',
      'l.vcx_desktop',
      eb.fn.count<number>('e.id').as('extensions'),
      eb.fn.sum<number>('e.mobile_app_allowed').as('mobile'),
      eb.fn.sum<number>('e.desktop_app_allowed').as('desktop'),
    ])
    .groupBy(['t.tid', 't.tname', 't.mobile_app_allowed', 't.desktop_app_allowed', 'l.vcx_mobile', 'l.vcx_desktop']);
  if (tenantIds) q = q.where('t.tid', 'in', tenantIds);
  const rows = (await q.execute()).map((r) => {
    const extensions = Number(r.extensions);
    return {
      tenant_id: r.tid,
      tenant_name: r.tname,
      mobile: { used: r.tenant_mobile === 1 ? extensions : Number(r.mobile ?? 0), limit: Number(r.vcx_mobile ?? 0) },
      desktop: { used: r.tenant_desktop === 1 ? extensions : Number(r.desktop ?? 0), limit: Number(r.vcx_desktop ?? 0) },
    };
  });
  const score = (u: TenantLicenceUse) => Math.max(fullness(u.mobile), fullness(u.desktop));
  return rows
    .filter((u) => u.mobile.used + u.desktop.used > 0)
    .sort((a, b) => score(b) - score(a) || a.tenant_name.localeCompare(b.tenant_name))
    .slice(0, LICENCE_ROWS);
}

/**
 * The last 24 hours: failed background jobs in the caller's tenants (jobs of no single tenant count for admins
 * only); undelivered mail and error lines in the log store for admins only (mail and logs hold every tenant's data).
 */
async function recentFailures(deps: Deps, caller: Caller, tenantIds: Scope): Promise<RecentFailures> {
  const { kysely } = deps.db;
  const since = Date.now() - DAY;
  const admin = caller.role === 'admin';
  let jobs = kysely.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'failed').where('updated_at', '>=', since);
  // No tenant ids are empty, so [''] matches nothing: a caller without tenants sees no failed jobs.
  if (tenantIds) jobs = jobs.where('tenant_id', 'in', tenantIds.length ? tenantIds : ['']);
  const mail = admin
    ? kysely.selectFrom('mail_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'failed').where('created_at', '>=', since).executeTakeFirstOrThrow()
    : null;
  const logs =
    admin && deps.logStore
      ? deps.logStore.kysely.selectFrom('logs').select((eb) => eb.fn.countAll<number>().as('n')).where('ts', '>=', since).where('level', 'in', ['error', 'fatal']).executeTakeFirstOrThrow()
      : null;
  const [j, m, l] = await Promise.all([jobs.executeTakeFirstOrThrow(), mail, logs?.catch(() => null) ?? null]);
  return { since, jobs: Number(j.n), mail: m ? Number(m.n) : null, log_errors: l ? Number(l.n) : null };
}
