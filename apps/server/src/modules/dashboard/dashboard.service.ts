import type { DashboardReply, RecentFailures, TenantLicenceUse } from '@provisio/contract';
import type { Deps } from '../../deps';
import type { Caller } from '../../lib/caller';
import { type TenantScope, scopeToCaller, seesAllTenants } from '../tenants/tenant-scope';
import { readTenant } from '../tenants/tenants.repository';

const DAY = 86_400_000;
const LICENCE_ROWS = 5;

/** Counts for the dashboard, limited to what the caller may see. */
export async function dashboardSummary(deps: Deps, caller: Caller): Promise<DashboardReply> {
  const { kysely } = deps.db;
  const failures = await recentFailures(deps, caller);
  const ext = kysely
    .selectFrom('extensions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>('linked').as('linked'),
      eb.fn.sum<number>('mobile_app_allowed').as('mobile'),
      eb.fn.sum<number>('desktop_app_allowed').as('desktop'),
    ]);
  const tenants = kysely.selectFrom('tenants').select((eb) => eb.fn.countAll<number>().as('n'));
  const allResellers = kysely.selectFrom('resellers').select((eb) => eb.fn.countAll<number>().as('n'));
  // Others count the resellers supervising one of their tenants.
  const supervising = scopeToCaller(
    deps.db.kysely,
    kysely.selectFrom('reseller_tenants').select('reseller_id'),
    caller,
    'tenant_id',
  );
  const resellers = seesAllTenants(caller) ? allResellers : allResellers.where('id', 'in', supervising);
  const [e, t, r, licenceUse, invitations] = await Promise.all([
    scopeToCaller(deps.db.kysely, ext, caller, 'tenant_id').executeTakeFirstOrThrow(),
    scopeToCaller(deps.db.kysely, tenants, caller, 'tid').executeTakeFirstOrThrow(),
    resellers.executeTakeFirstOrThrow(),
    fullestTenants(deps, caller),
    invitationCounts(deps, caller),
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
async function invitationCounts(deps: Deps, scope: TenantScope): Promise<NonNullable<DashboardReply['invitations']>> {
  const { kysely } = deps.db;
  const states = kysely
    .selectFrom('extensions')
    .select((eb) => ['invite_state', eb.fn.countAll<number>().as('n')])
    .groupBy('invite_state');
  const pending = kysely
    .selectFrom('extensions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reprovision_pending_since', 'is not', null);
  const failed = kysely
    .selectFrom('extensions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('invite_state', '=', 'invited')
    .where('invite_mail_id', 'in', (eb) => eb.selectFrom('mail_messages').select('id').where('status', '=', 'failed'));
  // Revoked apps (migration 010), counted apart; they keep the step they had reached in the counts above.
  const revoked = kysely
    .selectFrom('app_accounts as a')
    .innerJoin('app_activations as v', 'v.app_account_id', 'a.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('v.revoked_at', 'is not', null);
  const [rows, p, f, r] = await Promise.all([
    scopeToCaller(deps.db.kysely, states, scope, 'tenant_id').execute(),
    scopeToCaller(deps.db.kysely, pending, scope, 'tenant_id').executeTakeFirstOrThrow(),
    scopeToCaller(deps.db.kysely, failed, scope, 'tenant_id').executeTakeFirstOrThrow(),
    scopeToCaller(deps.db.kysely, revoked, scope, 'a.tenant_id').executeTakeFirstOrThrow(),
  ]);
  const n = (state: string) => Number(rows.find((x) => x.invite_state === state)?.n ?? 0);
  return {
    not_invited: n('none'),
    invited: n('invited'),
    invite_failed: Number(f.n),
    qr_opened: n('qr_opened'),
    provisioned: n('provisioned'),
    reprovision_pending: Number(p.n),
    revoked: Number(r.n),
  };
}

/** Share of a limit in use; anything in use against a limit of 0 is past it. */
const fullness = (u: { used: number; limit: number }) => (u.limit > 0 ? u.used / u.limit : u.used > 0 ? Infinity : 0);

/**
 * App licence use per tenant, counted as the licence check counts it (licence-limits.ts: every extension when
 * the tenant-level switch is on), in one grouped query; the fullest tenants first.
 */
async function fullestTenants(deps: Deps, scope: TenantScope): Promise<TenantLicenceUse[]> {
  const q = deps.db.kysely
    .selectFrom('tenants as t')
    .leftJoin('licences as l', 'l.tenant_id', 't.tid')
    .leftJoin('extensions as e', 'e.tenant_id', 't.tid')
    .select((eb) => [
      't.tid',
      't.tname',
      't.mobile_app_allowed',
      't.desktop_app_allowed',
      'l.vcx_mobile',
      'l.vcx_desktop',
      eb.fn.count<number>('e.id').as('extensions'),
      eb.fn.sum<number>('e.mobile_app_allowed').as('mobile'),
      eb.fn.sum<number>('e.desktop_app_allowed').as('desktop'),
    ])
    .groupBy(['t.tid', 't.tname', 't.mobile_app_allowed', 't.desktop_app_allowed', 'l.vcx_mobile', 'l.vcx_desktop']);
  const rows = (await scopeToCaller(deps.db.kysely, q, scope, 't.tid').execute()).map(readTenant).map((r) => {
    const extensions = Number(r.extensions);
    return {
      tenant_id: r.tid,
      tenant_name: r.tname,
      mobile: { used: r.mobile_app_allowed ? extensions : Number(r.mobile ?? 0), limit: Number(r.vcx_mobile ?? 0) },
      desktop: { used: r.desktop_app_allowed ? extensions : Number(r.desktop ?? 0), limit: Number(r.vcx_desktop ?? 0) },
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
async function recentFailures(deps: Deps, caller: Caller): Promise<RecentFailures> {
  const { kysely } = deps.db;
  const since = Date.now() - DAY;
  const admin = caller.role === 'admin';
  const failedJobs = kysely
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'failed')
    .where('updated_at', '>=', since);
  const jobs = scopeToCaller(deps.db.kysely, failedJobs, caller, 'tenant_id');
  const mail = admin
    ? kysely
        .selectFrom('mail_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'failed')
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow()
    : null;
  const logs =
    admin && deps.logStore
      ? deps.logStore.kysely
          .selectFrom('logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('ts', '>=', since)
          .where('level', 'in', ['error', 'fatal'])
          .executeTakeFirstOrThrow()
      : null;
  const [j, m, l] = await Promise.all([jobs.executeTakeFirstOrThrow(), mail, logs?.catch(() => null) ?? null]);
  return { since, jobs: Number(j.n), mail: m ? Number(m.n) : null, log_errors: l ? Number(l.n) : null };
}
