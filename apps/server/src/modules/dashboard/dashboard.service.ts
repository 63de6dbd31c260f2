import { sql } from 'kysely';
import type { DashboardReply, RecentFailures, TenantLicenceUse } from '@provisio/contract';
import type { Deps } from '../../deps';
import type { Caller } from '../../lib/caller';
import { type TenantScope, scopeToCaller, seesAllTenants } from '../tenants/tenant-scope';
import { readTenant } from '../tenants/tenants.repository';
import { recentErrorLines } from '../../lib/logging/log-store';
import { liveCounts } from './dashboard.live';
import { autoDisabledCount } from '../webhooks/webhooks.service';

const DAY = 86_400_000;
const LICENCE_ROWS = 5;

/**
 * Counts for the dashboard, limited to what the caller may see. The per-extension counts come from tenant_stats
 * (migration 013: one row per tenant, kept by triggers in the same transaction as every write), so the cost grows
 * with the tenants in scope, not with their extensions; the rest reads small sets through their indexes.
 */
export async function dashboardSummary(deps: Deps, caller: Caller): Promise<DashboardReply> {
  const { kysely } = deps.db;
  const sum = (c: 'extensions' | 'linked' | 'mobile' | 'desktop') => sql<number>`coalesce(sum(${sql.ref(c)}), 0)`;
  const stats = kysely
    .selectFrom('tenant_stats')
    .select([
      sum('extensions').as('total'),
      sum('linked').as('linked'),
      sum('mobile').as('mobile'),
      sum('desktop').as('desktop'),
      sql<number>`coalesce(sum(not_invited), 0)`.as('not_invited'),
      sql<number>`coalesce(sum(invited), 0)`.as('invited'),
      sql<number>`coalesce(sum(qr_opened), 0)`.as('qr_opened'),
      sql<number>`coalesce(sum(provisioned), 0)`.as('provisioned'),
      sql<number>`coalesce(sum(reprovision_pending), 0)`.as('reprovision_pending'),
    ]);
  const allResellers = kysely.selectFrom('resellers').select((eb) => eb.fn.countAll<number>().as('n'));
  // A reseller user counts the resellers they belong to (not every reseller supervising one of their tenants: that
  // would reveal other resellers, issue #20); a simple user, the resellers supervising their company.
  const resellers = seesAllTenants(caller)
    ? allResellers
    : caller.apiKey?.resellerId != null
      ? allResellers.where('id', '=', caller.apiKey.resellerId)
      : caller.kind === 'reseller_user'
        ? allResellers.where(
            'id',
            'in',
            kysely.selectFrom('reseller_user_links').select('reseller_id').where('reseller_user_id', '=', caller.id),
          )
        : allResellers.where(
            'id',
            'in',
            scopeToCaller(
              deps.db.kysely,
              kysely.selectFrom('reseller_tenants').select('reseller_id'),
              caller,
              'tenant_id',
            ),
          );
  const since = Date.now() - DAY;
  const [s, r, licences, live, failures, webhooksDisabled] = await Promise.all([
    scopeToCaller(deps.db.kysely, stats, caller, 'tenant_id').executeTakeFirstOrThrow(),
    resellers.executeTakeFirstOrThrow(),
    fullestTenants(deps, caller),
    liveCounts(deps, caller, since),
    recentFailures(deps, caller, since),
    autoDisabledCount(deps, caller),
  ]);
  return {
    resellers: Number(r.n),
    tenants: licences.tenants,
    extensions: Number(s.total),
    linked_extensions: Number(s.linked),
    mobile_enabled: Number(s.mobile),
    desktop_enabled: Number(s.desktop),
    licence_use: licences.fullest,
    recent_failures: { ...failures, jobs: live.failedJobs },
    // Revoked apps (migration 010) are counted apart; they keep the step they had reached in the other counts.
    invitations: {
      not_invited: Number(s.not_invited),
      invited: Number(s.invited),
      invite_failed: live.inviteFailed,
      qr_opened: Number(s.qr_opened),
      provisioned: Number(s.provisioned),
      reprovision_pending: Number(s.reprovision_pending),
      revoked: live.revoked,
    },
    webhooks_disabled: webhooksDisabled,
  };
}

/** Share of a limit in use; anything in use against a limit of 0 is past it. */
const fullness = (u: { used: number; limit: number }) => (u.limit > 0 ? u.used / u.limit : u.used > 0 ? Infinity : 0);

/**
 * App licence use per tenant, counted as the licence check counts it (licence-limits.ts: every extension when
 * the tenant-level switch is on): one row per tenant in scope with its licence and counts; the fullest first. The
 * rows are the tenants in scope, so their number is the dashboard's count of tenants.
 */
async function fullestTenants(
  deps: Deps,
  scope: TenantScope,
): Promise<{ tenants: number; fullest: TenantLicenceUse[] }> {
  const q = deps.db.kysely
    .selectFrom('tenants as t')
    .leftJoin('licences as l', 'l.tenant_id', 't.tid')
    .leftJoin('tenant_stats as s', 's.tenant_id', 't.tid')
    .select([
      't.tid',
      't.tname',
      't.mobile_app_allowed',
      't.desktop_app_allowed',
      'l.vcx_mobile',
      'l.vcx_desktop',
      's.extensions',
      's.mobile',
      's.desktop',
    ]);
  const rows = (await scopeToCaller(deps.db.kysely, q, scope, 't.tid').execute()).map(readTenant).map((r) => {
    const extensions = Number(r.extensions ?? 0);
    return {
      tenant_id: r.tid,
      tenant_name: r.tname,
      mobile: { used: r.mobile_app_allowed ? extensions : Number(r.mobile ?? 0), limit: Number(r.vcx_mobile ?? 0) },
      desktop: { used: r.desktop_app_allowed ? extensions : Number(r.desktop ?? 0), limit: Number(r.vcx_desktop ?? 0) },
    };
  });
  const score = (u: TenantLicenceUse) => Math.max(fullness(u.mobile), fullness(u.desktop));
  const fullest = rows
    .filter((u) => u.mobile.used + u.desktop.used > 0)
    .sort((a, b) => score(b) - score(a) || a.tenant_name.localeCompare(b.tenant_name))
    .slice(0, LICENCE_ROWS);
  return { tenants: rows.length, fullest };
}

/**
 * The last 24 hours: failed background jobs in the caller's tenants (liveCounts; jobs of no single tenant count for
 * admins only); undelivered mail and error lines in the log store for admins only (mail and logs hold every
 * tenant's data).
 */
async function recentFailures(deps: Deps, caller: Caller, since: number): Promise<Omit<RecentFailures, 'jobs'>> {
  if (caller.role !== 'admin') return { since, mail: null, log_errors: null };
  const mail = deps.db.kysely
    .selectFrom('mail_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'failed')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  const logs = deps.logStore ? recentErrorLines(deps.logStore.kysely, since).executeTakeFirstOrThrow() : null;
  const [m, l] = await Promise.all([mail, logs?.catch(() => null) ?? null]);
  return { since, mail: Number(m.n), log_errors: l ? Number(l.n) : null };
}
