import type { DashboardReply, TenantLicenceUse } from '@provisio/contract';
import type { Db } from '../src/db/database';

/**
 * The dashboard's figures counted afresh from the base tables (extensions, tenants, licences, mail, jobs, app
 * activations), never from tenant_stats: what dashboardSummary must equal after any write. `scope` is the tenant
 * ids the caller sees, or 'all' for an admin. `since` and `log_errors` are left to the caller. A reseller user
 * (`resellerUserId`) counts the resellers they belong to; a simple user, those supervising their tenant.
 */
export async function freshDashboard(
  db: Db,
  scope: 'all' | string[],
  since: number,
  resellerUserId?: number,
): Promise<DashboardReply> {
  const q = db.kysely;
  const inScope = (tenant: string) => scope === 'all' || scope.includes(tenant);
  const ext = (
    await q
      .selectFrom('extensions')
      .select([
        'tenant_id',
        'linked',
        'mobile_app_allowed',
        'desktop_app_allowed',
        'invite_state',
        'invite_mail_id',
        'reprovision_pending_since',
      ])
      .execute()
  ).filter((e) => inScope(e.tenant_id));
  const failedMail = await q
    .selectFrom('mail_messages')
    .select(['id', 'created_at'])
    .where('status', '=', 'failed')
    .execute();
  const failedIds = new Set(failedMail.map((m) => m.id));
  const revoked = (
    await q
      .selectFrom('app_accounts as a')
      .innerJoin('app_activations as v', 'v.app_account_id', 'a.id')
      .select('a.tenant_id')
      .where('v.revoked_at', 'is not', null)
      .execute()
  ).filter((a) => inScope(a.tenant_id));
  const tenants = (await q.selectFrom('tenants').selectAll().execute()).filter((t) => inScope(t.tid));
  const licences = new Map((await q.selectFrom('licences').selectAll().execute()).map((l) => [l.tenant_id, l]));
  const links = await q.selectFrom('reseller_tenants').select(['reseller_id', 'tenant_id']).execute();
  const ownLinks = await q.selectFrom('reseller_user_links').select(['reseller_id', 'reseller_user_id']).execute();
  const resellers =
    scope === 'all'
      ? (await q.selectFrom('resellers').select('id').execute()).length
      : resellerUserId !== undefined
        ? new Set(ownLinks.filter((l) => l.reseller_user_id === resellerUserId).map((l) => l.reseller_id)).size
        : new Set(links.filter((l) => inScope(l.tenant_id)).map((l) => l.reseller_id)).size;
  const jobs = (
    await q
      .selectFrom('jobs')
      .select(['tenant_id'])
      .where('status', '=', 'failed')
      .where('updated_at', '>=', since)
      .execute()
  ).filter((j) => scope === 'all' || (j.tenant_id !== null && inScope(j.tenant_id)));

  // Endpoints turned off after failures (issue #18): counted for an administrator here; webhooks.test.ts checks the
  // figure per caller (the tests using this model make no endpoint, so others see 0).
  const disabledEndpoints = (
    await q
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('enabled', '=', 0)
      .where('disabled_reason', '=', 'failures')
      .execute()
  ).length;
  const count = (pred: (e: (typeof ext)[number]) => boolean) => ext.filter(pred).length;
  const state = (s: string) => count((e) => e.invite_state === s);
  return {
    resellers,
    tenants: tenants.length,
    extensions: ext.length,
    linked_extensions: count((e) => e.linked === 1),
    mobile_enabled: count((e) => e.mobile_app_allowed === 1),
    desktop_enabled: count((e) => e.desktop_app_allowed === 1),
    licence_use: fullest(
      tenants.map((t) => {
        const own = ext.filter((e) => e.tenant_id === t.tid);
        const l = licences.get(t.tid);
        return {
          tenant_id: t.tid,
          tenant_name: t.tname,
          mobile: {
            used: t.mobile_app_allowed ? own.length : own.filter((e) => e.mobile_app_allowed === 1).length,
            limit: l?.vcx_mobile ?? 0,
          },
          desktop: {
            used: t.desktop_app_allowed ? own.length : own.filter((e) => e.desktop_app_allowed === 1).length,
            limit: l?.vcx_desktop ?? 0,
          },
        };
      }),
    ),
    recent_failures: {
      since,
      jobs: jobs.length,
      mail: scope === 'all' ? failedMail.filter((m) => m.created_at >= since).length : null,
      log_errors: null,
    },
    invitations: {
      not_invited: state('none'),
      invited: state('invited'),
      invite_failed: count(
        (e) => e.invite_state === 'invited' && e.invite_mail_id !== null && failedIds.has(e.invite_mail_id),
      ),
      qr_opened: state('qr_opened'),
      provisioned: state('provisioned'),
      reprovision_pending: count((e) => e.reprovision_pending_since !== null),
      revoked: revoked.length,
    },
    webhooks_disabled: scope === 'all' ? disabledEndpoints : 0,
  };
}

/** The dashboard's ordering of licence use (the spec of the list): fullest first, then by name, at most 5. */
function fullest(rows: TenantLicenceUse[]): TenantLicenceUse[] {
  const fullness = (u: { used: number; limit: number }) => (u.limit > 0 ? u.used / u.limit : u.used > 0 ? Infinity : 0);
  const score = (u: TenantLicenceUse) => Math.max(fullness(u.mobile), fullness(u.desktop));
  return rows
    .filter((u) => u.mobile.used + u.desktop.used > 0)
    .sort((a, b) => score(b) - score(a) || a.tenant_name.localeCompare(b.tenant_name))
    .slice(0, 5);
}

/** tenant_stats against a fresh count of extensions, tenant by tenant (rows left at zero are ignored). */
export async function staleTenantStats(db: Db): Promise<string[]> {
  const rows = await db.kysely.selectFrom('extensions').selectAll().execute();
  const want = new Map<string, number[]>();
  for (const e of rows) {
    const c = want.get(e.tenant_id) ?? Array<number>(9).fill(0);
    const add = [
      1,
      e.linked,
      e.mobile_app_allowed,
      e.desktop_app_allowed,
      ...['none', 'invited', 'qr_opened', 'provisioned'].map((s) => (e.invite_state === s ? 1 : 0)),
      e.reprovision_pending_since === null ? 0 : 1,
    ];
    want.set(
      e.tenant_id,
      c.map((n, i) => n + (add[i] ?? 0)),
    );
  }
  const got = new Map<string, number[]>();
  for (const s of await db.kysely.selectFrom('tenant_stats').selectAll().execute()) {
    const c = [
      s.extensions,
      s.linked,
      s.mobile,
      s.desktop,
      s.not_invited,
      s.invited,
      s.qr_opened,
      s.provisioned,
      s.reprovision_pending,
    ].map(Number);
    if (c.some((n) => n !== 0)) got.set(s.tenant_id, c);
  }
  const tenants = new Set([...want.keys(), ...got.keys()]);
  return [...tenants]
    .filter((t) => want.get(t)?.join() !== got.get(t)?.join())
    .map((t) => `${t}: tenant_stats ${got.get(t)?.join() ?? '-'}, fresh ${want.get(t)?.join() ?? '-'}`);
}
